// @vitest-environment happy-dom
// What sits far down a page loads as the user comes near it: not while the page above it is still loading, not while it
// is out of reach, and for good once it has come near.
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useNearView } from './use-near-view';

/** The observers the hook made, with a way to say whether their element is now near. */
const observers: { callback: IntersectionObserverCallback; options?: IntersectionObserverInit; observed: Element[] }[] =
  [];

class FakeIntersectionObserver {
  readonly record: (typeof observers)[number];
  constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
    this.record = { callback, options, observed: [] };
    observers.push(this.record);
  }
  observe(element: Element) {
    this.record.observed.push(element);
  }
  disconnect() {
    this.record.observed = [];
  }
}

function comeNear(isIntersecting: boolean) {
  act(() => {
    for (const { callback, observed } of observers) {
      if (observed.length > 0) {
        callback([{ isIntersecting } as IntersectionObserverEntry], {} as IntersectionObserver);
      }
    }
  });
}

function Far({ watching }: { watching: boolean }) {
  const { ref, near } = useNearView({ watching });
  return <div ref={ref}>{near ? 'drawn' : 'waiting'}</div>;
}

beforeEach(() => {
  observers.length = 0;
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('useNearView', () => {
  it('decides nothing while the content above is loading, then loads once the element comes within a screen', () => {
    const { rerender } = render(<Far watching={false} />);
    expect(observers).toHaveLength(0);
    rerender(<Far watching />);
    expect(observers[0]?.options?.rootMargin).toBe('0px 0px 100% 0px');
    comeNear(false);
    expect(screen.getByText('waiting')).toBeTruthy();
    comeNear(true);
    expect(screen.getByText('drawn')).toBeTruthy();
    // Once near, it stays: scrolling away does not unload it, and nothing is observed any more.
    comeNear(false);
    expect(screen.getByText('drawn')).toBeTruthy();
    expect(observers.every(({ observed }) => observed.length === 0)).toBe(true);
  });

  it('loads at once where the browser cannot tell where the element is', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(<Far watching={false} />);
    expect(screen.getByText('drawn')).toBeTruthy();
  });
});
