import type { operations } from '../../../../contracts/user-service';
import { recordTenantAudit, type AuditActivity } from '../../../platform/audit/record-audit';
import type { Db } from '../../../platform/db/schema';
import { notFound } from '../../../platform/http/http-error';
import type { ServiceHandlers, TenantContext } from '../../../platform/openapi/handler';
import { deleteTenantSecretRow, listTenantSecretRows, type TenantSecretRow } from './secrets-store';
import { createTenantSecret, rotateTenantSecret, SECRET_DELETED_MESSAGE, SECRET_NOT_FOUND } from './tenant-secrets';

type SecretHandlers = Pick<
  ServiceHandlers<operations>,
  'listTenantSecrets' | 'createTenantSecret' | 'rotateTenantSecret' | 'deleteTenantSecret'
>;

const MASK = '••••••••';

const audit = (trx: Db, ctx: TenantContext, activity: AuditActivity, secret: TenantSecretRow, version?: number) =>
  recordTenantAudit(trx, ctx, activity, {
    secretId: secret.id,
    name: secret.name,
    kind: secret.kind,
    ...(version && { version }),
  });

function secretAnswer(
  row: TenantSecretRow,
  current: { version: number; lastFour: string },
  previousValidUntil: Date | null,
) {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    description: row.description,
    maskedValue: `${MASK}${current.lastFour}`,
    version: current.version,
    gracePeriodSeconds: row.grace_period_seconds,
    createdAt: row.created_at.toISOString(),
    rotatedAt: row.rotated_at?.toISOString() ?? null,
    previousValidUntil: previousValidUntil?.toISOString() ?? null,
  };
}

/** docs/product/admin-clients-and-secrets.md#secrets */
export const secretHandlers: SecretHandlers = {
  async listTenantSecrets(_input, ctx) {
    const rows = await ctx.inTenant((trx) => listTenantSecretRows(trx, ctx.now()));
    return rows.map((row) =>
      secretAnswer(row, { version: row.version, lastFour: row.last_four }, row.previous_valid_until),
    );
  },

  async createTenantSecret({ body }, ctx) {
    return ctx.inTenant(async (trx) => {
      const { secret, value } = await createTenantSecret(trx, ctx.deps.secrets, {
        ...body,
        tenantId: ctx.operatingTenant.id,
        createdBy: ctx.principal().userId,
        now: ctx.now(),
      });
      await audit(trx, ctx, 'SECRET_CREATED', secret, 1);
      return { secret: secretAnswer(secret, { version: 1, lastFour: value.slice(-4) }, null), value };
    });
  },

  async rotateTenantSecret({ params, body }, ctx) {
    return ctx.inTenant(async (trx) => {
      const now = ctx.now();
      const { secret, value, version } = await rotateTenantSecret(trx, ctx.deps.secrets, {
        secretId: params.id,
        value: body.value,
        now,
      });
      await audit(trx, ctx, 'SECRET_ROTATED', secret, version);
      const graceEnds = new Date(now.getTime() + secret.grace_period_seconds * 1000);
      return {
        secret: secretAnswer(secret, { version, lastFour: value.slice(-4) }, graceEnds > now ? graceEnds : null),
        value,
      };
    });
  },

  async deleteTenantSecret({ params }, ctx) {
    await ctx.inTenant(async (trx) => {
      const deleted = await deleteTenantSecretRow(trx, params.id);
      if (!deleted) throw notFound(SECRET_NOT_FOUND);
      await audit(trx, ctx, 'SECRET_DELETED', deleted);
    });
    return { message: SECRET_DELETED_MESSAGE };
  },
};
