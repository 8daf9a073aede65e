import ApexCharts, { type ApexOptions } from 'apexcharts/core';
import 'apexcharts/bar';
import 'apexcharts/donut';
import { useEffect, useRef, useState } from 'react';
import { nextTask } from '../../lib/next-task';
import { addApexStyleSheet, afterNextFrame } from './apex-style-sheet';
import { renderInSteps } from './render-in-steps';

export interface ApexChartProps {
  type: 'bar' | 'donut';
  series: ApexOptions['series'];
  options: ApexOptions;
  height: number | string;
}

/** Same value, objects and arrays compared member by member, functions by identity (as react-apexcharts did). */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  const aKeys = Object.keys(a);
  const bKeys = Object.keys(b);
  if (aKeys.length !== bKeys.length) return false;
  const bRecord = b as Record<string, unknown>;
  return aKeys.every((key) => key in bRecord && sameValue((a as Record<string, unknown>)[key], bRecord[key]));
}

const configOf = ({ type, series, options, height }: ApexChartProps): ApexOptions => ({
  ...options,
  chart: { ...options.chart, type, height, width: '100%' },
  series,
});

/**
 * ApexCharts (its tree-shaken core, with the bar and donut types only: no chart draws Apex's legend, ADR 0113) drawn
 * into a div in steps of one task each (ADR 0154): the commit that mounts the chart ends first, then the instance is
 * built (its options merged with the defaults; the page's first chart adds ApexCharts' stylesheet then and waits for a
 * frame, ADR 0170), then `render()` creates the chart in one task and mounts it in the
 * next (`renderInSteps`). react-apexcharts did all of it in the commit's effect, one task of 158-423 ms for the
 * dashboard's doughnut on the simulated phone. Until it is drawn the chart's place shows the frame's placeholder. Later
 * props update the drawn chart as react-apexcharts did: new options (or height) redraw it, a new series alone updates
 * the series. Its own module, so that `Chart` loads it on demand (the `charts` chunk, ADR 0055).
 */
export default function ApexChart(props: ApexChartProps) {
  const element = useRef<HTMLDivElement>(null);
  const chart = useRef<ApexCharts | null>(null);
  const latest = useRef(props);
  const drawnWith = useRef<ApexChartProps | null>(null);
  const [drawn, setDrawn] = useState(false);

  useEffect(() => {
    latest.current = props;
  });

  useEffect(() => {
    let cancelled = false;
    let instance: ApexCharts | null = null;
    void (async () => {
      await nextTask();
      if (cancelled || !element.current) return;
      const drawing = latest.current;
      // The page's first chart adds ApexCharts' stylesheet here, and is created only after the next frame: the sheet's
      // parse and the document's restyle fall outside the create() step (ADR 0170).
      const addedStyleSheet = addApexStyleSheet(element.current.ownerDocument);
      instance = new ApexCharts(element.current, configOf(drawing));
      await (addedStyleSheet ? afterNextFrame() : nextTask());
      if (cancelled) return;
      await renderInSteps(instance, () => cancelled);
      if (cancelled) return;
      chart.current = instance;
      drawnWith.current = drawing;
      setDrawn(true);
    })();
    return () => {
      cancelled = true;
      chart.current = null;
      instance?.destroy();
    };
  }, []);

  const { series, options, height } = props;
  useEffect(() => {
    const before = drawnWith.current;
    if (!drawn || !chart.current || !before) return;
    const after = latest.current;
    if (!sameValue(before.options, after.options) || before.height !== after.height) {
      void chart.current.updateOptions(configOf(after));
    } else if (!sameValue(before.series, after.series)) {
      void chart.current.updateSeries(after.series!);
    }
    drawnWith.current = after;
  }, [drawn, series, options, height]);

  return (
    <>
      <div ref={element} />
      {/* After the chart's div, so that it paints over what ApexCharts adds before it has mounted. */}
      {drawn ? null : <div data-part="drawing" />}
    </>
  );
}
