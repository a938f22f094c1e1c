import { afterEach, describe, expect, it, vi } from 'vitest';
import { CLASS_SEATS_PATH } from '#shared/contracts/public-classes';
import { bindSeats, SEATS_REFRESH_MS } from './seats';

const answer = (seats: { id: string; seatsLeft: number }[]) =>
  vi.fn(async () => new Response(JSON.stringify({ seats }), { status: 200 })) as unknown as typeof fetch;

function page(html: string): Document {
  const doc = document.implementation.createHTMLDocument('class');
  doc.body.innerHTML = html;
  return doc;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the seats figures of a class page', () => {
  it('sets each figure from the seats route, the full ones as such, and leaves a class the answer lacks', async () => {
    const doc = page(
      '<p data-class-seats="a">2 seats left</p><p data-class-seats="b">1 seat left</p><p data-class-seats="gone">3 seats left</p>',
    );
    const fetcher = answer([
      { id: 'a', seatsLeft: 1 },
      { id: 'b', seatsLeft: 0 },
    ]);
    const unbind = bindSeats(doc, fetcher);
    await vi.waitFor(() => expect(doc.querySelector('[data-class-seats="a"]')?.textContent).toBe('1 seat left'));
    expect(fetcher).toHaveBeenCalledWith(CLASS_SEATS_PATH, expect.anything());
    const full = doc.querySelector('[data-class-seats="b"]');
    expect(full?.textContent).toBe('Full — join the waitlist');
    expect(full?.classList.contains('class-seats--full')).toBe(true);
    expect(doc.querySelector('[data-class-seats="gone"]')?.textContent).toBe('3 seats left');
    unbind();
  });

  it('reads again every minute while the page is open', async () => {
    vi.useFakeTimers();
    const doc = page('<p data-class-seats="a">2 seats left</p>');
    const fetcher = answer([{ id: 'a', seatsLeft: 2 }]);
    const unbind = bindSeats(doc, fetcher);
    expect(fetcher).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(SEATS_REFRESH_MS);
    expect(fetcher).toHaveBeenCalledTimes(2);
    unbind();
    await vi.advanceTimersByTimeAsync(SEATS_REFRESH_MS);
    expect(fetcher).toHaveBeenCalledTimes(2);
  });

  it('asks nothing on a page without a figure, and keeps the figure when the read fails', async () => {
    const fetcher = answer([]);
    bindSeats(page('<p>No class here</p>'), fetcher)();
    expect(fetcher).not.toHaveBeenCalled();
    const doc = page('<p data-class-seats="a">2 seats left</p>');
    const failing = vi.fn(async () => {
      throw new TypeError('offline');
    }) as unknown as typeof fetch;
    const unbind = bindSeats(doc, failing);
    await vi.waitFor(() => expect(failing).toHaveBeenCalled());
    expect(doc.querySelector('[data-class-seats="a"]')?.textContent).toBe('2 seats left');
    unbind();
  });
});
