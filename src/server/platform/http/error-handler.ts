import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../app-deps';
import { recordAudit } from '../audit/record-audit';
import { isDatabaseUnavailable, isDataException } from '../db/postgres-errors';
import { withSystem } from '../tenancy/with-tenant';
import { HttpError, type FieldError } from './http-error';

interface AjvLikeError {
  instancePath: string;
  message?: string;
  params: Record<string, unknown>;
}

const CLIENT_ERROR_CODES: Record<number, string> = {
  400: 'BAD_REQUEST',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  406: 'NOT_ACCEPTABLE',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
};

/** Document 000's server-error text, for an answer the client can retry (database unreachable, overload). */
export const SERVER_ERROR_MESSAGE =
  "Something went wrong! We are unable to process your request at this time. Please contact the provider's support for assistance.";

const CONTEXT_NAMES: Record<string, string> = { querystring: 'query', params: 'path', headers: 'header' };

function fieldErrors(context: string | undefined, errors: AjvLikeError[]): FieldError[] {
  return errors.map((e) => {
    const path = e.instancePath
      .split('/')
      .filter(Boolean)
      .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
    const named = e.params.missingProperty ?? e.params.additionalProperty;
    if (typeof named === 'string') path.push(named);
    const prefix = context && context !== 'body' ? [CONTEXT_NAMES[context] ?? context] : [];
    return { field: [...prefix, ...path].join('.') || 'body', message: e.message ?? 'is not valid' };
  });
}

async function auditDenial(deps: AppDeps, request: FastifyRequest, error: HttpError): Promise<void> {
  const principal = request.access?.principal ?? null;
  try {
    await withSystem(deps.db, (trx) =>
      recordAudit(trx, {
        activity: 'ACCESS_DENIED',
        tenantId: principal?.homeTenantId ?? null,
        userId: principal?.userId ?? null,
        email: principal?.email ?? null,
        ip: request.ip,
        at: deps.clock.now(),
        detail: {
          method: request.method,
          route: request.routeOptions.url ?? request.url,
          code: error.options.code ?? null,
          operatingTenant: request.headers.operatingtenant ?? null,
        },
      }),
    );
  } catch (auditError) {
    request.log.error({ err: auditError }, 'could not record ACCESS_DENIED');
  }
}

/**
 * One mapping from errors to answers: contract violations → 400 with the fields, domain errors → their
 * status and code (a 403 also leaves an ACCESS_DENIED audit record), anything else → 500 without details.
 */
export function createErrorHandler(deps: AppDeps) {
  return async function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
    if (error.validation) {
      return reply.code(400).send({
        message: 'The request does not match the contract.',
        code: 'BAD_REQUEST',
        errors: fieldErrors(error.validationContext, error.validation as AjvLikeError[]),
      });
    }
    if (error instanceof HttpError) {
      if (error.statusCode === 403 && !error.options.audited) await auditDenial(deps, request, error);
      if (error.statusCode >= 500) request.log.error({ err: error }, 'server error');
      if (error.options.headers) void reply.headers(error.options.headers);
      return reply.code(error.statusCode).send(error.toBody());
    }
    const status = error.statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      return reply.code(status).send({ message: error.message, code: CLIENT_ERROR_CODES[status] ?? 'BAD_REQUEST' });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return reply
        .code(503)
        .header('retry-after', '5')
        .send({ message: SERVER_ERROR_MESSAGE, code: 'SERVICE_UNAVAILABLE' });
    }
    if (isDataException(error)) {
      request.log.warn({ err: error }, 'input refused by the database that validation let through');
      return reply.code(400).send({ message: 'The request does not match the contract.', code: 'BAD_REQUEST' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ message: 'Something went wrong', code: 'INTERNAL' });
  };
}
