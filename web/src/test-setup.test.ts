import { describe, expect, it } from 'vitest';

/** test-setup.ts: a timer a test leaves pending is cancelled once the test is over. */
describe('timers a test leaves behind', () => {
  const fired: string[] = [];

  it('starts a timer and ends before it fires', () => {
    setTimeout(() => fired.push('left behind'), 30);
    setInterval(() => fired.push('interval left behind'), 30);
  });

  it('never sees it fire, while its own timers still do', async () => {
    await new Promise((resolve) => setTimeout(resolve, 90));
    expect(fired).toEqual([]);
  });
});
