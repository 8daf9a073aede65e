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

    target.matchMedia = (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    });
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
