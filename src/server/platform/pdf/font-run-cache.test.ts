import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { create as parseFont, type Font } from 'fontkit';
import PDFDocument from 'pdfkit';
import { keepScaledRuns, type RunLayingFont } from './font-run-cache';

const dejaVu = () => parseFont(readFileSync(join(import.meta.dirname, 'fonts', 'DejaVuSans.ttf')));
// One features object, as PdfWriter passes one for every text: runs are kept by its identity.
const NO_LIGATURES = { liga: false, clig: false };
const TEXT = 'Office affidavits: ¿Consumió alcohol? Peña Ñandú — Kumusta ka? Кириллица';

/** A pdfkit document drawing with `font`, and pdfkit's font object for it (the one `keepScaledRuns` wraps). */
function documentWith(font: Font, keep: boolean) {
  const doc = new PDFDocument({ font: null as unknown as string });
  doc.registerFont('body', font as unknown as Buffer);
  doc.font('body').fontSize(10);
  const embedded = (doc as unknown as { _font: RunLayingFont })._font;
  if (keep) keepScaledRuns(embedded);
  return { doc, embedded };
}

test('a width measured again is read from the kept run, equal to the width pdfkit measures alone', () => {
  const plain = documentWith(dejaVu(), false).doc;
  const font = dejaVu();
  const layout = jest.spyOn(font, 'layout');
  const first = documentWith(font, true).doc;
  const second = documentWith(font, true).doc;

  const width = first.widthOfString(TEXT, { features: NO_LIGATURES as never });
  expect(layout).toHaveBeenCalledTimes(1);
  expect(width).toBe(plain.widthOfString(TEXT, { features: { liga: false, clig: false } as never }));
  // Another document of the thread, measuring the same text: no layout.
  expect(second.widthOfString(TEXT, { features: NO_LIGATURES as never })).toBe(width);
  expect(layout).toHaveBeenCalledTimes(1);
  // Another size scales the same run.
  expect(second.fontSize(20).widthOfString(TEXT, { features: NO_LIGATURES as never })).toBe(width * 2);
  expect(layout).toHaveBeenCalledTimes(1);
});

test('a kept run is pdfkit’s scaled run, frozen, and the text it writes is unchanged', () => {
  const plain = documentWith(dejaVu(), false).embedded;
  const { embedded } = documentWith(dejaVu(), true);
  const expected = plain.layoutRun(TEXT, { liga: false, clig: false });
  const run = embedded.layoutRun(TEXT, NO_LIGATURES);
  expect(run.glyphs.map((glyph) => (glyph as { id: number }).id)).toEqual(
    expected.glyphs.map((glyph) => (glyph as { id: number }).id),
  );
  expect(run.positions.map((position) => ({ ...position }))).toEqual(
    expected.positions.map((position) => ({ ...position })),
  );
  expect(run.advanceWidth).toBe(expected.advanceWidth);
  expect(embedded.layoutRun(TEXT, NO_LIGATURES)).toBe(run);
  // pdfkit reads runs only: a change would throw rather than reach the next document.
  expect(() => {
    (run.positions[0] as { xAdvance: number }).xAdvance = 0;
  }).toThrow(TypeError);
});

test('runs are kept by text and features object, the first kept going first past the capacity', () => {
  const laidOut: string[] = [];
  const font = {} as Font;
  const embedded: RunLayingFont = {
    font,
    layoutRun: (text: string, features?: object) => {
      laidOut.push(`${text}/${features === NO_LIGATURES ? 'no ligatures' : 'none'}`);
      return { glyphs: [], positions: [], advanceWidth: text.length };
    },
  };
  keepScaledRuns(embedded, 2);
  embedded.layoutRun('a', NO_LIGATURES);
  embedded.layoutRun('a', NO_LIGATURES);
  embedded.layoutRun('a');
  embedded.layoutRun('b', NO_LIGATURES);
  embedded.layoutRun('c', NO_LIGATURES);
  embedded.layoutRun('b', NO_LIGATURES);
  embedded.layoutRun('a', NO_LIGATURES);
  expect(laidOut).toEqual(['a/no ligatures', 'a/none', 'b/no ligatures', 'c/no ligatures', 'a/no ligatures']);
});
