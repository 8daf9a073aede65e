/** The e-mail shape every form and the server check (docs/product/admin-accounts.md#rules, docs/product/admin-users.md#rules). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** E-mail addresses are stored and compared trimmed and in lower case. */
export const normaliseEmail = (email: string) => email.trim().toLowerCase();
