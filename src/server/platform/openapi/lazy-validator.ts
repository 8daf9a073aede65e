import type { FastifySchema, FastifySchemaCompiler } from 'fastify';
import type Ajv2020 from 'ajv/dist/2020';
import type { ValidateFunction } from 'ajv';

/**
 * A validator compiler that compiles each schema the first time a request needs it (ADR 0077): building every
 * operation's validators at start took most of a second and a half, and most operations are called by few
 * instances in a process's life. The answer to the first request is the same as with eager compilation.
 */
export function lazyValidatorCompiler(
  pick: (httpPart: string | undefined) => Ajv2020,
): FastifySchemaCompiler<FastifySchema> {
  return ({ schema, httpPart }) => {
    let compiled: ValidateFunction | null = null;
    const validate = (data: unknown) => {
      compiled ??= pick(httpPart).compile(schema as object);
      const valid = compiled(data);
      validate.errors = compiled.errors;
      return valid;
    };
    validate.errors = null as ValidateFunction['errors'];
    return validate;
  };
}
