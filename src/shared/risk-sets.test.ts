import { isAllowedRiskCode, riskSetFor } from './risk-sets';

test('express and precision red/green use red/green, every other type the risk levels', () => {
  expect(riskSetFor('EXPRESS_QUESTIONNAIRE')).toEqual(['R', 'G', 'NC', 'NP', 'DC']);
  expect(riskSetFor('PRECISION_RED_GREEN_QUESTIONNAIRE')).toEqual(['R', 'G', 'NC', 'NP', 'DC']);
  for (const type of [
    'PRECISION_QUESTIONNAIRE',
    'HYBRID_QUESTIONNAIRE',
    'SURGE_QUESTIONNAIRE',
    'PROTECT_QUESTIONNAIRE',
  ])
    expect(riskSetFor(type)).toEqual(['HR', 'LR', 'AR', 'PR', 'NC', 'DC', 'NP']);
});

test('a code outside the set is refused', () => {
  expect(isAllowedRiskCode('EXPRESS_QUESTIONNAIRE', 'G')).toBe(true);
  expect(isAllowedRiskCode('EXPRESS_QUESTIONNAIRE', 'HR')).toBe(false);
  expect(isAllowedRiskCode('PRECISION_QUESTIONNAIRE', 'R')).toBe(false);
  expect(isAllowedRiskCode('PRECISION_QUESTIONNAIRE', 'CM')).toBe(false);
});
