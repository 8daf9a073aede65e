import type { EnvironmentContext, JestEnvironmentConfig } from '@jest/environment';
import { TestEnvironment } from 'jest-environment-jsdom';

/**
 * jsdom without the Web APIs Node already has: RTK Query needs fetch/Request/Response/Headers and
 * AbortController from the same realm, and Chakra/zag need matchMedia and the observers.
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
    const elementPrototype = (target.Element as typeof Element).prototype;
    elementPrototype.scrollTo = () => undefined;
    elementPrototype.scrollIntoView = () => undefined;
  }
}
