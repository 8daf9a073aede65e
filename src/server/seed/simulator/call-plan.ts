/**
 * What one simulated call does (docs/product/results-intake.md#simulator): the outcome mix of a telephony
 * platform's day, drawn from a seeded random source so a run can be repeated.
 */
import { riskSetFor, type RiskCode } from '../../../shared/risk-sets';
import type { TelcoProviderKey } from '../../../shared/telco-providers';

export type Outcome = 'RESULT' | 'INCOMPLETE' | 'CALL_ONLY';

/** 70% complete the interview, 20% hang up part-way, 10% call and leave before the questionnaire. */
export function outcomeOf(draw: number): Outcome {
  if (draw < 0.7) return 'RESULT';
  if (draw < 0.9) return 'INCOMPLETE';
  return 'CALL_ONLY';
}

/** Overall codes a finished interview ends with: mostly low risk, some high, a few of the rest. */
const OVERALL_WEIGHTS: Partial<Record<RiskCode, number>> = {
  LR: 50,
  HR: 15,
  AR: 12,
  PR: 8,
  G: 60,
  R: 25,
  NC: 6,
  NP: 4,
  DC: 3,
};

export function pickCode(codes: readonly RiskCode[], draw: number): RiskCode {
  const weights = codes.map((code) => OVERALL_WEIGHTS[code] ?? 1);
  const total = weights.reduce((a, b) => a + b, 0);
  let at = draw * total;
  for (let i = 0; i < codes.length; i += 1) {
    at -= weights[i]!;
    if (at < 0) return codes[i]!;
  }
  return codes[codes.length - 1]!;
}

export interface PlannedResult {
  overallEvaluation: RiskCode;
  questionResults: { sequence: number; result: RiskCode }[];
}

/** A result for the questionnaire type: an overall code of its risk set and one code per question. */
export function plannedResult(questionnaireType: string, sequences: number[], random: () => number): PlannedResult {
  const codes = riskSetFor(questionnaireType);
  const overallEvaluation = pickCode(codes, random());
  const perQuestion = codes.filter((code) => code !== 'DC' && code !== 'NP');
  return {
    overallEvaluation,
    questionResults:
      overallEvaluation === 'DC'
        ? []
        : sequences.map((sequence) => ({ sequence, result: pickCode(perQuestion, random()) })),
  };
}

/** A call's length in seconds for its outcome. */
export function durationOf(outcome: Outcome, random: () => number): number {
  if (outcome === 'RESULT') return 240 + Math.floor(random() * 480);
  if (outcome === 'INCOMPLETE') return 30 + Math.floor(random() * 200);
  return 5 + Math.floor(random() * 40);
}

/** Pages of the participant guide a call goes through, in order (the guide logs of the detail modal). */
const GUIDE_PAGES = ['Welcome', 'Instructions', 'Questions', 'Thank You'] as const;

export interface GuideEvent {
  pageName: string;
  buttonName?: string;
  offsetSeconds: number;
}

/**
 * The guide page events of a call (docs/product/results-intake.md#guide-logs): a finished interview walks every page,
 * an incomplete one stops part-way, a call without questionnaire sees the welcome page only; each page but the first
 * is reached with 'Next', spread over the call's duration.
 */
export function guideEventsOf(outcome: Outcome, duration: number, random: () => number): GuideEvent[] {
  const pages = outcome === 'RESULT' ? GUIDE_PAGES.length : outcome === 'INCOMPLETE' ? 2 + Math.floor(random() * 2) : 1;
  return GUIDE_PAGES.slice(0, pages).map((pageName, i) => ({
    pageName,
    ...(i > 0 && { buttonName: 'Next' }),
    offsetSeconds: Math.floor((duration * i) / GUIDE_PAGES.length),
  }));
}

/**
 * Everything random about one allowed call, drawn in one fixed order: the simulator posts it, and the demo figures
 * replay it to know what a seeded run stored (docs/product/results-intake.md#simulator).
 */
export interface CallPlan {
  outcome: Outcome;
  duration: number;
  carrier: TelcoProviderKey;
  callerSuffix: number;
  ipHost: number;
  guide: GuideEvent[];
  result: PlannedResult | null;
  incomplete: { interruptCode: 'CALLER_HANGUP' | 'LINE_DROPPED'; answeredQuestions: number } | null;
}

export function planCall(
  random: () => number,
  call: { questionnaireType: string; sequences: number[]; carriers: readonly TelcoProviderKey[] },
): CallPlan {
  const outcome = outcomeOf(random());
  const duration = durationOf(outcome, random);
  const carrier = call.carriers[Math.floor(random() * call.carriers.length)]!;
  const callerSuffix = Math.floor(random() * 100);
  const ipHost = 1 + Math.floor(random() * 254);
  const guide = guideEventsOf(outcome, duration, random);
  const result = outcome === 'RESULT' ? plannedResult(call.questionnaireType, call.sequences, random) : null;
  const incomplete =
    outcome === 'INCOMPLETE'
      ? {
          interruptCode: random() < 0.5 ? ('CALLER_HANGUP' as const) : ('LINE_DROPPED' as const),
          answeredQuestions: Math.floor(random() * call.sequences.length),
        }
      : null;
  return { outcome, duration, carrier, callerSuffix, ipHost, guide, result, incomplete };
}
