import type { EnvironmentContext, JestEnvironmentConfig } from '@jest/environment';
import { TestEnvironment } from 'jest-environment-jsdom';

/**
 * jsdom without the Web APIs Node already has: RTK Query needs fetch/Request/Response/Headers and
 * AbortController from the same realm, and Chakra/zag need matchMedia, the observers and PointerEvent.
 */
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

    // Every query is false, except `not all and (min-width: Npx)` (the shell's, app/shell/use-narrower-than.ts), which
    // follows window.innerWidth: tests set it and fire `resize`, and its `change` listeners hear a crossing.
    const window = this.global as unknown as Window;
    target.matchMedia = (query: string) => {
      const below = /^not all and \(min-width: (\d+)px\)$/.exec(query);
      const evaluate = () => (below ? window.innerWidth < Number(below[1]) : false);
      const listeners = new Map<EventListener, EventListener>();
      return {
        get matches() {
          return evaluate();
        },
        media: query,
        onchange: null,
        addListener: () => undefined,
        removeListener: () => undefined,
        addEventListener: (type: string, listener: EventListener) => {
          if (type !== 'change' || !below) return;
          let last = evaluate();
          const onResize = (event: Event) => {
            if (evaluate() !== last) listener(event);
            last = evaluate();
          };
          listeners.set(listener, onResize);
          window.addEventListener('resize', onResize);
        },
        removeEventListener: (type: string, listener: EventListener) => {
          const onResize = listeners.get(listener);
          if (type === 'change' && onResize) window.removeEventListener('resize', onResize);
          listeners.delete(listener);
        },
        dispatchEvent: () => false,
      };
    };
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
