/** A practical address check (something@something.tld, no spaces), the same on both sides (002 §5). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
