/**
 * The result codes a project's questionnaire type allows (docs/product/platform.md#evaluation-codes "Participant
 * statuses and risk codes"; meanings in docs/product/platform.md#evaluation-codes). The intake refuses any other code
 * for the project's overall and per-question results. docs/product/results-intake.md#validation
 */
export const RED_GREEN_RISK_SET = ['R', 'G', 'NC', 'NP', 'DC'] as const;
export const LEVELS_RISK_SET = ['HR', 'LR', 'AR', 'PR', 'NC', 'DC', 'NP'] as const;

export type RiskCode = (typeof RED_GREEN_RISK_SET)[number] | (typeof LEVELS_RISK_SET)[number];

const RED_GREEN_TYPES = new Set(['EXPRESS_QUESTIONNAIRE', 'PRECISION_RED_GREEN_QUESTIONNAIRE']);

/** The risk set of a questionnaire type: red/green for express and precision red/green, risk levels otherwise. */
export function riskSetFor(questionnaireType: string): readonly RiskCode[] {
  return RED_GREEN_TYPES.has(questionnaireType) ? RED_GREEN_RISK_SET : LEVELS_RISK_SET;
}

/** Whether a code belongs to the questionnaire type's risk set. */
export function isAllowedRiskCode(questionnaireType: string, code: string): boolean {
  return (riskSetFor(questionnaireType) as readonly string[]).includes(code);
}

/**
 * The order of "overall score" (docs/product/project-results.md#sorting): the most severe first. Red and high risk,
 * then the other risk levels, then the codes that carry no risk reading (not completed, non-responsive,
 * disconnected, pending, rejected).
 */
export const RISK_SEVERITY = ['HR', 'R', 'PR', 'CM', 'AD', 'AR', 'LR', 'G', 'NC', 'NP', 'DC', 'PD', 'RJ'] as const;
