/**
 * docs/product/documents.md#upload (docs/product/documents.md#page): what the add-document modal accepts before it
 * calls the server.
 */
export const DOCUMENT_EXTENSIONS = [
  '.pdf',
  '.png',
  '.jpeg',
  '.jpg',
  '.xlsx',
  '.docx',
  '.doc',
  '.json',
  '.html',
] as const;

/** 10 MB (the server refuses more with 413). */
export const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;

/**
 * Search debounce and comment preview (docs/product/documents.md#page); page size 10 (docs/product/documents.md#page).
 */
export const DOCUMENT_SEARCH_DEBOUNCE_MS = 1000;
export const COMMENT_PREVIEW_LENGTH = 20;
export const DOCUMENT_PAGE_SIZE = 10;

export type DocumentFileProblem = 'type' | 'size' | null;

/** Why a chosen file cannot be uploaded (its extension, then its size), or null when it may be. */
export function documentFileProblem(file: { name: string; size: number }): DocumentFileProblem {
  const dot = file.name.lastIndexOf('.');
  const extension = dot < 0 ? '' : file.name.slice(dot).toLowerCase();
  if (!(DOCUMENT_EXTENSIONS as readonly string[]).includes(extension)) return 'type';
  if (file.size > DOCUMENT_MAX_BYTES) return 'size';
  return null;
}

/** The comment in view mode: cut at 20 characters followed by ' ...' (docs/product/documents.md#comment). */
export const commentPreview = (comment: string) =>
  comment.length > COMMENT_PREVIEW_LENGTH ? `${comment.slice(0, COMMENT_PREVIEW_LENGTH)} ...` : comment;
