import type { ProjectFiles } from '../../../platform/db/generated/database';
import { extensionOf } from '../../../platform/storage/stored-uploads';
import { XLSX_MEDIA_TYPE as XLSX } from '../../../platform/spreadsheet/xlsx-sheet';

export type ProjectFileType = ProjectFiles['file_type'];

const XLS = 'application/vnd.ms-excel';
const ZIP = 'application/zip';
/** What file-type reads from an .xlsx (a zip, or recognised as xlsx) and an .xls (a compound file). */
const XLSX_BYTES = [XLSX, ZIP];
const XLS_BYTES = ['application/x-cfb', XLS];

export interface FileKind {
  /** Extension (lower case, with the dot) → the media types its bytes may be, and the media type it is served as. */
  extensions: Record<string, { bytes: string[]; mediaType: string }>;
  maxBytes: number;
}

const MB = 1024 * 1024;
const spreadsheets = {
  '.xlsx': { bytes: XLSX_BYTES, mediaType: XLSX },
  '.xls': { bytes: XLS_BYTES, mediaType: XLS },
};

/** docs/product/project-team-and-files.md#files: the accepted files of each kind. */
export const FILE_KINDS: Record<ProjectFileType, FileKind> = {
  ISW_XLSX: { extensions: spreadsheets, maxBytes: 20 * MB },
  SUPERVISOR_XLSX: { extensions: spreadsheets, maxBytes: 20 * MB },
  MOBILE_APP_XLSX: { extensions: { '.xlsx': spreadsheets['.xlsx'] }, maxBytes: 20 * MB },
  QUESTIONS_AUDIO: { extensions: { '.zip': { bytes: [ZIP], mediaType: ZIP } }, maxBytes: 200 * MB },
  ASSETS_ZIP: { extensions: { '.zip': { bytes: [ZIP], mediaType: ZIP } }, maxBytes: 500 * MB },
};

export const FILE_TYPE_NOT_SUPPORTED = 'File type not supported';

export { extensionOf };

/** The accepted extension entry of a file name for a kind, or null. */
export const acceptedExtension = (kind: ProjectFileType, fileName: string) =>
  FILE_KINDS[kind].extensions[extensionOf(fileName)] ?? null;
