import { isAllowedRiskCode } from '../../../shared/risk-sets';
import { randomSource } from '../interview-data';
import { durationOf, guideEventsOf, outcomeOf, plannedResult } from './call-plan';

test('the outcome mix is 70% results, 20% incomplete, 10% calls only', () => {
  const random = randomSource(7);
  const counts = { RESULT: 0, INCOMPLETE: 0, CALL_ONLY: 0 };
  for (let i = 0; i < 10_000; i += 1) counts[outcomeOf(random())] += 1;
  expect(counts.RESULT / 10_000).toBeCloseTo(0.7, 1);
  expect(counts.INCOMPLETE / 10_000).toBeCloseTo(0.2, 1);
  expect(counts.CALL_ONLY / 10_000).toBeCloseTo(0.1, 1);
});

test.each([
  'PRECISION_QUESTIONNAIRE',
  'EXPRESS_QUESTIONNAIRE',
  'PRECISION_RED_GREEN_QUESTIONNAIRE',
  'HYBRID_QUESTIONNAIRE',
])('results of a %s use only its risk set, one code per question', (type) => {
  const random = randomSource(3);
  for (let i = 0; i < 500; i += 1) {
    const planned = plannedResult(type, [1, 2, 3], random);
    expect(isAllowedRiskCode(type, planned.overallEvaluation)).toBe(true);
    for (const q of planned.questionResults) expect(isAllowedRiskCode(type, q.result)).toBe(true);
    expect(planned.questionResults).toHaveLength(planned.overallEvaluation === 'DC' ? 0 : 3);
  }
});

test('finished interviews last longer than incomplete calls', () => {
  const random = randomSource(1);
  expect(durationOf('RESULT', random)).toBeGreaterThanOrEqual(240);
  expect(durationOf('INCOMPLETE', random)).toBeLessThan(240);
});

test('a finished call walks every guide page, a call without questionnaire sees the welcome page only', () => {
  const random = () => 0.5;
  const full = guideEventsOf('RESULT', 400, random);
  expect(full.map((e) => e.pageName)).toEqual(['Welcome', 'Instructions', 'Questions', 'Thank You']);
  expect(full.map((e) => e.buttonName)).toEqual([undefined, 'Next', 'Next', 'Next']);
  expect(full.map((e) => e.offsetSeconds)).toEqual([0, 100, 200, 300]);
  expect(guideEventsOf('CALL_ONLY', 20, random)).toEqual([{ pageName: 'Welcome', offsetSeconds: 0 }]);
  expect(guideEventsOf('INCOMPLETE', 100, random).length).toBeGreaterThanOrEqual(2);
});
