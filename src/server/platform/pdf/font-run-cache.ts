import type { Font } from 'fontkit';

/** Runs a font keeps measured: enough for a risk report's labels, questions and answers many times over. */
export const RUN_CACHE_SIZE = 10_000;

/** A run as pdfkit uses it: its positions and width already in pdfkit's 1000-unit scale. */
export interface ScaledRun {
  readonly glyphs: readonly unknown[];
  readonly positions: readonly object[];
  readonly advanceWidth: number;
}

/** The part of pdfkit's per-document font (`EmbeddedFont`) the cache touches. */
export interface RunLayingFont {
  font: Font;
  layoutRun(text: string, features?: object): ScaledRun;
  [kept]?: true;
}

const kept = Symbol('scaled runs kept');
const NO_FEATURES = {};
/** Per parsed font, per features object (by identity), the runs by text. */
const runsByFont = new WeakMap<Font, WeakMap<object, Map<string, ScaledRun>>>();

/**
 * Keeps the runs pdfkit lays out, scaled, for every document of the thread that uses the same parsed font (issue 30,
 * ADR 0149). pdfkit lays out the whole text again for each width it measures and each text it writes when a text has
 * features (every run of ours turns ligatures off), and scales a fresh copy of the run's positions each time: that
 * measuring was a fifth of a risk report's CPU. A run depends only on the font, its text and its features, and pdfkit
 * reads a run's glyphs and positions without changing them, so one frozen run serves every caller (a change would
 * throw, not leak into the next document). Runs are kept by the features object itself, not its content (turning it
 * into a key was most of the cost left): callers keep one object per set of features and never change it; fontkit
 * adds to it only the features it applies anyway. Runs first kept go first past `capacity`.
 */
export function keepScaledRuns(embedded: RunLayingFont, capacity = RUN_CACHE_SIZE): void {
  if (embedded[kept]) return;
  embedded[kept] = true;
  let fontRuns = runsByFont.get(embedded.font);
  if (!fontRuns) runsByFont.set(embedded.font, (fontRuns = new WeakMap()));
  const byFeatures = fontRuns;
  const layOut = embedded.layoutRun.bind(embedded);
  embedded.layoutRun = (text: string, features?: object) => {
    let shared = byFeatures.get(features ?? NO_FEATURES);
    if (!shared) byFeatures.set(features ?? NO_FEATURES, (shared = new Map()));
    let run = shared.get(text);
    if (!run) {
      const fresh = layOut(text, features);
      run = Object.freeze({
        glyphs: Object.freeze(fresh.glyphs.slice()),
        positions: Object.freeze(fresh.positions.map((position) => Object.freeze(position))),
        advanceWidth: fresh.advanceWidth,
      });
      shared.set(text, run);
      if (shared.size > capacity) shared.delete(shared.keys().next().value as string);
    }
    return run;
  };
}
