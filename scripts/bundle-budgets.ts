/**
 * The gzip budgets of what the first screens load, read by `npm run bench -- --only bundle` and, for sign-in, by
 * the production build (SignInBudgetPlugin). ADR 0006 set them; ADR 0105 tightened sign-in's to what it loads once
 * the signed-in app's modules left the entry, so a regression fails the build instead of waiting for a bench run;
 * ADR 0111 lowered it again once the API layer (RTK Query) loads on the sign-in form's first focus (190.3 kB), and
 * ADR 0112 once the signed-in route table loads with the shell (186.2 kB measured), and ADR 0123 once the sign-in
 * form left final-form and the entry lost the dialog recipe and react-icons' code (175.7 kB measured), and ADR 0139
 * once the error screens, the theme library, unused anatomies and emotion's withTheme helpers left it (172.0 kB).
 */
export const SIGN_IN_BUDGET = 174 * 1024;
/** Sign-in plus the shell's chunks (ADR 0006). */
export const FIRST_SHELL_BUDGET = 275 * 1024;
