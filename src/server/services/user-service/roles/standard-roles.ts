import { CALL_CENTER_ADMIN, CALL_CENTER_AGENT, CALL_CENTER_SUPERVISOR } from '../../../../shared/call-center-roles';
import { BRANDING } from '../../../platform/branding';
import { PERMISSION_CATALOGUE } from '../../../../shared/permissions';

export interface StandardRole {
  name: string;
  description: string;
  /** Permission strings the role starts with in a tenant (the system tenant or a customer tenant). */
  permissions(tenantIsSystem: boolean): string[];
}

const all = PERMISSION_CATALOGUE;
const names = (list: readonly { permission: string }[]) => list.map((p) => p.permission);

export const VOXSCREEN_ADMIN = BRANDING.adminRoleName;
export const TENANT_SUPPORT = 'Tenant Support';
export const CUSTOMER_ADMIN = 'Customer Admin';
export const ANALYST = 'Analyst';
export { CALL_CENTER_ADMIN, CALL_CENTER_AGENT, CALL_CENTER_SUPERVISOR };

/** The roles every tenant is created with. Note the permission save rule adds tenant.project.detail.read to each. */
export const STANDARD_ROLES: readonly StandardRole[] = [
  {
    name: VOXSCREEN_ADMIN,
    description: 'Provider administrator: every permission (meaningful in the system tenant).',
    permissions: () => names(all),
  },
  {
    name: TENANT_SUPPORT,
    description: 'Provider support: reads everything, changes nothing.',
    permissions: (system) => names(all.filter((p) => p.accessType === 'read' && (system || p.group !== 'internal'))),
  },
  {
    name: CUSTOMER_ADMIN,
    description: 'Administers the account: projects, users, roles, call centers, client applications and secrets.',
    // Client applications and secrets included (docs/product/admin-clients-and-secrets.md#permissions).
    permissions: () => names(all.filter((p) => p.group !== 'internal' && p.permission !== 'tenant.create')),
  },
  {
    name: ANALYST,
    description: 'Reads projects, results and reports; changes nothing.',
    permissions: () => [
      'tenant.project.detail.read',
      'tenant.project.team.read',
      'tenant.project.questions.read',
      'tenant.project.participants.read',
      'tenant.project.results.read',
      'tenant.project.accesscode.read',
      'tenant.project.communication.read',
      'tenant.project.report.call.read',
      'tenant.project.result.download',
      'tenant.document.read',
    ],
  },
  {
    name: CALL_CENTER_ADMIN,
    description: 'Manages the call centers and their execution.',
    permissions: () => ['callcenter.read', 'callcenter.create', 'callcenter.update', 'tenant.callexec.detail.read'],
  },
  {
    name: CALL_CENTER_SUPERVISOR,
    description: 'Supervises call execution.',
    permissions: () => ['callcenter.read', 'tenant.callexec.detail.read'],
  },
  {
    name: CALL_CENTER_AGENT,
    description: 'Executes calls.',
    permissions: () => ['callcenter.read', 'tenant.callexec.detail.read'],
  },
];
