import type { operations } from '../../../../contracts/user-service';
import { generateClientSecret } from '../../../platform/auth/client-credentials';
import { recordTenantAudit, type AuditActivity } from '../../../platform/audit/record-audit';
import type { Db } from '../../../platform/db/schema';
import { notFound } from '../../../platform/http/http-error';
import type { ServiceHandlers, TenantContext } from '../../../platform/openapi/handler';
import {
  checkClientApplicationForm,
  CLIENT_APPLICATION_NOT_FOUND,
  clientApplicationAnswer,
  registerClientApplication,
} from './client-application-rules';
import {
  deleteClientApplicationRow,
  findClientApplication,
  listClientApplicationRows,
  replaceClientSecret,
  updateClientApplicationRow,
  type ClientApplicationRow,
} from './client-applications-store';

type ClientApplicationHandlers = Pick<
  ServiceHandlers<operations>,
  | 'listClientApplications'
  | 'createClientApplication'
  | 'getClientApplication'
  | 'updateClientApplication'
  | 'deleteClientApplication'
  | 'regenerateClientSecret'
>;

export const CLIENT_APPLICATION_DELETED_MESSAGE = 'Application Deleted Successfully';

const audit = (trx: Db, ctx: TenantContext, activity: AuditActivity, row: ClientApplicationRow) =>
  recordTenantAudit(trx, ctx, activity, {
    clientApplicationId: row.id,
    clientId: row.client_id,
    clientName: row.client_name,
  });

const found = (row: ClientApplicationRow | undefined) => {
  if (!row) throw notFound(CLIENT_APPLICATION_NOT_FOUND);
  return row;
};

/** docs/product/admin-clients-and-secrets.md#client-applications */
export const clientApplicationHandlers: ClientApplicationHandlers = {
  async listClientApplications(_input, ctx) {
    const rows = await ctx.inTenant(listClientApplicationRows);
    return rows.map((row) => clientApplicationAnswer(row, ctx.deps.config.publicUrl));
  },

  async createClientApplication({ body }, ctx) {
    const fields = checkClientApplicationForm(body);
    const { row, secret } = await ctx.inTenant(async (trx) => {
      const created = await registerClientApplication(trx, ctx.deps.passwords, {
        ...fields,
        tenantId: ctx.operatingTenant.id,
        createdBy: ctx.principal().userId,
        now: ctx.now(),
      });
      await audit(trx, ctx, 'CLIENT_APPLICATION_CREATED', created.row);
      return created;
    });
    return { ...clientApplicationAnswer(row, ctx.deps.config.publicUrl, secret), clientSecret: secret };
  },

  async getClientApplication({ params }, ctx) {
    const row = found(await ctx.inTenant((trx) => findClientApplication(trx, params.id)));
    return clientApplicationAnswer(row, ctx.deps.config.publicUrl);
  },

  async updateClientApplication({ params, body }, ctx) {
    const fields = checkClientApplicationForm(body);
    const row = await ctx.inTenant(async (trx) => {
      const updated = found(await updateClientApplicationRow(trx, params.id, { ...fields, now: ctx.now() }));
      await audit(trx, ctx, 'CLIENT_APPLICATION_UPDATED', updated);
      return updated;
    });
    return clientApplicationAnswer(row, ctx.deps.config.publicUrl);
  },

  async deleteClientApplication({ params }, ctx) {
    await ctx.inTenant(async (trx) => {
      const deleted = found(await deleteClientApplicationRow(trx, params.id));
      await audit(trx, ctx, 'CLIENT_APPLICATION_DELETED', deleted);
    });
    return { message: CLIENT_APPLICATION_DELETED_MESSAGE };
  },

  async regenerateClientSecret({ params }, ctx) {
    const secret = generateClientSecret();
    const secretHash = await ctx.deps.passwords.hash(secret);
    const row = await ctx.inTenant(async (trx) => {
      const replaced = found(await replaceClientSecret(trx, params.id, secretHash, ctx.now()));
      await audit(trx, ctx, 'CLIENT_SECRET_REGENERATED', replaced);
      return replaced;
    });
    return { ...clientApplicationAnswer(row, ctx.deps.config.publicUrl, secret), clientSecret: secret };
  },
};
