import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';

// A screen that loads through the mocked network (MSW) on a busy 2-core machine, running every
// test file at once, can take longer than Testing Library's 1 s to show: a find or waitFor fails
// when what it waits for does not come, not when it comes late.
configure({ asyncUtilTimeout: 5_000 });

/**
 * jsdom has no layout, so media queries are evaluated here against window.innerWidth, which
 * tests set with setViewportWidth(). Mantine also needs ResizeObserver and scrollIntoView.
 */
function evaluate(query: string): boolean {
  const width = window.innerWidth;
  const checks = [...query.matchAll(/\((min|max)-width:\s*([\d.]+)(px|em|rem)\)/g)];
  if (checks.length === 0) return false;
  return checks.every(([, kind, value, unit]) => {
    const px = Number(value) * (unit === 'px' ? 1 : 16);
    return kind === 'min' ? width >= px : width <= px;
  });
}

Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string): MediaQueryList => {
    const listeners = new Set<(event: MediaQueryListEvent) => void>();
    const list = {
      get matches() {
        return evaluate(query);
      },
      media: query,
      onchange: null,
      addListener: (listener: (event: MediaQueryListEvent) => void) => listeners.add(listener),
      removeListener: (listener: (event: MediaQueryListEvent) => void) => listeners.delete(listener),
      addEventListener: (_type: string, listener: (event: MediaQueryListEvent) => void) => listeners.add(listener),
      removeEventListener: (_type: string, listener: (event: MediaQueryListEvent) => void) =>
        listeners.delete(listener),
      dispatchEvent: () => true,
    };
    return list as unknown as MediaQueryList;
  },
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub;
window.HTMLElement.prototype.scrollIntoView = () => {};
window.scrollTo = () => {};

beforeEach(() => {
  window.innerWidth = 1280;
});

afterEach(() => {
  cleanup();
});
