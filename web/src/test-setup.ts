import '@testing-library/jest-dom/vitest';
import { onlineManager } from '@tanstack/react-query';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

// Screens load some parts when they are needed (the Markdown renderer, a settings tab, the date picker
// of an edit dialog). In a test the first import of such a module is transformed on the spot, which on a
// busy machine can take longer than findBy's default 1 s. A wait ends as soon as what it waits for is there,
// so its limit is a hang detector: at a load average of 18 on two cores a screen that answers in 0.8 s
// quietly took over 5 s.
configure({ asyncUtilTimeout: 15_000 });

/*
 * No timer a test starts outlives it. Components can leave timers behind when a test unmounts them:
 * Cloudscape's Flashbar starts its entering animation with a 115 ms timer and focuses a new alert after a
 * 500 ms debounce (flashbar/common.js, internal/debounce.js), and neither is cancelled on unmount. One that
 * fires after the file's jsdom environment is torn down reaches for globals that are gone (`CSS is not
 * defined` from focusFlashById): an unhandled error that fails the run, on a busy machine where the file's
 * last test ends within those 500 ms. So the timers a test starts are tracked, and once its components are
 * unmounted the ones still pending are cancelled. (Vitest's fake timers replace these functions while a
 * test uses them; what they schedule is theirs.)
 */
const realSetTimeout = globalThis.setTimeout;
const realSetInterval = globalThis.setInterval;
const realClearTimeout = globalThis.clearTimeout;
const realClearInterval = globalThis.clearInterval;
type TimerId = Parameters<typeof clearTimeout>[0];
const pendingTimers = new Set<TimerId>();
let trackingTimers = false;

globalThis.setTimeout = Object.assign((handler: TimerHandler, ms?: number, ...args: unknown[]) => {
  if (!trackingTimers || typeof handler !== 'function') return realSetTimeout(handler as () => void, ms, ...args);
  const id = realSetTimeout(
    (...callArgs: unknown[]) => {
      pendingTimers.delete(id);
      handler(...callArgs);
    },
    ms,
    ...args,
  );
  pendingTimers.add(id);
  return id;
}, realSetTimeout) as typeof setTimeout;
globalThis.setInterval = Object.assign((handler: TimerHandler, ms?: number, ...args: unknown[]) => {
  const id = realSetInterval(handler as () => void, ms, ...args);
  if (trackingTimers) pendingTimers.add(id);
  return id;
}, realSetInterval) as typeof setInterval;
globalThis.clearTimeout = ((id?: TimerId) => {
  pendingTimers.delete(id);
  realClearTimeout(id);
}) as typeof clearTimeout;
globalThis.clearInterval = ((id?: TimerId) => {
  pendingTimers.delete(id);
  realClearInterval(id);
}) as typeof clearInterval;

beforeEach(() => {
  trackingTimers = true;
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  // The screen is unmounted: what it left scheduled would only run against a page that is gone.
  trackingTimers = false;
  for (const id of pendingTimers) realClearTimeout(id);
  pendingTimers.clear();
  // A test whose server could not be reached left the portal offline (lib/api.ts): the next starts online.
  onlineManager.setOnline(true);
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
