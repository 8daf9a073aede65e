import { forbidden, type HttpError } from '../http/http-error';

/** The refusal of a tenant the user may not act in (the access hook's, and a handler's for a tenant it names). */
export const tenantForbidden = (): HttpError =>
  forbidden('You do not have access to this tenant.', { code: 'TENANT_FORBIDDEN' });

/** The refusal of an account operation made outside the provider's (system) account. */
export const providerAccountRequired = (): HttpError =>
  forbidden("Accounts are created from the provider's account: switch to it first.", {
    code: 'SYSTEM_TENANT_REQUIRED',
  });
