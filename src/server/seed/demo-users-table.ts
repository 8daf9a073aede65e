import { DEMO_PASSWORD, DEMO_USERS } from './demo-data';

/** The demo credentials as a plain-text table for the console. */
export function demoUsersTable(): string {
  const rows = DEMO_USERS.map((u) => [
    u.email,
    u.role,
    u.memberOf.length ? u.memberOf.join(', ') : 'none (no-tenant screen)',
  ]);
  const header = ['e-mail', 'role', 'tenants'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  return [
    `Demo users (password for all: ${DEMO_PASSWORD})`,
    line(header),
    line(widths.map((w) => '-'.repeat(w))),
    ...rows.map(line),
  ].join('\n');
}
