/** Validators compiled on first use (ADR 0077): nothing is compiled at registration, answers are unchanged. */
import type { FastifySchema } from 'fastify';
import { createAjv } from './schema-validator';
import { lazyValidatorCompiler } from './lazy-validator';

const schema = { type: 'object', properties: { id: { type: 'integer', minimum: 1 } }, required: ['id'] };

test('a schema is compiled by the first validation only, and refuses what the eager validator refuses', () => {
  const ajv = createAjv({ coerceTypes: false });
  const compile = jest.spyOn(ajv, 'compile');
  const validate = lazyValidatorCompiler(() => ajv)({
    schema: schema as FastifySchema,
    method: 'POST',
    url: '/x',
    httpPart: 'body',
  }) as ((data: unknown) => boolean) & { errors: unknown };
  expect(compile).not.toHaveBeenCalled();

  expect(validate({ id: 0 })).toBe(false);
  expect(validate.errors).toEqual([expect.objectContaining({ instancePath: '/id', keyword: 'minimum' })]);
  expect(validate({ id: 3 })).toBe(true);
  expect(validate.errors).toBeNull();
  expect(compile).toHaveBeenCalledTimes(1);
});
