/** The command line of `npm run conformance` (docs/conformance.md): parsed and checked, nothing run. */
import { parseArgs } from 'node:util';
import { CHECK_DEFAULTS, type CheckOptions } from './check-run';
import type { ClientSpec, RoleSpec } from './credentials';
import { checkTarget } from './target-safety';

export const USAGE = `Checks a running service against the OpenAPI documents (docs/conformance.md).

  npm run conformance -- --base-url <url> [--service <name>…] [--email <e> --password <p> | --token <t>]
                         [--tenant <id>] [--report <dir>] [--allow-writes] [options]
  npm run conformance -- --proxy --upstream <url> --port <p> [--report <dir>] [--service <name>…]

Who the kit calls as:
  --email, --password           the caller, signed in through the documents' sign-in operation
  --token <t>                   the caller's bearer token instead; --credential <scheme>=<value> for other schemes
  --read-only-email, --read-only-password      a role holding read permissions only (a write must answer 403)
  --other-tenant-email, --other-tenant-password a user of another tenant (this tenant's calls: 403 or 404)
  --client-id, --client-secret | --client-token  a client application, for operations declaring x-client-scopes
  --demo-users                  Voxscreen's demo users (README.md): admin@voxscreen.test, analyst@acme.test,
                                support@voxscreen.test; tenant 2 (Acme Insurance) unless --tenant says otherwise
  --tenant <id>                 the tenant requests act in (the --tenant-header value, default operatingTenant)

Safety and scope:
  --allow-writes                also send writes (every method but GET, unless x-read-by-post): data will change
  --write-probes-only           with --allow-writes: writes only as security probes, which a conforming service
                                refuses (nothing is written unless the service is at fault)
  --allow-host <host>           a host other than this machine the kit may send requests to
  --max-requests <n>            requests in all (default ${CHECK_DEFAULTS.maxRequests})
  --max-per-operation <n>       requests per operation (default ${CHECK_DEFAULTS.maxPerOperation})
  --operation-budget-ms <ms>    time per operation before its further requests are dropped (default ${CHECK_DEFAULTS.operationBudgetMs})
  --timeout-ms <ms>             time to wait for one answer (default ${CHECK_DEFAULTS.timeoutMs})
  --service <name>              only this service's document (repeatable); --operation <operationId> likewise
  --runs <n>, --invalid <n>     valid and invalid requests per operation (defaults ${CHECK_DEFAULTS.validRuns}, ${CHECK_DEFAULTS.invalidPerOperation})
  --seed <n>                    the generator's seed (a run with the same seed sends the same requests)
  --contracts <dir>, --openapi <file>   other documents than src/contracts/*.openapi.json
  --open-schemas                validate with schemas as written (default: objects that list properties are closed)
  --verbose                     print every exchange with its curl line
  --report <dir>                write report.html, junit.xml and report.json there (default conformance-report)

Exit status: 0 no violation, 1 violations, 2 a usage or setup error.`;

export const DEMO_PASSWORD = 'Voxscreen!2026';
export const DEMO_USERS = {
  caller: 'admin@voxscreen.test',
  readOnly: 'analyst@acme.test',
  otherTenant: 'support@voxscreen.test',
  tenant: '2',
};

export interface ParsedCommand {
  mode: 'check' | 'proxy' | 'help';
  reportDir: string;
  services: string[];
  operationIds: string[];
  contractsDir?: string;
  files: string[];
  closeSchemas: boolean;
  check?: Omit<CheckOptions, 'operations' | 'log'>;
  proxy?: { upstream: string; port: number; host: string };
}

const int = (value: string | undefined, name: string, fallback: number): number => {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`--${name} takes a whole number, not ${value}`);
  return n;
};

function role(email?: string, password?: string, label = ''): RoleSpec | null {
  if (!email && !password) return null;
  if (!email || !password) throw new Error(`--${label}email and --${label}password go together`);
  return { email, password };
}

