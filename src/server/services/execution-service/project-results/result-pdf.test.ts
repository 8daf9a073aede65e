import { displayTime } from '../../../platform/display-time';
import { renderPdf } from '../../../platform/pdf/pdf-plan';
import { pdfText } from '../../../platform/pdf/pdf-text';
import type { ProjectResultDisplay } from '../../project-service';
import { resultPdf, resultPdfDocument, type ResultPdfInput } from './result-pdf';

// A 1×1 PNG: the account's logo crosses to the render thread as bytes.
const LOGO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const TEXTS: Record<string, string> = { HR: 'High Risk', LR: 'Low Risk', PD: 'Pending' };
const display: ProjectResultDisplay = {
  templateType: 'PRECISION_RESULTS',
  display: (code, language) => ({
    code,
    badge: code === 'PD' ? 'D' : (code as 'HR' | 'LR'),
    text: `${TEXTS[code] ?? code}${language === 'Spanish' ? ' (es)' : ''}`,
    resultType: 'Risk',
    iconId: 1,
    iconLabel: 'Red',
  }),
  legend: (language) => ['HR', 'LR'].map((code) => display.display(code, language)),
};

const input = (): ResultPdfInput => ({
  project: {
    id: 7,
    name: 'Año de evaluación',
    questionnaireType: 'PRECISION_QUESTIONNAIRE',
    location: 'Cebu',
    tenantName: 'Acme',
    tenantLogo: new Uint8Array(LOGO),
    resultEmailEnabled: false,
    recordingsEnabled: false,
    resultEmailRecipients: [],
  },
  result: {
    id: 1001,
    projectId: 7,
    irn: 'IRN-1001',
    accessCode: '123456789012',
    overall: 'HR',
    completedAt: new Date('2026-03-08T09:30:00Z'),
    released: true,
    reviewed: false,
    firstName: 'Ñandú',
    lastName: 'Pingüino',
    language: 'Spanish',
    questions: [
      { sequence: 1, result: 'HR' },
      { sequence: 2, result: 'LR' },
    ],
    note: null,
    outcomeActionId: null,
    emailStatus: null,
    recordingExists: false,
    createdByName: null,
    participantLanguageId: null,
  },
  questions: [
    { sequence: 1, questionText: '¿Consumió alcohol durante el turno?' },
    { sequence: 2, questionText: 'Did you take anything of value?' },
    { sequence: 3, questionText: 'Unanswered' },
  ],
  display,
  language: 'Spanish',
  time: displayTime('America/Los_Angeles', '-08:00'),
  createdAt: new Date('2026-11-29T07:00:00Z'),
  comments: {
    notes: [{ text: 'Audio clear', at: new Date('2026-03-09T10:00:00Z'), author: 'Maria' }],
    outcomes: [],
  },
});

test('the risk report drawn by the render pool has the bytes of the one drawn on this thread', async () => {
  const [pooled, inThread] = await Promise.all([resultPdf(input()), renderPdf(resultPdfDocument(input()))]);
  expect(pooled.equals(inThread)).toBe(true);
  const text = pdfText(pooled);
  expect(text).toContain('Risk Report: IRN-1001');
  expect(text).toContain('Overall Evaluation: High Risk (es) (HR)');
  expect(text).toContain('¿Consumió alcohol durante el turno?');
  // Each date at the zone's offset in force then (PST until March 8, 10:00 UTC), written before drawing.
  expect(text).toContain('(UTC-08:00)');
  expect(text).toContain('03/09/2026 03:00');
  expect(text).toContain('(UTC-07:00)');
  expect(text).toContain('Audio clear');
});
