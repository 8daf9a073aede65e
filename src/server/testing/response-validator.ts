import type { ValidateFunction } from 'ajv';
import { createAjv } from '../platform/openapi/schema-validator';
import type { OperationSpec } from '../platform/openapi/contract';

/**
 * Checks answers against the contract: the status must be documented for the operation and the body must
 * match that response's schema. Every test request goes through it, so a drifting handler fails its tests.
 */
export class ResponseValidator {
  readonly #ajv = createAjv({ coerceTypes: false, useDefaults: false });
  readonly #compiled = new Map<string, ValidateFunction | null>();

  check(operation: OperationSpec, status: number, body: unknown): void {
    if (!operation.responses.has(status)) {
      throw new Error(
        `${operation.operationId} answered ${status}, which the contract does not document: ${JSON.stringify(body)}`,
      );
    }
    const key = `${operation.operationId} ${status}`;
    if (!this.#compiled.has(key)) {
      const schema = operation.responses.get(status);
      this.#compiled.set(key, schema ? this.#ajv.compile(schema) : null);
    }
    const validate = this.#compiled.get(key);
    if (validate && !validate(body)) {
      throw new Error(
        `${operation.operationId} ${status} does not match the contract: ${this.#ajv.errorsText(validate.errors)}\n` +
          JSON.stringify(body, null, 2).slice(0, 2000),
      );
    }
  }
}