export function parseCommand(argv: string[]): ParsedCommand {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    options: {
      help: { type: 'boolean' },
      'base-url': { type: 'string' },
      proxy: { type: 'boolean' },
      upstream: { type: 'string' },
      port: { type: 'string' },
      host: { type: 'string' },
      service: { type: 'string', multiple: true },
      operation: { type: 'string', multiple: true },
      email: { type: 'string' },
      password: { type: 'string' },
      token: { type: 'string' },
      credential: { type: 'string', multiple: true },
      'read-only-email': { type: 'string' },
      'read-only-password': { type: 'string' },
      'other-tenant-email': { type: 'string' },
      'other-tenant-password': { type: 'string' },
      'client-id': { type: 'string' },
      'client-secret': { type: 'string' },
      'client-token': { type: 'string' },
      'demo-users': { type: 'boolean' },
      tenant: { type: 'string' },
      'tenant-header': { type: 'string' },
      'read-permission': { type: 'string' },
      report: { type: 'string' },
      'allow-writes': { type: 'boolean' },
      'write-probes-only': { type: 'boolean' },
      'allow-host': { type: 'string', multiple: true },
      'max-requests': { type: 'string' },
      'max-per-operation': { type: 'string' },
      'operation-budget-ms': { type: 'string' },
      runs: { type: 'string' },
      invalid: { type: 'string' },
      seed: { type: 'string' },
      'timeout-ms': { type: 'string' },
      contracts: { type: 'string' },
      openapi: { type: 'string', multiple: true },
      'open-schemas': { type: 'boolean' },
      verbose: { type: 'boolean' },
    },
  });
  const common = {
    reportDir: values.report ?? 'conformance-report',
    services: values.service ?? [],
    operationIds: values.operation ?? [],
    ...(values.contracts && { contractsDir: values.contracts }),
    files: values.openapi ?? [],
    closeSchemas: !values['open-schemas'],
  };
  if (values.help) return { mode: 'help', ...common };
  const allowHosts = values['allow-host'] ?? [];

  if (values.proxy) {
    if (!values.upstream || values.port === undefined) throw new Error('--proxy needs --upstream <url> and --port <p>');
    checkTarget(values.upstream, allowHosts);
    return {
      mode: 'proxy',
      ...common,
      proxy: { upstream: values.upstream, port: int(values.port, 'port', 0), host: values.host ?? '127.0.0.1' },
    };
  }

  if (!values['base-url']) throw new Error('--base-url <url> is required (or --proxy)');
  checkTarget(values['base-url'], allowHosts);
  const credentials = Object.fromEntries(
    (values.credential ?? []).map((pair) => {
      const at = pair.indexOf('=');
      if (at < 1) throw new Error(`--credential takes <scheme>=<value>, not ${pair}`);
      return [pair.slice(0, at), pair.slice(at + 1)];
    }),
  );
  const demo = values['demo-users'] === true;
  const password = values.password ?? (demo ? DEMO_PASSWORD : undefined);
  let caller: RoleSpec | null = role(
    values.email ?? (demo ? DEMO_USERS.caller : undefined),
    values.email || demo ? password : values.password,
  );
  if (values.token || Object.keys(credentials).length) {
    if (caller && values.email) throw new Error('--token and --email are alternatives');
    caller = { credentials: { ...(values.token && { '*bearer': values.token }), ...credentials } };
  }
  const readOnly = role(
    values['read-only-email'] ?? (demo ? DEMO_USERS.readOnly : undefined),
    values['read-only-password'] ?? (demo ? DEMO_PASSWORD : undefined),
    'read-only-',
  );
  const otherTenant = role(
    values['other-tenant-email'] ?? (demo ? DEMO_USERS.otherTenant : undefined),
    values['other-tenant-password'] ?? (demo ? DEMO_PASSWORD : undefined),
    'other-tenant-',
  );
  let client: ClientSpec | null = null;
  if (values['client-token']) client = { credentials: { '*bearer': values['client-token'] } };
  else if (values['client-id'] || values['client-secret']) {
    if (!values['client-id'] || !values['client-secret'])
      throw new Error('--client-id and --client-secret go together');
    client = { clientId: values['client-id'], clientSecret: values['client-secret'] };
  }
  let readPermission: RegExp | undefined;
  if (values['read-permission']) readPermission = new RegExp(values['read-permission']);
  return {
    mode: 'check',
    ...common,
    check: {
      baseUrl: values['base-url'],
      caller,
      readOnly,
      otherTenant,
      client,
      tenant: values.tenant ?? (demo ? DEMO_USERS.tenant : null),
      tenantHeader: values['tenant-header'] ?? CHECK_DEFAULTS.tenantHeader,
      allowWrites: values['allow-writes'] === true,
      writeRequests: values['write-probes-only'] !== true,
      maxRequests: int(values['max-requests'], 'max-requests', CHECK_DEFAULTS.maxRequests),
      maxPerOperation: int(values['max-per-operation'], 'max-per-operation', CHECK_DEFAULTS.maxPerOperation),
      operationBudgetMs: int(values['operation-budget-ms'], 'operation-budget-ms', CHECK_DEFAULTS.operationBudgetMs),
      validRuns: Math.max(1, int(values.runs, 'runs', CHECK_DEFAULTS.validRuns)),
      invalidPerOperation: int(values.invalid, 'invalid', CHECK_DEFAULTS.invalidPerOperation),
      seed: int(values.seed, 'seed', Math.floor(Math.random() * 1_000_000)),
      timeoutMs: int(values['timeout-ms'], 'timeout-ms', CHECK_DEFAULTS.timeoutMs),
      ...(readPermission && { readPermission }),
      closeSchemas: !values['open-schemas'],
      verbose: values.verbose === true,
    },
  };
}
