/** The part of fontkit 2 (pdfkit's font engine) the PDF writer uses: a font parsed once, handed to pdfkit. */
declare module 'fontkit' {
  /** A parsed font; pdfkit takes it where it takes a font file (it recognises it by its `layout` method). */
  export interface Font {
    layout(text: string, features?: unknown): unknown;
    /** fontkit's glyph object for a glyph id, kept by the font; its subsetter reads glyphs through it. */
    getGlyph(id: number, codePoints?: number[]): unknown;
  }
  export function create(buffer: Uint8Array, postscriptName?: string): Font;
}
