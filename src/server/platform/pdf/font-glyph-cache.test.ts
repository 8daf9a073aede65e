import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { create as parseFont, type Font } from 'fontkit';
import { keepDecodedGlyphs } from './font-glyph-cache';

interface Subset {
  includeGlyph(id: number): number;
  encode(): Uint8Array;
}
interface Glyph {
  id: number;
  _decode(): unknown;
}
type SubsettingFont = Font & { createSubset(): Subset; glyphsForString(text: string): Glyph[] };

const dejaVu = () => parseFont(readFileSync(join(import.meta.dirname, 'fonts', 'DejaVuSans.ttf'))) as SubsettingFont;
// Accented letters are composite glyphs in DejaVu (a base letter and its mark): their components join the subset too.
const TEXT = 'Peña Ñandú — Kumusta ka? Кириллица';

/** The font file pdfkit would embed for a document showing `text`, as fontkit's subsetter encodes it. */
const subsetFor = (font: SubsettingFont, text: string) => {
  const subset = font.createSubset();
  for (const glyph of font.glyphsForString(text)) subset.includeGlyph(glyph.id);
  return Buffer.from(subset.encode());
};

test('each glyph is decoded once for all the subsets of a thread, and each subset is the one fontkit encodes', () => {
  const expected = subsetFor(dejaVu(), TEXT);
  const expectedFewer = subsetFor(dejaVu(), 'Ñandú Peña');
  const font = keepDecodedGlyphs(dejaVu()) as SubsettingFont;
  const decode = jest.spyOn(Object.getPrototypeOf(font.getGlyph(0)) as Glyph, '_decode');
  try {
    expect(subsetFor(font, TEXT).equals(expected)).toBe(true);
    const decodedOnce = decode.mock.calls.length;
    expect(decodedOnce).toBeGreaterThan(0);
    expect(subsetFor(font, TEXT).equals(expected)).toBe(true);
    expect(subsetFor(font, 'Ñandú Peña').equals(expectedFewer)).toBe(true);
    // The later subsets read the outlines the first one decoded.
    expect(decode.mock.calls.length).toBe(decodedOnce);
  } finally {
    decode.mockRestore();
  }
});
