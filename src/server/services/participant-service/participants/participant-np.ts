import type { Db, ParticipantStatus } from '../../../platform/db/schema';
import { forbidden, HttpError, notFound } from '../../../platform/http/http-error';
import {
  canMarkNonResponsive,
  canReverseNonResponsive,
  NP_NOT_VALID,
  NP_REVERSE_DISABLED,
} from '../../../../shared/participant-rules';
import { STAGE } from '../../project-service';
import { setupStageBlocked } from './participant-form';
import { lockNpParticipants, setParticipantStatuses, statusesBeforeNp } from './participant-np-store';
import { findParticipantProject } from './participants-store';

export type NpAction = 'NP' | 'REVERSE_NP';

/** What reverse NP restores when the history holds no earlier status (the participant was created NP). */
const REVERSE_FALLBACK: ParticipantStatus = 'NEW_PARTICIPANT';

/**
 * NP marking and its reverse (docs/product/participants.md#np) in the caller's transaction: the eligible
 * participants change (the status-history trigger writes their rows in the same transaction), the others are the
 * no-action report. Every refusal (404, 403, 409) is thrown before anything changes. The seed uses it too.
 */
export async function applyNpAction(
  trx: Db,
  request: { action: NpAction; projectId: number; participantIds: readonly number[]; mayChangeTests: boolean },
  now: Date,
) {
  const reverse = request.action === 'REVERSE_NP';
  const ids = [...new Set(request.participantIds)];
  const project = await findParticipantProject(trx, request.projectId);
  if (!project) throw notFound('Project not found.');
  if (project.stage_id === STAGE.SETUP) throw setupStageBlocked();
  const settings = (project.internal_settings ?? {}) as Record<string, unknown>;
  if (reverse && settings.reverse_np_configuration !== true)
    throw new HttpError(409, NP_REVERSE_DISABLED, { code: 'REVERSE_NP_DISABLED' });
  const rows = await lockNpParticipants(trx, request.projectId, ids);
  // An id that is not one of this project's visible participants (another tenant's, hidden, unknown): 404.
  if (rows.length !== ids.length) throw notFound('Participant not found.');
  if (rows.some((r) => r.is_test_participant) && !request.mayChangeTests) throw forbidden();
  const eligible = reverse ? canReverseNonResponsive : canMarkNonResponsive;
  const acting = rows.filter((r) => eligible(r.status));
  const noAction = rows
    .filter((r) => !eligible(r.status))
    .map((r) => ({ participantId: Number(r.id), interviewRefNum: r.interview_ref_num, status: r.status }));
  if (!acting.length) {
    throw new HttpError(409, NP_NOT_VALID, {
      code: reverse ? 'REVERSE_NP_NOT_VALID' : 'NP_NOT_VALID',
      errors: noAction.map((r) => ({
        field: 'participantIds',
        message: `${r.interviewRefNum ?? r.participantId}: ${r.status}`,
      })),
    });
  }
  const actingIds = acting.map((r) => Number(r.id));
  const before = reverse ? await statusesBeforeNp(trx, actingIds) : new Map<number, ParticipantStatus>();
  const changed = await setParticipantStatuses(
    trx,
    actingIds.map((id) => ({
      id,
      status: reverse ? (before.get(id) ?? REVERSE_FALLBACK) : 'NON_RESPONSIVE_PARTICIPANT',
    })),
    now,
  );
  const message = reverse
    ? `${changed} participants reversed from Non-Responsive`
    : `${changed} participants marked as Non-Responsive`;
  return { message, changed, noAction };
}
