import type { ParticipantStatus } from '../../../platform/db/schema';

/**
 * The pure rules of the intake (docs/product/results-intake.md): who may take the interview, and what a post
 * does to the participant's status and IRN block.
 */

/**
 * The IRN flags of a project (docs/product/project-form.md#fields internal settings), with the defaults of
 * src/shared/project-rules.ts.
 */
export interface IrnFlags {
  blockOnCallLogs: boolean;
  unblockAfterNc: boolean;
  unblockAfterDc: boolean;
  retakeRestricted24Hours: boolean;
  autoRelease: boolean;
}

export function irnFlagsOf(settings: Record<string, unknown>): IrnFlags {
  const flag = (key: string, fallback: boolean) => (typeof settings[key] === 'boolean' ? settings[key] : fallback);
  return {
    blockOnCallLogs: flag('block_irn_on_call_logs', true),
    unblockAfterNc: flag('unblock_irn_after_nc_result', true),
    unblockAfterDc: flag('unblock_irn_after_dc_result', true),
    retakeRestricted24Hours: flag('retake_restricted_24_hours', true),
    autoRelease: flag('result_auto_release', false),
  };
}

export interface ParticipantState {
  status: ParticipantStatus;
  isActive: boolean;
  isAllowedQuestionnaire: boolean;
  lastInterviewAt: Date | null;
}

export type RefusalReason = 'INACTIVE' | 'ARCHIVED' | 'BLOCKED' | 'RETAKE_WITHIN_24_HOURS';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Why the participant may not take the interview now, or null when they may. */
export function refusalFor(participant: ParticipantState, flags: IrnFlags, now: Date): RefusalReason | null {
  if (!participant.isActive) return 'INACTIVE';
  if (participant.status === 'ARCHIVED') return 'ARCHIVED';
  if (!participant.isAllowedQuestionnaire) return 'BLOCKED';
  const last = participant.lastInterviewAt;
  if (flags.retakeRestricted24Hours && last && now.getTime() - last.getTime() < DAY_MS) return 'RETAKE_WITHIN_24_HOURS';
  return null;
}

/** Statuses after which a call attempt no longer changes the status: the interview happened (or ended). */
const SETTLED: readonly ParticipantStatus[] = ['INTERVIEWED', 'RESULT_PUBLISHED', 'ARCHIVED'];

/**
 * A result: DC means the call dropped (docs/product/platform.md#evaluation-codes); otherwise interviewed, published at
 * once when released.
 */
export function statusAfterResult(code: string, released: boolean): ParticipantStatus {
  if (code === 'DC') return 'ATTEMPTED_INCOMPLETE';
  return released ? 'RESULT_PUBLISHED' : 'INTERVIEWED';
}

/** An incomplete call: partial when some questions were answered; settled statuses keep theirs. */
export function statusAfterIncompleteCall(current: ParticipantStatus, answeredQuestions: number): ParticipantStatus {
  if (SETTLED.includes(current)) return current;
  return answeredQuestions > 0 ? 'ATTEMPTED_PARTIAL' : 'ATTEMPTED_INCOMPLETE';
}

/** Whether a result or an incomplete call (which counts as DC) lifts the block a call log set. */
export function unblocksAfter(code: string, flags: IrnFlags): boolean {
  return (code === 'NC' && flags.unblockAfterNc) || (code === 'DC' && flags.unblockAfterDc);
}
