import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';

// Screens load some parts when they are needed (the Markdown renderer, a settings tab, the date picker
// of an edit dialog). In a test the first import of such a module is transformed on the spot, which on a
// busy machine can take longer than findBy's default 1 s.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

// Cloudscape's Flashbar starts its entering animation with a 115 ms timer. A test that ends right after
// a toast appears leaves that timer pending; if it fired after the file's jsdom environment is torn down,
// React would touch a missing `window` (an unhandled error that fails the run). Let such timers fire first.
afterAll(async () => {
  await new Promise((resolve) => setTimeout(resolve, 200));
});

// jsdom lacks these; components use them.
// jsdom's scrollTo only logs "not implemented".
window.scrollTo = (() => undefined) as typeof window.scrollTo;
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
if (!window.ResizeObserver) {
  window.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
}
