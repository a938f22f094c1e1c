import { describe, expect, it } from 'vitest';
import { Conflict, retry, retryOnConflict, retryWhile } from '../../shared/retry.js';

const fast = { firstDelayMs: 1, maxDelayMs: 2 };

describe('the retry helper (shared/retry.ts)', () => {
  it('tries until the work succeeds, passing the try number', async () => {
    const seen: number[] = [];
    const result = await retry(
      async (attempt) => {
        seen.push(attempt);
        if (attempt < 3) throw new Error('busy');
        return 'done';
      },
      { attempts: 5, ...fast, retryIf: () => true },
    );
    expect(result).toBe('done');
    expect(seen).toEqual([1, 2, 3]);
  });

  it('throws a failure that is not retryable at once, and the last failure when the tries run out', async () => {
    let tries = 0;
    await expect(
      retry(
        async () => {
          tries++;
          throw new Error('refused');
        },
        { attempts: 5, ...fast, retryIf: (e) => (e as Error).message === 'busy' },
      ),
    ).rejects.toThrow('refused');
    expect(tries).toBe(1);
    tries = 0;
    await expect(
      retry(
        async () => {
          tries++;
          throw new Error(`busy ${tries}`);
        },
        { attempts: 3, ...fast, retryIf: () => true },
      ),
    ).rejects.toThrow('busy 3');
    expect(tries).toBe(3);
  });

  it('retryWhile answers the last result when every try wanted another', async () => {
    let tries = 0;
    const last = await retryWhile(
      async () => ++tries,
      () => true,
      { attempts: 4, ...fast },
    );
    expect(last).toBe(4);
    expect(
      await retryWhile(
        async (n) => n,
        (n) => n < 2,
        { attempts: 4, ...fast },
      ),
    ).toBe(2);
  });

  it('retryOnConflict rejects with the conflict’s own answer when the tries run out, and passes other errors', async () => {
    let tries = 0;
    await expect(
      retryOnConflict(
        async () => {
          tries++;
          throw new Conflict(new Error('The change conflicted with another one.'));
        },
        { attempts: 3, ...fast },
      ),
    ).rejects.toThrow('The change conflicted with another one.');
    expect(tries).toBe(3);
    await expect(
      retryOnConflict(
        async () => {
          throw new TypeError('bad input');
        },
        { attempts: 3, ...fast },
      ),
    ).rejects.toThrow(TypeError);
  });

  it('a failure that does not count is tried again without using a try', async () => {
    class Moved extends Conflict {}
    let tries = 0;
    const result = await retryOnConflict(
      async () => {
        tries++;
        if (tries <= 5) throw new Moved(new Error('moved'));
        if (tries <= 6) throw new Conflict(new Error('conflict'));
        return tries;
      },
      { attempts: 2, ...fast, countsIf: (e) => !(e instanceof Moved) },
    );
    expect(result).toBe(7);
  });
});
