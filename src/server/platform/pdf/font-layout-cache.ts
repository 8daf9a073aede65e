import type { Font } from 'fontkit';

/** Text runs a font keeps shaped: enough for a risk report's labels, questions and answers many times over. */
export const LAYOUT_CACHE_SIZE = 10_000;

interface ShapedRun {
  glyphs: unknown[];
  positions: object[];
}

const copyOf = <T extends object>(value: T): T =>
  Object.assign(Object.create(Object.getPrototypeOf(value)) as T, value);

/**
 * A shaped run as fontkit returns it, with positions of its own: pdfkit scales a run's positions in place, so each
 * caller gets fresh ones; glyphs are fontkit's own objects, shared as fontkit shares them between its runs.
 */
const freshRun = (run: ShapedRun): ShapedRun =>
  Object.assign(copyOf(run), { glyphs: run.glyphs.slice(), positions: run.positions.map(copyOf) });

/**
 * Keeps the font's shaped runs for every document its thread writes (issue 30, ADR 0109): pdfkit caches them per
 * document only, and never when a text has features (every run of ours turns ligatures off), so shaping each run
 * anew was most of what was left of a risk report's CPU. Least recently used runs go past `capacity`.
 */
export function cacheLayouts(font: Font, capacity = LAYOUT_CACHE_SIZE): Font {
  const shape = font.layout.bind(font) as (text: string, features?: unknown, ...more: unknown[]) => ShapedRun;
  const runs = new Map<string, ShapedRun>();
  font.layout = (text: string, features?: unknown, ...more: unknown[]) => {
    // Script, language or direction given: shaped as asked, not kept (pdfkit never gives them).
    if (more.length) return shape(text, features, ...more);
    // Read before shaping: fontkit adds its default features to the object it is given.
    const key = `${JSON.stringify(features ?? null)}\u0000${text}`;
    let run = runs.get(key);
    if (run) runs.delete(key);
    else run = shape(text, features);
    runs.set(key, run);
    if (runs.size > capacity) runs.delete(runs.keys().next().value as string);
    return freshRun(run);
  };
  return font;
}
