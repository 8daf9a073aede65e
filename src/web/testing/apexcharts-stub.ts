interface StubConfig {
  chart?: { type?: string; height?: number | string };
  series?: unknown;
}

/**
 * Stands in for ApexCharts in component tests: jsdom cannot lay out SVG. The console's Chart wrapper also renders its
 * data as a visually hidden table, which is what tests read; the stub draws into its element what the chart is asked
 * to draw: a div with the type, the series (`data-series`, as JSON) and the height. Like ApexCharts, `render()` calls
 * the instance's `create` and then its `mount` (which answers a promise render waits for); `steps` lists what every
 * instance did, in order, for tests of when the console draws.
 */
/** ApexCharts' stylesheet as scripts/apexcharts-style-sheet-loader.cjs exports it (ADR 0170): a rule of it. */
export const apexChartsStyleSheet = '.apexcharts-canvas{position:relative}';

export default class ApexChartsStub {
  static steps: string[] = [];

  constructor(
    private readonly element: HTMLElement,
    private config: StubConfig,
  ) {
    ApexChartsStub.steps.push('construct');
  }

  create = (): object => {
    ApexChartsStub.steps.push('create');
    return {};
  };

  mount(_graphData: unknown): Promise<this> {
    ApexChartsStub.steps.push('mount');
    this.draw();
    return Promise.resolve(this);
  }

  render(): Promise<this> {
    return this.mount(this.create()).then(() => this);
  }

  updateSeries(series: unknown): Promise<this> {
    this.config = { ...this.config, series };
    this.draw();
    return Promise.resolve(this);
  }

  updateOptions(config: StubConfig): Promise<this> {
    this.config = { ...this.config, ...config };
    this.draw();
    return Promise.resolve(this);
  }

  destroy(): void {
    ApexChartsStub.steps.push('destroy');
    this.element.replaceChildren();
  }

  private draw(): void {
    const drawing = document.createElement('div');
    drawing.setAttribute('data-chart-stub', this.config.chart?.type ?? '');
    drawing.setAttribute('data-series', JSON.stringify(this.config.series));
    drawing.setAttribute('data-height', String(this.config.chart?.height));
    this.element.replaceChildren(drawing);
  }
}
