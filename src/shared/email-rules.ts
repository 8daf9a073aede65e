/** The e-mail shape every form and the server check (002 §5). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** E-mail addresses are stored and compared trimmed and in lower case. */
export const normaliseEmail = (email: string) => email.trim().toLowerCase();
