import { createReadStream } from 'node:fs';
import { unprocessable } from '../../../platform/http/http-error';
import type { StreamedUpload } from '../../../platform/openapi/multipart-body';
import { extensionOf } from './file-kinds';

/**
 * docs/product/project-team-and-files.md#files, docs/product/project-team-and-files.md#configuration-json: the
 * configuration file read limit.
 */
export const CONFIGURATION_JSON_MAX_CHARACTERS = 20_000_000;
export const SELECT_JSON_FILE = 'Please select Json File';
export const JSON_NOT_VALID = 'JSON is not valid. Upload again after correction';

const invalid = (message: string, code: string) => unprocessable(message, code, [{ field: 'file', message }]);

/** Reads at most the first CONFIGURATION_JSON_MAX_CHARACTERS characters of the file as UTF-8. */
async function readLimited(path: string): Promise<string> {
  let text = '';
  const stream = createReadStream(path, { encoding: 'utf8', highWaterMark: 1024 * 1024 });
  for await (const chunk of stream as AsyncIterable<string>) {
    text += chunk;
    if (text.length >= CONFIGURATION_JSON_MAX_CHARACTERS) {
      stream.destroy();
      return text.slice(0, CONFIGURATION_JSON_MAX_CHARACTERS);
    }
  }
  return text;
}

/** docs/product/project-team-and-files.md#configuration-json: a .json file holding one JSON object. */
export async function readConfigurationJson(upload: StreamedUpload | null): Promise<Record<string, unknown>> {
  if (!upload || extensionOf(upload.filename) !== '.json') throw invalid(SELECT_JSON_FILE, 'JSON_FILE_REQUIRED');
  const text = (await readLimited(upload.path)).replace(/^\uFEFF/, '');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw invalid(JSON_NOT_VALID, 'INVALID_JSON');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw invalid(JSON_NOT_VALID, 'INVALID_JSON');
  return parsed as Record<string, unknown>;
}
