import type { PermissionName } from '../../../shared/permissions';
import type { AccessType, PermissionGroup } from '../db/schema';

export interface PermissionDefinition {
  /** Stable forever: roles store it, and the console's permission save treats 80 specially. */
  id: number;
  permission: PermissionName;
  resource: string;
  accessType: AccessType;
  group: PermissionGroup;
  permissionNumber: number;
}

type Row = [id: number, permission: PermissionName, accessType: AccessType];

const row = (group: PermissionGroup, [id, permission, accessType]: Row): PermissionDefinition => ({
  id,
  permission,
  // `tenant.users.read` → resource `tenant.users`; verbs that are not CRUD (download, add) keep the whole key.
  resource: /\.(read|create|update|delete)$/.test(permission) ? permission.replace(/\.[a-z]+$/, '') : permission,
  accessType,
  group,
  permissionNumber: id,
});

const administration: Row[] = [
  [1, 'tenant.read', 'read'],
  [2, 'tenant.create', 'create'],
  [3, 'tenant.update', 'update'],
  [4, 'tenant.users.read', 'read'],
  [5, 'tenant.users.create', 'create'],
  [6, 'tenant.users.update', 'update'],
  [7, 'tenant.users.delete', 'delete'],
  [8, 'tenant.users.activity.read', 'read'],
  [9, 'tenant.roles.permissions.read', 'read'],
  [10, 'tenant.roles.permissions.create', 'create'],
  [11, 'tenant.roles.permissions.update', 'update'],
  [12, 'tenant.project.lookupvalues.read', 'read'],
  [13, 'tenant.project.lookupvalues.create', 'create'],
  [14, 'tenant.project.lookupvalues.update', 'update'],
  [15, 'callcenter.read', 'read'],
  [16, 'callcenter.create', 'create'],
  [17, 'callcenter.update', 'update'],
  [18, 'tenant.callexec.detail.read', 'read'],
  [19, 'tenant.client.application.read', 'read'],
  [20, 'tenant.client.application.create', 'create'],
  [70, 'tenant.client.application.update', 'update'],
  [71, 'tenant.client.application.delete', 'delete'],
  [21, 'tenant.document.read', 'read'],
  [22, 'tenant.document.create', 'create'],
  [23, 'tenant.document.delete', 'delete'],
  [24, 'tenant.order.read', 'read'],
  [25, 'tenant.order.create', 'create'],
  [26, 'tenant.order.update', 'update'],
  [27, 'tenant.order.delete', 'delete'],
  [28, 'tenant.result.config.read', 'read'],
  [29, 'tenant.result.config.create', 'create'],
  [30, 'tenant.result.config.update', 'update'],
  [31, 'tenant.result.config.delete', 'delete'],
  [32, 'secrets.read', 'read'],
  [33, 'secrets.create', 'create'],
  [34, 'secrets.update', 'update'],
  [35, 'secrets.delete', 'delete'],
];

const project: Row[] = [
  [36, 'tenant.project.detail.read', 'read'],
  [37, 'tenant.project.detail.create', 'create'],
  [38, 'tenant.project.detail.update', 'update'],
  [39, 'tenant.project.details.file.password.read', 'read'],
  [40, 'tenant.project.team.read', 'read'],
  [41, 'tenant.project.team.update', 'update'],
  [42, 'tenant.project.team.delete', 'delete'],
  [43, 'tenant.project.questions.read', 'read'],
  [44, 'tenant.project.questions.create', 'create'],
  [45, 'tenant.project.questions.update', 'update'],
  [46, 'tenant.project.questions.delete', 'delete'],
  [47, 'tenant.project.questions.approve.update', 'update'],
  [48, 'tenant.project.participants.read', 'read'],
  [49, 'tenant.project.participants.create', 'create'],
  [50, 'tenant.project.participants.update', 'update'],
  [51, 'tenant.project.participants.delete', 'delete'],
  [52, 'tenant.project.participant.download', 'read'],
  [53, 'tenant.project.participant.test.read', 'read'],
  [54, 'tenant.project.participant.test.create', 'create'],
  [55, 'tenant.project.participant.test.update', 'update'],
  [56, 'tenant.project.participant.action.list.read', 'read'],
  [57, 'tenant.project.participant.invite.create', 'create'],
  [58, 'tenant.project.results.read', 'read'],
  [59, 'tenant.project.results.create', 'create'],
  [60, 'tenant.project.result.download', 'read'],
  [61, 'tenant.project.report.call.read', 'read'],
  [62, 'tenant.project.cm.recording.read', 'read'],
  [63, 'tenant.project.accesscode.read', 'read'],
  [64, 'tenant.project.communication.read', 'read'],
  [65, 'tenant.project.communication.update', 'update'],
  [66, 'tenant.project.clone.create', 'create'],
  [67, 'tenant.project.results.email.create', 'create'],
  [68, 'result.follow.up.note.read', 'read'],
  [69, 'result.follow.up.note.add', 'create'],
];

/** Visible to provider personnel only ('Internal ONLY - visible to ACGR personnel'). */
const internal: Row[] = [
  [80, 'tenant.roles.permissions.internal.read', 'read'],
  [81, 'tenant.project.detail.internal.read', 'read'],
  [82, 'tenant.project.detail.internal.update', 'update'],
  [83, 'tenant.project.questions.internal.update', 'update'],
  [84, 'tenant.project.resultshold.internal.read', 'read'],
  [85, 'tenant.project.resultshold.internal.update', 'update'],
  [86, 'tenant.audit.log.read', 'read'],
  [87, 'tenant.backend.data.read', 'read'],
  [88, 'tenant.result.repost.create', 'create'],
];

/** Every permission of the product. Add new ones with fresh ids (72-79 and 89 up are free); never renumber. */
export const PERMISSION_CATALOGUE: readonly PermissionDefinition[] = [
  ...administration.map((r) => row('administration', r)),
  ...project.map((r) => row('project', r)),
  ...internal.map((r) => row('internal', r)),
];

/** The permission whose active presence lets a non-system tenant's role keep internal permissions. */
export const INTERNAL_PERMISSIONS_GATE_ID = 80;
/** Always granted once a role has permissions at all (the console cannot uncheck it). */
export const ALWAYS_GRANTED_PERMISSION: PermissionName = 'tenant.project.detail.read';

export const permissionByName: ReadonlyMap<string, PermissionDefinition> = new Map(
  PERMISSION_CATALOGUE.map((p) => [p.permission, p]),
);
export const permissionById = new Map(PERMISSION_CATALOGUE.map((p) => [p.id, p]));

export function permissionId(permission: string): number {
  const found = permissionByName.get(permission);
  if (!found) throw new Error(`Unknown permission ${permission}`);
  return found.id;
}
