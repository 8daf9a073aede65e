import { withTenant } from '../platform/tenancy/with-tenant';
import { createParticipants } from '../services/participant-service';
import type { SignedIn } from './api-client';
import type { TestApp } from './test-app';

/**
 * A client-credentials token of a new client application of the tenant, registered by `admin`: what a telephony
 * platform posts to the intake with.
 */
export async function intakeClientToken(
  t: TestApp,
  admin: SignedIn,
  tenantId: number,
  clientName: string,
): Promise<string> {
  const client = await t.api.ok('createClientApplication', {
    token: admin,
    operatingTenant: tenantId,
    body: { clientName },
  });
  const issued = await t.api.ok('issueClientToken', {
    body: { grant_type: 'client_credentials', client_id: client.clientId, client_secret: client.clientSecret },
  });
  return issued.access_token;
}

/** An invited participant of the project with this IRN and access code, through the domain function; its id. */
export async function invitedParticipant(
  t: TestApp,
  tenantId: number,
  projectId: number,
  names: { irn: string; code: string },
): Promise<number> {
  const [id] = await withTenant(t.db, tenantId, (trx) =>
    createParticipants(
      trx,
      tenantId,
      projectId,
      [{ interviewRefNum: names.irn, accessCode: names.code, status: 'INVITATION_SENT' }],
      t.clock.now(),
    ),
  );
  return id!;
}
