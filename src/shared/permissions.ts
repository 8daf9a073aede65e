/**
 * The permission catalogue (docs/product/admin-roles-and-permissions.md#permission-matrix): every permission of the
 * product with its stable id, access type and group. The server writes it to the permissions table and checks the
 * contract's permissions against it; the console checks `PERMISSION.<NAME>` constants, never a raw string (a lint
 * rule refuses one in src/web).
 */

export type PermissionAccess = 'read' | 'create' | 'update' | 'delete';
export type PermissionGroup = 'administration' | 'project' | 'internal';

type Row = readonly [id: number, permission: string, accessType: PermissionAccess, group: PermissionGroup];

/** In the catalogue's order. Add new ones with fresh ids (72-79 and 89 up are free); never renumber. */
const ROWS = [
  [1, 'tenant.read', 'read', 'administration'],
  [2, 'tenant.create', 'create', 'administration'],
  [3, 'tenant.update', 'update', 'administration'],
  [4, 'tenant.users.read', 'read', 'administration'],
  [5, 'tenant.users.create', 'create', 'administration'],
  [6, 'tenant.users.update', 'update', 'administration'],
  [7, 'tenant.users.delete', 'delete', 'administration'],
  [8, 'tenant.users.activity.read', 'read', 'administration'],
  [9, 'tenant.roles.permissions.read', 'read', 'administration'],
  [10, 'tenant.roles.permissions.create', 'create', 'administration'],
  [11, 'tenant.roles.permissions.update', 'update', 'administration'],
  [12, 'tenant.project.lookupvalues.read', 'read', 'administration'],
  [13, 'tenant.project.lookupvalues.create', 'create', 'administration'],
  [14, 'tenant.project.lookupvalues.update', 'update', 'administration'],
  [15, 'callcenter.read', 'read', 'administration'],
  [16, 'callcenter.create', 'create', 'administration'],
  [17, 'callcenter.update', 'update', 'administration'],
  [18, 'tenant.callexec.detail.read', 'read', 'administration'],
  [19, 'tenant.client.application.read', 'read', 'administration'],
  [20, 'tenant.client.application.create', 'create', 'administration'],
  [70, 'tenant.client.application.update', 'update', 'administration'],
  [71, 'tenant.client.application.delete', 'delete', 'administration'],
  [21, 'tenant.document.read', 'read', 'administration'],
  [22, 'tenant.document.create', 'create', 'administration'],
  [23, 'tenant.document.delete', 'delete', 'administration'],
  [24, 'tenant.order.read', 'read', 'administration'],
  [25, 'tenant.order.create', 'create', 'administration'],
  [26, 'tenant.order.update', 'update', 'administration'],
  [27, 'tenant.order.delete', 'delete', 'administration'],
  [28, 'tenant.result.config.read', 'read', 'administration'],
  [29, 'tenant.result.config.create', 'create', 'administration'],
  [30, 'tenant.result.config.update', 'update', 'administration'],
  [31, 'tenant.result.config.delete', 'delete', 'administration'],
  [32, 'secrets.read', 'read', 'administration'],
  [33, 'secrets.create', 'create', 'administration'],
  [34, 'secrets.update', 'update', 'administration'],
  [35, 'secrets.delete', 'delete', 'administration'],
  [36, 'tenant.project.detail.read', 'read', 'project'],
  [37, 'tenant.project.detail.create', 'create', 'project'],
  [38, 'tenant.project.detail.update', 'update', 'project'],
  [39, 'tenant.project.details.file.password.read', 'read', 'project'],
  [40, 'tenant.project.team.read', 'read', 'project'],
  [41, 'tenant.project.team.update', 'update', 'project'],
  [42, 'tenant.project.team.delete', 'delete', 'project'],
  [43, 'tenant.project.questions.read', 'read', 'project'],
  [44, 'tenant.project.questions.create', 'create', 'project'],
  [45, 'tenant.project.questions.update', 'update', 'project'],
  [46, 'tenant.project.questions.delete', 'delete', 'project'],
  [47, 'tenant.project.questions.approve.update', 'update', 'project'],
  [48, 'tenant.project.participants.read', 'read', 'project'],
  [49, 'tenant.project.participants.create', 'create', 'project'],
  [50, 'tenant.project.participants.update', 'update', 'project'],
  [51, 'tenant.project.participants.delete', 'delete', 'project'],
  [52, 'tenant.project.participant.download', 'read', 'project'],
  [53, 'tenant.project.participant.test.read', 'read', 'project'],
  [54, 'tenant.project.participant.test.create', 'create', 'project'],
  [55, 'tenant.project.participant.test.update', 'update', 'project'],
  [56, 'tenant.project.participant.action.list.read', 'read', 'project'],
  [57, 'tenant.project.participant.invite.create', 'create', 'project'],
  [58, 'tenant.project.results.read', 'read', 'project'],
  [59, 'tenant.project.results.create', 'create', 'project'],
  [60, 'tenant.project.result.download', 'read', 'project'],
  [61, 'tenant.project.report.call.read', 'read', 'project'],
  [62, 'tenant.project.cm.recording.read', 'read', 'project'],
  [63, 'tenant.project.accesscode.read', 'read', 'project'],
  [64, 'tenant.project.communication.read', 'read', 'project'],
  [65, 'tenant.project.communication.update', 'update', 'project'],
  [66, 'tenant.project.clone.create', 'create', 'project'],
  [67, 'tenant.project.results.email.create', 'create', 'project'],
  [68, 'result.follow.up.note.read', 'read', 'project'],
  [69, 'result.follow.up.note.add', 'create', 'project'],
  // Visible to provider personnel only ('Internal ONLY - visible to ACGR personnel').
  [80, 'tenant.roles.permissions.internal.read', 'read', 'internal'],
  [81, 'tenant.project.detail.internal.read', 'read', 'internal'],
  [82, 'tenant.project.detail.internal.update', 'update', 'internal'],
  [83, 'tenant.project.questions.internal.update', 'update', 'internal'],
  [84, 'tenant.project.resultshold.internal.read', 'read', 'internal'],
  [85, 'tenant.project.resultshold.internal.update', 'update', 'internal'],
  [86, 'tenant.audit.log.read', 'read', 'internal'],
  [87, 'tenant.backend.data.read', 'read', 'internal'],
  [88, 'tenant.result.repost.create', 'create', 'internal'],
] as const satisfies readonly Row[];

