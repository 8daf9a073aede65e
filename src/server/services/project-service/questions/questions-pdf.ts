import { PdfPlan, type PdfDocument } from '../../../platform/pdf/pdf-plan';
import { pdfRenderPool } from '../../../platform/pdf/pdf-render-pool';
import { APPROVAL_TIME_FORMAT } from '../../../../shared/question-rules';
import type { QuestionApproval, QuestionProject, StoredQuestion } from './questions-store';

const QUESTIONNAIRE_LABELS: Record<QuestionProject['questionnaireType'], string> = {
  PRECISION_QUESTIONNAIRE: 'Precision',
  EXPRESS_QUESTIONNAIRE: 'Express',
  HYBRID_QUESTIONNAIRE: 'Hybrid',
  PRECISION_RED_GREEN_QUESTIONNAIRE: 'Precision Red Green',
  SURGE_QUESTIONNAIRE: 'Surge',
  PROTECT_QUESTIONNAIRE: 'Protect',
};

const approvalTime = new Intl.DateTimeFormat('en-US', APPROVAL_TIME_FORMAT);

/** `<project name> - Questions.pdf`, without the characters file systems refuse. */
export function questionsFileName(projectName: string): string {
  // eslint-disable-next-line no-control-regex
  const safe = projectName.replace(/[\x00-\x1f\x7f/\\:*?"<>|]+/g, '_').trim() || 'Project';
  return `${safe} - Questions.pdf`;
}

/** The questions PDF (docs/product/project-questions.md#pdf): project, type, approval line, numbered questions. */
export function questionsPdfDocument(
  project: QuestionProject,
  questions: readonly StoredQuestion[],
  approval: QuestionApproval | null,
  options: { createdAt: Date; compress?: boolean },
): PdfDocument {
  const writer = new PdfPlan({
    title: 'Questions',
    subtitle: project.name,
    createdAt: options.createdAt,
    ...(options.compress !== undefined && { compress: options.compress }),
  });
  writer
    .heading(project.name)
    .paragraph(`Questionnaire type: ${QUESTIONNAIRE_LABELS[project.questionnaireType]}`)
    .paragraph(
      approval
        ? `Questions Approved by ${approval.approvedByName} on ${approvalTime.format(approval.approvedAt)}`
        : 'Questions not approved yet',
      { muted: true },
    )
    .space(0.5);
  if (questions.length === 0) return writer.paragraph('No questions yet').document;
  return writer.table(
    [
      { header: '#', width: 0.07, align: 'right' },
      { header: 'Question', width: 0.63 },
      { header: 'Pertinent', width: 0.13, align: 'center' },
      { header: 'Expected Answer', width: 0.17, align: 'center' },
    ],
    questions.map((q) => [String(q.sequence), q.questionText, q.isPertinant ? 'Yes' : 'No', q.expectedAnswer]),
  ).document;
}

/** The questions PDF's bytes, drawn off the request thread by the PDF render pool (ADR 0109). */
export function questionsPdf(...args: Parameters<typeof questionsPdfDocument>): Promise<Buffer> {
  return pdfRenderPool().render(questionsPdfDocument(...args));
}
