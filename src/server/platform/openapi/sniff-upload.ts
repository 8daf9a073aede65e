import { fileTypeFromBuffer } from 'file-type/core';

/** Raster image types an upload may be, by its bytes (SVG is refused: it is a document that can run script). */
export const SAFE_IMAGE_TYPES: readonly string[] = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];

/**
 * The media type of uploaded bytes as file-type reads their signature; null when they are not one of the
 * safe raster image types, whatever the client declared (ADR 0013).
 */
export async function sniffImageType(data: Uint8Array): Promise<string | null> {
  const detected = await fileTypeFromBuffer(data);
  return detected && SAFE_IMAGE_TYPES.includes(detected.mime) ? detected.mime : null;
}
