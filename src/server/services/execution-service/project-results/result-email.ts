import type { EmailMessage } from '../../../platform/outbox/enqueue-message';
import { escapeHtml } from '../../../platform/outbox/escape-html';
import { groupAccessCode } from '../../../../shared/result-rules';
import { formatAtOffset } from './result-pdf';

export interface ResultEmailInput {
  tenantId: number;
  to: string;
  projectId: number;
  projectName: string;
  tenantName: string;
  irn: string | null;
  resultId: number;
  accessCode: string | null;
  overall: string;
  completedAt: Date;
  offset: string;
  publicUrl: string;
}

/**
 * The result e-mail (docs/product/project-results.md#result-email): the project, the IRN, the overall evaluation
 * and the date, with a link to the project's Results tab (the PDF needs a signed-in user).
 */
export function resultEmail(input: ResultEmailInput): EmailMessage {
  const irn = input.irn ?? String(input.resultId);
  const link = `${input.publicUrl.replace(/\/$/, '')}/main/project/${input.projectId}/results`;
  const lines: [string, string][] = [
    ['Account', input.tenantName],
    ['Project', input.projectName],
    ['IRN', irn],
    ['Access Code', groupAccessCode(input.accessCode)],
    ['Overall Evaluation', input.overall],
    ['Date', formatAtOffset(input.completedAt, input.offset)],
  ];
  const subject = `Interview result ${irn}: ${input.projectName}`;
  return {
    tenantId: input.tenantId,
    to: input.to,
    subject,
    text: `${lines.map(([k, v]) => `${k}: ${v}`).join('\n')}\n\nResults: ${link}\n`,
    html:
      `<p>${escapeHtml(subject)}</p><table>` +
      lines.map(([k, v]) => `<tr><th align="left">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`).join('') +
      `</table><p><a href="${escapeHtml(link)}">Results</a></p>`,
    templateType: 'RESULT_EMAIL',
  };
}
