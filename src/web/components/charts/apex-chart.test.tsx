import { act, render } from '@testing-library/react';
import ApexChartsStub, { apexChartsStyleSheet } from '../../testing/apexcharts-stub';
import ApexChart from './apex-chart';
import { APEX_STYLE_SHEET_ID } from './apex-style-sheet';

/** The tasks the chart yielded to (`scheduler.yield`, which `nextTask` takes where the browser has it). */
const yields: Array<() => void> = [];
/** Runs the next task the chart waits for, and the promises it settles. */
const nextTask = () => act(async () => yields.shift()?.());
const drawnSeries = (container: HTMLElement) =>
  container.querySelector('[data-chart-stub]')?.getAttribute('data-series');

describe('ApexChart', () => {
  beforeEach(() => {
    yields.length = 0;
    (globalThis as { scheduler?: unknown }).scheduler = {
      yield: () => new Promise<void>((resolve) => yields.push(resolve)),
    };
    ApexChartsStub.steps = [];
    // A page that has drawn a chart before: its stylesheet is there (the first chart's steps are tested below).
    const sheet = document.createElement('style');
    sheet.id = APEX_STYLE_SHEET_ID;
    document.head.prepend(sheet);
  });
  afterEach(() => {
    delete (globalThis as { scheduler?: unknown }).scheduler;
    document.querySelectorAll(`#${APEX_STYLE_SHEET_ID}`).forEach((sheet) => sheet.remove());
  });

  it("adds ApexCharts' stylesheet with the page's first chart and creates that chart only after the next frame", async () => {
    document.getElementById(APEX_STYLE_SHEET_ID)!.remove();
    const frames: FrameRequestCallback[] = [];
    const frame = jest.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
      frames.push(callback);
      return frames.length;
    });
    try {
      const { container } = render(<ApexChart type="donut" series={[7, 10]} options={{}} height={300} />);
      await nextTask();
      expect(ApexChartsStub.steps).toEqual(['construct']);
      // ApexCharts' own text, where its render() would put it: with it on the page, render() adds none.
      const sheet = document.getElementById(APEX_STYLE_SHEET_ID);
      expect(sheet?.textContent).toBe(apexChartsStyleSheet);
      expect(document.head.firstElementChild).toBe(sheet);
      // Nothing more until a frame has been rendered (the sheet parsed, the page restyled), then a task after it.
      expect(yields).toHaveLength(0);
      expect(frames).toHaveLength(1);
      await act(async () => frames.shift()!(0));
      expect(ApexChartsStub.steps).toEqual(['construct']);
      await nextTask();
      expect(ApexChartsStub.steps).toEqual(['construct', 'create']);
      await nextTask();
      expect(drawnSeries(container)).toBe('[7,10]');

      // The page's next chart finds the sheet: none added, no frame waited for.
      render(<ApexChart type="bar" series={[]} options={{}} height={300} />);
      await nextTask();
      await nextTask();
      expect(ApexChartsStub.steps).toEqual(['construct', 'create', 'mount', 'construct', 'create']);
      expect(document.querySelectorAll(`#${APEX_STYLE_SHEET_ID}`)).toHaveLength(1);
      expect(frames).toHaveLength(0);
    } finally {
      frame.mockRestore();
    }
  });

  it('draws in tasks of its own after the commit: the instance, then the chart created, then mounted', async () => {
    const { container } = render(<ApexChart type="donut" series={[7, 10]} options={{}} height={300} />);
    // The commit that mounts the chart draws nothing; its place shows the placeholder.
    expect(ApexChartsStub.steps).toEqual([]);
    expect(container.querySelector('[data-part=drawing]')).not.toBeNull();

    await nextTask();
    expect(ApexChartsStub.steps).toEqual(['construct']);
    await nextTask();
    expect(ApexChartsStub.steps).toEqual(['construct', 'create']);
    expect(drawnSeries(container)).toBeUndefined();
    await nextTask();
    expect(ApexChartsStub.steps).toEqual(['construct', 'create', 'mount']);
    expect(drawnSeries(container)).toBe('[7,10]');
    expect(container.querySelector('[data-part=drawing]')).toBeNull();
  });

  it('updates the drawn chart as react-apexcharts did: a new series alone, nothing for equal props', async () => {
    const options = { labels: ['a', 'b'] };
    const { container, rerender } = render(<ApexChart type="donut" series={[7, 10]} options={options} height={300} />);
    for (let task = 0; task < 3; task++) await nextTask();
    const drawn = container.querySelector('[data-chart-stub]');

    rerender(<ApexChart type="donut" series={[7, 10]} options={{ labels: ['a', 'b'] }} height={300} />);
    expect(container.querySelector('[data-chart-stub]')).toBe(drawn);
    rerender(<ApexChart type="donut" series={[7, 0]} options={options} height={300} />);
    expect(drawnSeries(container)).toBe('[7,0]');
    // A later draw is not split: ApexCharts' own mount again.
    expect(ApexChartsStub.steps).toEqual(['construct', 'create', 'mount']);
  });

  it('builds nothing when it leaves before its turn, and destroys a chart it began', async () => {
    const gone = render(<ApexChart type="bar" series={[]} options={{}} height={300} />);
    gone.unmount();
    await nextTask();
    expect(ApexChartsStub.steps).toEqual([]);

    const leaving = render(<ApexChart type="bar" series={[]} options={{}} height={300} />);
    await nextTask();
    leaving.unmount();
    expect(ApexChartsStub.steps).toEqual(['construct', 'destroy']);
  });

  it('never mounts a chart destroyed between its creation and its mount', async () => {
    const leaving = render(<ApexChart type="bar" series={[]} options={{}} height={300} />);
    await nextTask();
    await nextTask();
    expect(ApexChartsStub.steps).toEqual(['construct', 'create']);
    leaving.unmount();
    await nextTask();
    expect(ApexChartsStub.steps).toEqual(['construct', 'create', 'destroy']);
  });
});
