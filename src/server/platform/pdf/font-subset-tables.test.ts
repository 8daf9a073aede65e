import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { create as parseFont, type Font } from 'fontkit';
import { keepDecodedGlyphs } from './font-glyph-cache';
import { keepConstantTables } from './font-subset-tables';

interface Subset {
  includeGlyph(id: number): number;
  encode(): Uint8Array;
}
type SubsettingFont = Omit<Font, 'getGlyph'> & {
  numGlyphs: number;
  getGlyph(id: number): { path: object };
  createSubset(): Subset;
  glyphsForString(text: string): { id: number }[];
  'cvt ': { controlValues: number[] };
  prep: { instructions: number[] };
  fpgm: { instructions: number[] };
};

const dejaVu = (file = 'DejaVuSans.ttf') =>
  parseFont(readFileSync(join(import.meta.dirname, 'fonts', file))) as SubsettingFont;
// Accented letters are composite glyphs in DejaVu: their components join the subset too.
const TEXTS = ['Peña Ñandú — Kumusta ka? Кириллица', 'Risk Report: BENCH-30', 'Сергей Иванович Кузнецов, José Núñez'];

/** The font file pdfkit would embed for a document showing `text`. */
const subsetFor = (font: SubsettingFont, text: string) => {
  const subset = font.createSubset();
  for (const glyph of font.glyphsForString(text)) subset.includeGlyph(glyph.id);
  return Buffer.from(subset.encode());
};

test.each(['DejaVuSans.ttf', 'DejaVuSans-Bold.ttf'])(
  'each subset of %s is the file fontkit writes, byte for byte, and a valid font',
  (file) => {
    const plain = dejaVu(file);
    const kept = keepConstantTables(keepDecodedGlyphs(dejaVu(file))) as SubsettingFont;
    for (const text of [...TEXTS, TEXTS[0]!]) {
      const bytes = subsetFor(kept, text);
      expect(bytes.equals(subsetFor(plain, text))).toBe(true);
      const parsed = parseFont(bytes) as SubsettingFont;
      // Each glyph's outline decodes (composites name components inside the subset).
      expect(parsed.numGlyphs).toBeGreaterThan(1);
      for (let id = 0; id < parsed.numGlyphs; id += 1) expect(parsed.getGlyph(id).path).toBeDefined();
      expect(parsed['cvt '].controlValues).toEqual(plain['cvt '].controlValues);
      expect(parsed.fpgm.instructions).toEqual(plain.fpgm.instructions);
      expect(parsed.prep.instructions).toEqual(plain.prep.instructions);
    }
  },
);

test('the constant tables are encoded for the first subset of a font only', () => {
  const font = keepConstantTables(dejaVu()) as SubsettingFont;
  // Counts the reads of the control values, which encoding the `cvt ` table reads one by one.
  let reads = 0;
  const table = font['cvt '];
  table.controlValues = new Proxy(table.controlValues, {
    get: (values, key, receiver) => {
      if (typeof key === 'string' && /^\d+$/.test(key)) reads += 1;
      return Reflect.get(values, key, receiver) as unknown;
    },
  });
  subsetFor(font, TEXTS[0]!);
  const firstReads = reads;
  expect(firstReads).toBeGreaterThan(0);
  subsetFor(font, TEXTS[1]!);
  subsetFor(font, TEXTS[2]!);
  expect(reads).toBe(firstReads);
});
