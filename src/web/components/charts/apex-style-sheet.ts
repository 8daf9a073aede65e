import { apexChartsStyleSheet } from 'apexcharts/core';
import { nextTask } from '../../lib/next-task';

/** The id ApexCharts looks its stylesheet up by: with it on the page, its `render()` adds none. */
export const APEX_STYLE_SHEET_ID = 'apexcharts-css';

/** A page whose frames do not come (hidden) draws its charts this long after the stylesheet at the latest. */
const FRAME_WAIT_MS = 1000;

/**
 * Adds ApexCharts' stylesheet to the page as its `render()` would (the same text, id and place, the start of <head>),
 * unless it is there already; answers whether it added it. ApexCharts adds it inside the chart's `create()` step and
 * measures its text in the same task, so the browser parsed the sheet and restyled the whole document there: the
 * doughnut's longest step (ADR 0170). Added a frame before, both happen outside it.
 */
export function addApexStyleSheet(doc: Document): boolean {
  if (doc.getElementById(APEX_STYLE_SHEET_ID)) return false;
  const style = doc.createElement('style');
  style.id = APEX_STYLE_SHEET_ID;
  style.textContent = apexChartsStyleSheet;
  doc.head.prepend(style);
  return true;
}

/**
 * Resolves in a task after the next frame has been rendered (its style and layout done), or FRAME_WAIT_MS later
 * where no frame comes.
 */
export const afterNextFrame = (): Promise<void> =>
  new Promise((resolve) => {
    let started = false;
    const next = () => {
      if (started) return;
      started = true;
      void nextTask().then(resolve);
    };
    requestAnimationFrame(next);
    setTimeout(next, FRAME_WAIT_MS);
  });
