/**
 * An IntersectionObserver for jsdom that reports the targets matching `selector` as intersecting as soon as they are
 * observed, as a browser's first report does for a place near the screen; other targets are never reported (as with
 * the test environment's inert observer). For places that wait for the observer's report (`beforePaint: false`,
 * ADR 0151) and not for a measure, which jsdom would always answer with zeros.
 */
export function observerReportingNear(selector: string): typeof IntersectionObserver {
  return class {
    constructor(private readonly report: IntersectionObserverCallback) {}
    observe(target: Element) {
      if (target.matches(selector))
        this.report([{ isIntersecting: true, target } as IntersectionObserverEntry], this as never);
    }
    unobserve() {}
    disconnect() {}
    takeRecords() {
      return [];
    }
  } as never;
}
