/** The call-center roles every tenant has; the user form and the project team never offer them (docs/product/admin-users.md#rules). */
export const CALL_CENTER_ADMIN = 'Call Center Admin';
export const CALL_CENTER_SUPERVISOR = 'Call Center Supervisor';
export const CALL_CENTER_AGENT = 'Call Center Agent';

export const CALL_CENTER_ROLES: readonly string[] = [CALL_CENTER_ADMIN, CALL_CENTER_SUPERVISOR, CALL_CENTER_AGENT];
