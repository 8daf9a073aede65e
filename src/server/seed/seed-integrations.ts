import type { PasswordHasher } from '../platform/auth/password-hasher';
import type { Db } from '../platform/db/schema';
import type { TenantSecretCipher } from '../platform/secrets/tenant-secret-cipher';
import { withTenant } from '../platform/tenancy/with-tenant';
import { createTenantSecret, registerClientApplication } from '../services/user-service';

/** The demo client application and secrets of a customer tenant (docs/product/admin-clients-and-secrets.md#demo-data). */
export const DEMO_CLIENT_APPLICATION = {
  clientName: 'Telephony Platform',
  description: 'Posts interview results, call records and incomplete calls (demo).',
};

export const DEMO_SECRETS = [
  {
    name: 'Result webhook signing key',
    kind: 'WEBHOOK_SIGNING_KEY',
    description: 'Signs the result callbacks to the customer.',
  },
  { name: 'CRM callback API key', kind: 'CALLBACK_API_KEY', description: "Sent with calls to the customer's CRM." },
] as const;

/**
 * Through the functions the API uses; each only when the tenant has none of that name. The generated client
 * secret and secret values are not printed or kept anywhere: regenerate or rotate them in the console.
 */
export async function seedIntegrations(
  db: Db,
  deps: { tenantId: number; passwords: PasswordHasher; secrets: TenantSecretCipher; now: Date },
): Promise<void> {
  await withTenant(db, deps.tenantId, async (trx) => {
    const apps = await trx.selectFrom('client_applications').select('id').executeTakeFirst();
    if (!apps) {
      await registerClientApplication(trx, deps.passwords, {
        ...DEMO_CLIENT_APPLICATION,
        tenantId: deps.tenantId,
        createdBy: null,
        now: deps.now,
      });
    }
    for (const secret of DEMO_SECRETS) {
      const exists = await trx
        .selectFrom('tenant_secrets')
        .select('id')
        .where('name', '=', secret.name)
        .executeTakeFirst();
      if (!exists) {
        await createTenantSecret(trx, deps.secrets, {
          ...secret,
          tenantId: deps.tenantId,
          createdBy: null,
          now: deps.now,
        });
      }
    }
  });
}