/** A permission's name, e.g. `tenant.users.read`. */
export type PermissionName = (typeof ROWS)[number][1];

/** `tenant.users.read` → `TENANT_USERS_READ`. */
type ConstantName<Name extends string> = Name extends `${infer Head}.${infer Rest}`
  ? `${Uppercase<Head>}_${ConstantName<Rest>}`
  : Uppercase<Name>;

const constantName = (permission: string) => permission.toUpperCase().replaceAll('.', '_');

/** Every permission by constant name: `PERMISSION.TENANT_USERS_READ` is `'tenant.users.read'`. */
export const PERMISSION = Object.freeze(
  Object.fromEntries(ROWS.map(([, permission]) => [constantName(permission), permission])),
) as { readonly [Name in PermissionName as ConstantName<Name>]: Name };

export interface PermissionDefinition {
  /** Stable forever: roles store it, and the console's permission save treats 80 specially. */
  id: number;
  permission: PermissionName;
  resource: string;
  accessType: PermissionAccess;
  group: PermissionGroup;
  permissionNumber: number;
}

/** Every permission of the product. */
export const PERMISSION_CATALOGUE: readonly PermissionDefinition[] = ROWS.map(
  ([id, permission, accessType, group]) => ({
    id,
    permission,
    // `tenant.users.read` → resource `tenant.users`; verbs that are not CRUD (download, add) keep the whole key.
    resource: /\.(read|create|update|delete)$/.test(permission) ? permission.replace(/\.[a-z]+$/, '') : permission,
    accessType,
    group,
    permissionNumber: id,
  }),
);

/** The permission whose active presence lets a non-system tenant's role keep internal permissions. */
export const INTERNAL_PERMISSIONS_GATE_ID = 80;
/** Always granted once a role has permissions at all (the console cannot uncheck it). */
export const ALWAYS_GRANTED_PERMISSION: PermissionName = PERMISSION.TENANT_PROJECT_DETAIL_READ;

export const permissionByName: ReadonlyMap<string, PermissionDefinition> = new Map(
  PERMISSION_CATALOGUE.map((p) => [p.permission, p]),
);
export const permissionById: ReadonlyMap<number, PermissionDefinition> = new Map(
  PERMISSION_CATALOGUE.map((p) => [p.id, p]),
);

export function permissionId(permission: string): number {
  const found = permissionByName.get(permission);
  if (!found) throw new Error(`Unknown permission ${permission}`);
  return found.id;
}

/** Whether a string is a permission of the catalogue (a contract's or a stored role's). */
export const isPermissionName = (value: string): value is PermissionName => permissionByName.has(value);
