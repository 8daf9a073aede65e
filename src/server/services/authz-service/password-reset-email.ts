import { BRANDING } from '../../platform/branding';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

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
