import type { Documents } from '../../../platform/db/schema';
import { extensionOf } from '../../../platform/storage/stored-uploads';
import { XLSX_MEDIA_TYPE as XLSX } from '../../../platform/spreadsheet/xlsx-sheet';

/** The File Type of a document: its accepted extension without the dot. */
export type DocumentType = Documents['document_type'];

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const ZIP = 'application/zip';
const CFB = 'application/x-cfb';

/**
 * How a file's first bytes must read: media types `file-type` may detect, or a text format (`file-type` knows
 * none) whose head must be UTF-8 text starting like JSON or like HTML.
 */
type ByteCheck = { detected: string[] } | { text: 'json' | 'html' };

interface DocumentKind {
  /** The media type the document is stored and served as. */
  mediaType: string;
  bytes: ByteCheck;
}

/** docs/product/documents.md#upload: pdf, png, jpeg/jpg, xlsx, docx, doc, json, html. */
export const DOCUMENT_KINDS: Record<DocumentType, DocumentKind> = {
  pdf: { mediaType: 'application/pdf', bytes: { detected: ['application/pdf'] } },
  png: { mediaType: 'image/png', bytes: { detected: ['image/png'] } },
  jpeg: { mediaType: 'image/jpeg', bytes: { detected: ['image/jpeg'] } },
  jpg: { mediaType: 'image/jpeg', bytes: { detected: ['image/jpeg'] } },
  // An Office Open XML file is a zip; file-type names it by its content types when it can.
  xlsx: { mediaType: XLSX, bytes: { detected: [XLSX, ZIP] } },
  docx: { mediaType: DOCX, bytes: { detected: [DOCX, ZIP] } },
  // A Word 97-2003 file is a compound file.
  doc: { mediaType: 'application/msword', bytes: { detected: [CFB, 'application/msword'] } },
  json: { mediaType: 'application/json', bytes: { text: 'json' } },
  html: { mediaType: 'text/html', bytes: { text: 'html' } },
};

/** docs/product/documents.md#upload: the largest document, 10 MB (the contract's `x-max-bytes` of uploadDocument). */
export const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;

/** The document type of a file name by its extension, or null when it is not accepted. */
export function documentTypeOf(fileName: string): DocumentType | null {
  const extension = extensionOf(fileName).slice(1);
  return Object.hasOwn(DOCUMENT_KINDS, extension) ? (extension as DocumentType) : null;
}

/** The head as text when it is UTF-8 without NUL (a character cut at the end of the head is allowed). */
function textOf(head: Uint8Array, complete: boolean): string | null {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  // A multi-byte character may be cut by the head's end: drop up to three trailing bytes of an incomplete one.
  for (let cut = 0; cut <= (complete ? 0 : 3); cut += 1) {
    try {
      const text = decoder.decode(head.subarray(0, head.length - cut));
      return text.includes('\u0000') ? null : text;
    } catch {
      // try one byte shorter
    }
  }
  return null;
}

/**
 * Whether a file's first bytes are of its type: the media type `file-type` detected (null when it knows none)
 * for binary formats; for JSON and HTML, no detected binary type and UTF-8 text starting with `{`/`[` or with a
 * tag (`<` and a letter, `!` or `?`) after an optional byte-order mark and white space.
 */
export function bytesMatch(type: DocumentType, detected: string | null, head: Uint8Array, complete: boolean): boolean {
  const check = DOCUMENT_KINDS[type].bytes;
  if ('detected' in check) return detected !== null && check.detected.includes(detected);
  if (detected !== null && detected !== 'application/xml' && detected !== 'text/html') return false;
  const text = textOf(head, complete)
    ?.replace(/^\uFEFF/, '')
    .trimStart();
  if (!text) return false;
  return check.text === 'json' ? /^[[{]/.test(text) : /^<[A-Za-z!?]/.test(text);
}

/**
 * The name a document is kept and downloaded under: the last path segment of the uploaded name, without
 * control characters, at most 200 characters (the extension kept).
 */
export function documentFileName(uploaded: string, type: DocumentType): string {
  // eslint-disable-next-line no-control-regex
  const base = (uploaded.split(/[\\/]/).pop() ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim();
  if (base.length <= 200) return base.length > `.${type}`.length ? base : `document.${type}`;
  const extension = extensionOf(base);
  return base.slice(0, 200 - extension.length) + extension;
}
