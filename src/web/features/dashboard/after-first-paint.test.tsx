import { act, render, screen } from '@testing-library/react';
import { AfterFirstPaint } from './after-first-paint';

describe('AfterFirstPaint', () => {
  let observers: { report: IntersectionObserverCallback; options?: IntersectionObserverInit }[] = [];
  const idle: IdleRequestCallback[] = [];
  const runIdle = () =>
    act(() => idle.splice(0).forEach((callback) => callback({ didTimeout: false, timeRemaining: () => 50 })));
  const place = (top: number) => {
    jest.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({ top, bottom: top + 800 } as DOMRect);
  };

  beforeEach(() => {
    observers = [];
    window.innerHeight = 823;
    window.IntersectionObserver = class {
      constructor(report: IntersectionObserverCallback, options?: IntersectionObserverInit) {
        observers.push({ report, options });
      }
      observe() {}
      disconnect() {}
    } as unknown as typeof IntersectionObserver;
    window.requestIdleCallback = (callback: IdleRequestCallback) => idle.push(callback);
    window.cancelIdleCallback = () => undefined;
  });
  afterEach(() => {
    jest.restoreAllMocks();
    idle.length = 0;
    delete (window as Partial<Window>).requestIdleCallback;
  });

  function Page() {
    return (
      <main style={{ overflowY: 'auto' }} data-testid="scrolling">
        <AfterFirstPaint>
          <p>project list</p>
        </AfterFirstPaint>
      </main>
    );
  }

  it('renders its children once idle when the observer reports their place within half a screen', () => {
    place(1200);
    render(<Page />);
    runIdle();
    expect(screen.queryByText('project list')).not.toBeInTheDocument();
    act(() => observers[0]!.report([{ isIntersecting: true } as IntersectionObserverEntry], {} as never));
    runIdle();
    expect(screen.getByText('project list')).toBeInTheDocument();
  });

  it('measures no layout while the dashboard commits: the observer reports after the paint (ADR 0151)', () => {
    place(1200);
    const measured = jest.spyOn(HTMLElement.prototype, 'getBoundingClientRect');
    render(<Page />);
    expect(measured).not.toHaveBeenCalled();
    expect(screen.getByTestId('after-first-paint')).toBeInTheDocument();
    expect(observers).toHaveLength(1);
  });

  it('keeps the place of children 1.9 screens down until the visitor scrolls within half a screen of it', () => {
    place(1582);
    render(<Page />);
    runIdle();
    expect(screen.queryByText('project list')).not.toBeInTheDocument();
    expect(screen.getByTestId('after-first-paint')).toHaveStyle({ minHeight: '100vh' });
    // Observed in the area that scrolls, half a screen's height beyond it (the viewport would clip it to what is seen).
    expect(observers).toHaveLength(1);
    expect(observers[0]!.options).toEqual({ root: screen.getByTestId('scrolling'), rootMargin: '412px 0px' });

    act(() => observers[0]!.report([{ isIntersecting: true } as IntersectionObserverEntry], {} as never));
    expect(screen.queryByText('project list')).not.toBeInTheDocument();
    runIdle();
    expect(screen.getByText('project list')).toBeInTheDocument();
  });

  it('renders children further down once the visitor presses a key: Tab and find in page must reach them', () => {
    place(1582);
    render(<Page />);
    runIdle();
    expect(screen.queryByText('project list')).not.toBeInTheDocument();
    act(() => {
      window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab' }));
    });
    runIdle();
    expect(screen.getByText('project list')).toBeInTheDocument();
  });
});
