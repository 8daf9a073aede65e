// A module of its own: the form kit's validators load with the sign-in screen and must not pull in the profile
// rules' time-zone list (ADR 0006 budget).
/** North-American style: optional +country code, 3-3-4 digits, optional extension (docs/product/profile.md#rules, docs/product/admin-accounts.md#rules). */
export const PHONE_PATTERN =
  /^(\+\d{1,3}[\s.-]?)?(\(\d{3}\)|\d{3})[\s.-]?\d{3}[\s.-]?\d{4}(\s*(ext\.?|x|#)\s*\d{1,6})?$/i;
