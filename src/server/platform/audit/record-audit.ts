import type { Db } from '../db/schema';

/** Every activity an audit record can have (the audit log's Activity filter lists them, ADR 0039). */
export const AUDIT_ACTIVITIES = [
  'LOGIN_SUCCESS',
  'LOGIN_FAILURE',
  'LOGOUT',
  'ACCESS_DENIED',
  'PASSWORD_RESET_REQUESTED',
  'PASSWORD_RESET',
  // Client applications and their tokens (ADR 0022); tenant secrets (ADR 0023). Never a secret in `detail`.
  'CLIENT_APPLICATION_CREATED',
  'CLIENT_APPLICATION_UPDATED',
  'CLIENT_APPLICATION_DELETED',
  'CLIENT_SECRET_REGENERATED',
  'CLIENT_TOKEN_ISSUED',
  'CLIENT_TOKEN_REFUSED',
  'SECRET_CREATED',
  'SECRET_ROTATED',
  'SECRET_DELETED',
  // Administrators' changes of users and roles: who changed what, before and after (docs/product/reports.md#audit-log).
  'USER_CREATED',
  'USER_UPDATED',
  'USER_DELETED',
  'ROLE_CREATED',
  'ROLE_PERMISSIONS_UPDATED',
] as const;

export type AuditActivity = (typeof AUDIT_ACTIVITIES)[number];

export interface AuditEvent {
  activity: AuditActivity;
  tenantId: number | null;
  userId: number | null;
  email: string | null;
  ip: string | null;
  at: Date;
  detail?: Record<string, unknown>;
}

/** Appends one audit record (audit_events is insert-only for the application role). */
export async function recordAudit(trx: Db, event: AuditEvent): Promise<void> {
  await trx
    .insertInto('audit_events')
    .values({
      activity: event.activity,
      tenant_id: event.tenantId,
      user_id: event.userId,
      email: event.email,
      ip: event.ip,
      event_time: event.at,
      detail: JSON.stringify(event.detail ?? {}),
    })
    .execute();
}

/** What an admin change's audit needs of a tenant request: who, where from, when, in which tenant. */
export interface AuditingRequest {
  principal(): { userId: number; email: string };
  operatingTenant: { id: number };
  ip: string;
  now(): Date;
}

/** An audit record of an administrator's change in the operating tenant (tenant scope). */
export function recordTenantAudit(
  trx: Db,
  request: AuditingRequest,
  activity: AuditActivity,
  detail: Record<string, unknown>,
): Promise<void> {
  const principal = request.principal();
  return recordAudit(trx, {
    activity,
    tenantId: request.operatingTenant.id,
    userId: principal.userId,
    email: principal.email,
    ip: request.ip,
    at: request.now(),
    detail,
  });
}
