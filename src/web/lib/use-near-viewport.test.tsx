import { act, render, screen } from '@testing-library/react';
import { useNearViewport } from './use-near-viewport';

function Slot({ top }: { top: number }) {
  const [ref, near] = useNearViewport<HTMLDivElement>(200);
  return near ? (
    <p>card</p>
  ) : (
    <div
      ref={(element) => {
        ref.current = element;
        if (element) element.getBoundingClientRect = () => ({ top, bottom: top + 400 }) as DOMRect;
      }}
    >
      placeholder
    </div>
  );
}

describe('useNearViewport', () => {
  let observed: IntersectionObserverCallback[] = [];
  beforeEach(() => {
    observed = [];
    window.innerHeight = 800;
    globalThis.IntersectionObserver = class {
      constructor(callback: IntersectionObserverCallback) {
        observed.push(callback);
      }
      observe() {}
      disconnect() {}
    } as unknown as typeof IntersectionObserver;
  });
  afterEach(() => {
    delete (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver;
  });

  it('renders what is on screen (or within the margin) before the first paint', () => {
    render(<Slot top={900} />);
    expect(screen.getByText('card')).toBeInTheDocument();
    expect(observed).toHaveLength(0);
  });

  it('keeps a placeholder far below and renders the card once it comes near', () => {
    render(<Slot top={3000} />);
    expect(screen.getByText('placeholder')).toBeInTheDocument();
    act(() => observed[0]!([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver));
    expect(screen.getByText('card')).toBeInTheDocument();
  });
});
