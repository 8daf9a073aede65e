import type { PasswordHasher } from '../../../platform/auth/password-hasher';
import {
  CLIENT_SECRET_PLACEHOLDER,
  DEFAULT_CLIENT_SCOPES,
  generateClientId,
  generateClientSecret,
  sampleTokenCommand,
} from '../../../platform/auth/client-credentials';
import type { Db } from '../../../platform/db/schema';
import { FieldErrors } from '../../../platform/http/field-errors';
import { insertClientApplication, type ClientApplicationRow } from './client-applications-store';

/** docs/product/admin-clients-and-secrets.md#client-applications */
export const CLIENT_NAME_REQUIRED = 'Client App Name is required';
export const CLIENT_APPLICATION_NOT_FOUND = 'Client application not found.';

export interface ClientApplicationFields {
  clientName: string;
  description: string | null;
}

/**
 * The form's rules (docs/product/admin-clients-and-secrets.md#client-app-forms "Client app"): the name is required, the
 * description optional; both trimmed.
 */
export function checkClientApplicationForm(body: { clientName: string; description?: string | null }) {
  const errors = new FieldErrors();
  const clientName = errors.required('clientName', body.clientName, CLIENT_NAME_REQUIRED);
  errors.throwIfAny();
  return { clientName, description: body.description?.trim() || null };
}

/** The contract's ClientApplication: the stored client with a sample command holding a placeholder secret. */
export function clientApplicationAnswer(row: ClientApplicationRow, publicUrl: string, secret?: string) {
  return {
    id: row.id,
    clientName: row.client_name,
    clientId: row.client_id,
    description: row.description,
    scopes: row.scopes,
    createdAt: row.created_at.toISOString(),
    sampleCURLForAccessToken: sampleTokenCommand(
      publicUrl,
      row.client_id,
      secret ?? CLIENT_SECRET_PLACEHOLDER,
      row.scopes,
    ),
  };
}

/** A new client with a generated id and secret; the secret is returned here once and stored only hashed. */
export async function registerClientApplication(
  trx: Db,
  passwords: PasswordHasher,
  app: ClientApplicationFields & { tenantId: number; createdBy: number | null; now: Date },
): Promise<{ row: ClientApplicationRow; secret: string }> {
  const secret = generateClientSecret();
  const row = await insertClientApplication(trx, {
    ...app,
    clientId: generateClientId(),
    secretHash: await passwords.hash(secret),
    scopes: DEFAULT_CLIENT_SCOPES,
  });
  return { row, secret };
}
