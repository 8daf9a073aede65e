import { fileTypeFromBuffer } from 'file-type/core';

/** The media type file-type reads from a file's first bytes (its magic bytes), or null when it knows none. */
export async function sniffFileType(head: Uint8Array): Promise<string | null> {
  return (await fileTypeFromBuffer(head))?.mime ?? null;
}
