import type { EnvironmentContext, JestEnvironmentConfig } from '@jest/environment';
import { TestEnvironment } from 'jest-environment-jsdom';

/**
 * jsdom without the Web APIs Node already has: RTK Query needs fetch/Request/Response/Headers and
 * AbortController from the same realm, and Chakra/zag need matchMedia, the observers and PointerEvent.
 */

/**
 * A media query list as a browser's: a query on the window's width in px (`(max-width: 599.98px)`) follows
 * `innerWidth`, answering again on each `resize` and telling its listeners when the answer changes (tests set
 * `innerWidth` and fire `resize`); any other query (Chakra's rem breakpoints, preferences) never matches.
 */
function widthQueryList(window: Record<string, unknown>, query: string) {
  const max = /max-width:\s*([\d.]+)px/.exec(query)?.[1];
  const min = /min-width:\s*([\d.]+)px/.exec(query)?.[1];
  const answer = () => {
    if (max === undefined && min === undefined) return false;
    const width = window.innerWidth as number;
    return (max === undefined || width <= Number(max)) && (min === undefined || width >= Number(min));
  };
  const target = new (window.EventTarget as typeof EventTarget)();
  let matches = answer();
  (window.addEventListener as Window['addEventListener'])('resize', () => {
    if (answer() === matches) return;
    matches = !matches;
    target.dispatchEvent(new (window.Event as typeof Event)('change'));
  });
  return Object.defineProperties(target, {
    matches: { get: answer },
    media: { value: query },
    onchange: { value: null, writable: true },
    addListener: { value: (listener: () => void) => target.addEventListener('change', listener) },
    removeListener: { value: (listener: () => void) => target.removeEventListener('change', listener) },
  });
}
export default class WebTestEnvironment extends TestEnvironment {
  constructor(config: JestEnvironmentConfig, context: EnvironmentContext) {
    super(config, context);
    const target = this.global as unknown as Record<string, unknown>;
    const fromNode: Record<string, unknown> = {
      TextEncoder,
      TextDecoder,
      fetch: globalThis.fetch,
      Request,
      Response,
      Headers,
      FormData,
      Blob,
      File,
      ReadableStream,
      structuredClone,
      AbortController,
      AbortSignal,
    };
    for (const [name, value] of Object.entries(fromNode)) target[name] = value;

    target.matchMedia = (query: string) => widthQueryList(target, query);
    class InertObserver {
      observe(): void {}
      unobserve(): void {}
      disconnect(): void {}
      takeRecords(): [] {
        return [];
      }
    }
    target.ResizeObserver = InertObserver;
    target.IntersectionObserver = InertObserver;
    target.scrollTo = () => undefined;

    // jsdom has no PointerEvent; without it zag (Chakra's menus) reads a click as a press outside the menu.
    const JsdomMouseEvent = target.MouseEvent as typeof MouseEvent;
    class PointerEventShim extends JsdomMouseEvent {
      readonly pointerId: number;
      readonly pointerType: string;
      readonly isPrimary: boolean;
      constructor(type: string, init: PointerEventInit = {}) {
        super(type, init);
        this.pointerId = init.pointerId ?? 1;
        this.pointerType = init.pointerType ?? 'mouse';
        this.isPrimary = init.isPrimary ?? true;
      }
    }
    target.PointerEvent = PointerEventShim;
    const elementPrototype = (target.Element as typeof Element).prototype;
    elementPrototype.scrollTo = () => undefined;
    elementPrototype.scrollIntoView = () => undefined;
  }
}
