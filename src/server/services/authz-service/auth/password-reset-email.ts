import { BRANDING } from '../../../platform/branding';
import { escapeHtml } from '../../../platform/outbox/escape-html';

export const PASSWORD_RESET_TEMPLATE = 'PASSWORD_RESET';

export function passwordResetEmail({ firstName, link }: { firstName: string; link: string }) {
  const product = BRANDING.productName;
  const text = [
    `Hello ${firstName},`,
    '',
    `We received a request to reset the password of your ${product} account.`,
    'Open this link within one hour to choose a new password:',
    '',
    link,
    '',
    'If you did not ask for this, ignore this e-mail: your password stays unchanged.',
  ].join('\n');
  const html = [
    `<p>Hello ${escapeHtml(firstName)},</p>`,
    `<p>We received a request to reset the password of your ${escapeHtml(product)} account.`,
    'Open this link within one hour to choose a new password:</p>',
    `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
    '<p>If you did not ask for this, ignore this e-mail: your password stays unchanged.</p>',
  ].join('\n');
  return { subject: `Reset your ${product} password`, text, html, templateType: PASSWORD_RESET_TEMPLATE };
}

export const INVITATION_TEMPLATE = 'USER_INVITATION';

/** The e-mail a new user (Add User, or the primary user of a new account) gets to choose a password. */
export function invitationEmail({ firstName, link }: { firstName: string; link: string }) {
  const product = BRANDING.productName;
  const text = [
    `Hello ${firstName},`,
    '',
    `An account has been created for you in ${product}.`,
    'Open this link within seven days to choose your password, then sign in with your e-mail address:',
    '',
    link,
    '',
    'If the link has expired, use "Forgot password" on the sign-in screen to get a new one.',
  ].join('\n');
  const html = [
    `<p>Hello ${escapeHtml(firstName)},</p>`,
    `<p>An account has been created for you in ${escapeHtml(product)}.`,
    'Open this link within seven days to choose your password, then sign in with your e-mail address:</p>',
    `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
    '<p>If the link has expired, use &quot;Forgot password&quot; on the sign-in screen to get a new one.</p>',
  ].join('\n');
  return { subject: `Welcome to ${product}: choose your password`, text, html, templateType: INVITATION_TEMPLATE };
}
