import { ExchangeValidator } from './exchange-validator';
import { RequestPlanner } from './request-planner';
import { toyOperations } from './testing/toy-service';
import { ValuePool } from './value-pool';

const operations = toyOperations();
const op = (id: string) => operations.find((o) => o.operationId === id)!;
const validator = new ExchangeValidator();
const bodySchema = op('createToyItem').requestBody!.content['application/json']!.schema!;

function planner(pool = new ValuePool()) {
  return new RequestPlanner(validator, pool, { seed: 3, tenantHeader: 'operatingTenant', tenant: '9' });
}

test('valid requests match their schemas and carry the tenant under test', () => {
  const plans = planner().validPlans(op('createToyItem'), 5);
  expect(plans).toHaveLength(5);
  for (const plan of plans) {
    expect(validator.valid('test body', bodySchema, plan.body!.value)).toBe(true);
    expect(plan.headers.operatingTenant).toBe('9');
  }
});

test('the same seed gives the same requests', () => {
  expect(planner().validPlans(op('createToyItem'), 3)).toEqual(planner().validPlans(op('createToyItem'), 3));
});

test('path parameters name records an answer held', () => {
  const pool = new ValuePool();
  pool.harvest(op('listToyItems'), [{ id: 41, name: 'a' }]);
  expect(planner(pool).validPlans(op('getToyItem'), 1)[0]!.path.id).toBe(41);
});

test('each invalid request breaks the contract in one place', () => {
  const base = planner().validPlans(op('createToyItem'), 1)[0]!;
  const invalid = planner().invalidPlans(op('createToyItem'), base, 10);
  expect(invalid.map((p) => p.label)).toEqual([
    'invalid: body of a media type the operation does not declare',
    'invalid: malformed JSON body',
    'invalid: body without the required name',
    'invalid: body.name of the wrong type',
    'invalid: body with a field the contract does not name',
    'invalid: body.name longer than its maxLength',
    'invalid: required body missing',
  ]);
  for (const plan of invalid.filter((p) => p.body?.value !== undefined))
    expect(validator.valid('test body', bodySchema, plan.body!.value)).toBe(false);
  expect(planner().invalidPlans(op('createToyItem'), base, 2)).toHaveLength(2);
  const list = planner().validPlans(op('listToyItems'), 1)[0]!;
  expect(
    planner()
      .invalidPlans(op('listToyItems'), list, 5)
      .map((p) => p.label),
  ).toEqual(['invalid: query limit not a number']);
});
