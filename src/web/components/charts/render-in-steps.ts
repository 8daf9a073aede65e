import type ApexCharts from 'apexcharts/core';
import { nextTask } from '../../lib/next-task';

/** The part of an ApexCharts instance that `render()` calls after `create()` (its own method, on the prototype). */
interface Mountable {
  mount(graphData: unknown): Promise<unknown>;
}

/**
 * `chart.render()` in two tasks instead of one (ADR 0154): ApexCharts' render creates the chart (its configuration
 * parsed, the plot laid out, the SVG built) and mounts it (the SVG added, tooltip, axes, a non-axis chart resized) in
 * one synchronous call, which on a phone was the dashboard's longest task. Its mount already answers a promise that
 * render waits for, so this instance's first mount is called in the next task; later draws (updates) are untouched.
 * A chart destroyed between the two (`stopped()`, its component gone) is not mounted.
 */
export function renderInSteps(chart: ApexCharts, stopped: () => boolean = () => false): Promise<unknown> {
  const steps = chart as unknown as Mountable;
  const mount = steps.mount;
  steps.mount = (graphData) => {
    Reflect.deleteProperty(steps, 'mount');
    return nextTask().then(() => (stopped() ? undefined : mount.call(chart, graphData)));
  };
  // A chart drawn into a hidden element never mounts: the instance keeps no step of its own either way.
  return chart.render().finally(() => Reflect.deleteProperty(steps, 'mount'));
}
