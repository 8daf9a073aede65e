import type { Db } from '../platform/db/schema';
import { applyNpAction } from '../services/participant-service';

/** How many invited demo participants of a project are marked non-responsive (one of them reversed again). */
const NP_MARKED = 3;

/**
 * Demo status trails beyond creation and interviews (docs/product/participants.md#demo): in a demo project with
 * participants still invited, the first three are marked non-responsive through applyNpAction, the rule the
 * console's NP marking uses; where the project's reverse_np_configuration is on, the first is reversed again, so
 * the detail modal's status history shows INVITATION_SENT → NON_RESPONSIVE_PARTICIPANT → INVITATION_SENT.
 * Runs in the caller's tenant transaction (the one that adds the project's participants and results).
 */
export async function seedParticipantTrails(
  trx: Db,
  plan: { projectId: number; reverse: boolean; now: Date },
): Promise<void> {
  const invited = await trx
    .selectFrom('participants')
    .select('id')
    .where('project_id', '=', plan.projectId)
    .where('status', '=', 'INVITATION_SENT')
    .where('is_test_participant', '=', false)
    .orderBy('id')
    .limit(NP_MARKED)
    .execute();
  const ids = invited.map((p) => Number(p.id));
  if (!ids.length) return;
  const request = { projectId: plan.projectId, mayChangeTests: false };
  await applyNpAction(trx, { ...request, action: 'NP', participantIds: ids }, plan.now);
  if (plan.reverse) await applyNpAction(trx, { ...request, action: 'REVERSE_NP', participantIds: [ids[0]!] }, plan.now);
}
