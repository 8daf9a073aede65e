import type { I18n } from '@lingui/core';
import type { InterviewResultRow, ResultColumn } from '../../api/generated/execution-service';

/** What the results table's columns show and do (docs/product/project-results.md#columns). */
export interface ResultColumnOptions {
  i18n: I18n;
  questions: readonly ResultColumn[];
  /** tenant.project.resultshold.internal.update: the selection (hold) column. */
  canSelect: boolean;
  /** Non-system tenants see the participant name (docs/product/project-results.md#route). */
  showName: boolean;
  selected: ReadonlySet<number>;
  /** The held rows of the page, which select-all selects. */
  selectable: readonly number[];
  onToggle: (id: number) => void;
  onToggleAll: () => void;
  onPdf: (row: InterviewResultRow) => void;
  pdfBusy: number | null;
  formatDate: (iso: string) => string;
  /** Hybrid questionnaires: the IRN opens the question detail (docs/product/project-results.md#columns). */
  onQuestionDetail?: (row: InterviewResultRow) => void;
  /** result.follow.up.note.read: the outcome tracking action (docs/product/project-results.md#route). */
  onOutcome?: (row: InterviewResultRow) => void;
  /** The newest outcome's text (the status badge, docs/product/project-results.md#outcome-tracking). */
  outcomeLabel: (row: InterviewResultRow) => string;
  /** System-tenant users: the notes action (docs/product/project-results.md#route). */
  onNotes?: (row: InterviewResultRow) => void;
  /**
   * System-tenant users with tenant.project.results.email.create: e-mail a released result
   * (docs/product/project-results.md#route).
   */
  onEmail?: (row: InterviewResultRow) => void;
  emailBusy: number | null;
  /**
   * The Recording action (docs/product/project-results.md#route): system-tenant users, or
   * tenant.project.cm.recording.read with the project's cm_recordings_configuration; shown on the rows that have a
   * recording (interviewRecordingExist).
   */
  onRecording?: (row: InterviewResultRow) => void;
  recordingBusy: number | null;
  /**
   * System tenant with the project's individual result e-mail on: the email status column
   * (docs/product/project-results.md#columns).
   */
  showEmailStatus: boolean;
}
