import type { Font } from 'fontkit';

/** The part of a fontkit glyph the cache touches: its outline decoder. */
interface DecodingGlyph {
  _decode(): unknown;
  [kept]?: true;
}

const kept = Symbol('decoded outline kept');

/**
 * Keeps each glyph's decoded outline for every document its thread writes (issue 30, ADR 0143). pdfkit embeds a
 * subset of the font in each document, and fontkit's subsetter decodes every glyph it copies (only to find a composite
 * glyph's components), anew for each document: that decoding was about a fifth of a risk report's CPU. fontkit keeps
 * its glyph objects per font but not their outlines; the outline is read-only once decoded, so each glyph decodes once.
 */
export function keepDecodedGlyphs(font: Font): Font {
  const glyphOf = font.getGlyph.bind(font);
  font.getGlyph = (id: number, codePoints?: number[]) => {
    const glyph = glyphOf(id, codePoints) as DecodingGlyph | null;
    if (glyph && !glyph[kept]) {
      const decode = glyph._decode.bind(glyph);
      let outline: { value: unknown } | null = null;
      glyph._decode = () => (outline ??= { value: decode() }).value;
      glyph[kept] = true;
    }
    return glyph;
  };
  return font;
}
