import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';

/**
 * Ajv for OpenAPI 3.1 schemas (JSON Schema 2020-12). Request parameters arrive as strings and are coerced;
 * bodies and responses are checked as they are. Unknown body properties are errors, never stripped.
 */
export function createAjv(options: { coerceTypes: boolean; useDefaults?: boolean }): Ajv2020 {
  const ajv = new Ajv2020({
    strict: true,
    allowUnionTypes: true,
    allErrors: true,
    useDefaults: options.useDefaults ?? true,
    removeAdditional: false,
    coerceTypes: options.coerceTypes ? 'array' : false,
    discriminator: true,
  });
  ajv.addVocabulary(['example', 'xml', 'externalDocs']);
  addFormats(ajv);
  return ajv;
}
