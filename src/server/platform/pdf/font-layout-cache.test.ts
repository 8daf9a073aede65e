import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { create as parseFont, type Font } from 'fontkit';
import { cacheLayouts } from './font-layout-cache';

interface Run {
  glyphs: { id: number }[];
  positions: { xAdvance: number; yAdvance: number; xOffset: number; yOffset: number }[];
  advanceWidth: number;
}

const dejaVu = () => parseFont(readFileSync(join(import.meta.dirname, 'fonts', 'DejaVuSans.ttf')));
// fontkit adds its default features to the object it is given: each call here gets its own.
const noLigatures = () => ({ liga: false, clig: false });

test('a kept run is the run fontkit shapes, with positions of its own that callers may scale', () => {
  const plain = dejaVu();
  const cached = cacheLayouts(dejaVu());
  const text = 'Office affidavits: ¿Consumió alcohol? Кириллица';
  const expected = plain.layout(text, noLigatures()) as Run;
  const first = cached.layout(text, noLigatures()) as Run;
  expect(first.glyphs.map((g) => g.id)).toEqual(expected.glyphs.map((g) => g.id));
  expect(first.positions).toEqual(expected.positions);
  expect(first.advanceWidth).toBe(expected.advanceWidth);

  // pdfkit scales each position in place: the next caller must not see it.
  for (const position of first.positions) position.xAdvance *= 2;
  const second = cached.layout(text, noLigatures()) as Run;
  expect(second.positions).toEqual(expected.positions);
  expect(second.advanceWidth).toBe(expected.advanceWidth);
  expect(second.positions[0]).not.toBe(first.positions[0]);
});

test('runs are kept by text and features, shaped once each, least recently used first out', () => {
  const shaped: string[] = [];
  const font = {
    layout: (text: string, features?: unknown) => {
      shaped.push(`${text}/${JSON.stringify(features ?? null)}`);
      return { glyphs: [{ id: text.length }], positions: [{ xAdvance: 1, yAdvance: 0, xOffset: 0, yOffset: 0 }] };
    },
  } as unknown as Font;
  cacheLayouts(font, 2);
  font.layout('a', noLigatures());
  font.layout('a', noLigatures());
  font.layout('a');
  expect(shaped).toEqual(['a/{"liga":false,"clig":false}', 'a/null']);
  // 'a' with features was used last but one; touching it keeps it over 'a' without features.
  font.layout('a', noLigatures());
  font.layout('b', noLigatures());
  font.layout('a', noLigatures());
  font.layout('a');
  expect(shaped).toEqual(['a/{"liga":false,"clig":false}', 'a/null', 'b/{"liga":false,"clig":false}', 'a/null']);
});
