import { describe, expect, it } from 'vitest';
import { type CountedEvent, chunksOf, sumEvents, sumMonths } from '../../shared/domain/analytics-aggregates.js';

const view = (i: number, day: string, page: string, newVisit = false): CountedEvent => ({
  id: `e${i}`,
  day,
  at: `${day}T12:00:00.000Z`,
  name: 'page_view',
  page,
  newVisit,
  newVisitor: newVisit,
  bounceDelta: newVisit ? 1 : 0,
  durationDelta: newVisit ? 0 : 1500,
  source: newVisit ? '(direct)' : undefined,
});

describe('analytics aggregates', () => {
  it('cuts a batch spanning many days and months into transactions of at most 100 items, keeping its order', () => {
    // 300 events over 40 days of two months, interleaved as a retried or late batch can deliver them.
    const days = Array.from({ length: 40 }, (_, i) => new Date(Date.UTC(2026, 0, 10 + i)).toISOString().slice(0, 10));
    const events = Array.from({ length: 300 }, (_, i) => view(i, days[(i * 7) % days.length], `/p${i % 3}`));
    const chunks = chunksOf(events);
    expect(chunks.flat()).toEqual(events);
    for (const chunk of chunks) {
      const chunkDays = new Set(chunk.map((e) => e.day));
      const months = new Set(chunk.map((e) => e.day.slice(0, 7)));
      expect(chunk.length + 4 * chunkDays.size + 4 * months.size).toBeLessThanOrEqual(100);
    }
    // A batch of one busy day stays one transaction up to 92 events (plus 4 day items and 4 roll-ups).
    const busy = Array.from({ length: 92 }, (_, i) => view(i, '2026-02-03', '/'));
    expect(chunksOf(busy)).toHaveLength(1);
    expect(chunksOf([...busy, view(92, '2026-02-03', '/')])).toHaveLength(2);
  });

  it("sums a batch's days into their months: site totals, views per day and each dimension's counts", () => {
    const months = sumMonths(
      sumEvents([
        view(1, '2026-01-31', '/', true),
        view(2, '2026-01-31', '/about'),
        view(3, '2026-02-01', '/', true),
        view(4, '2026-02-02', '/tips', true),
        { id: 'f', day: '2026-02-02', at: '2026-02-02T13:00:00.000Z', name: 'form_submit' },
      ]),
    );
    expect([...months.keys()]).toEqual(['2026-01', '2026-02']);
    const jan = months.get('2026-01');
    expect(jan?.site).toEqual({ views: 2, visitors: 1, visits: 1, bounces: 1, durationSeconds: 1.5, formSubmits: 0 });
    expect(Object.fromEntries(jan?.dayViews ?? [])).toEqual({ '2026-01-31': 2 });
    const feb = months.get('2026-02');
    expect(feb?.site).toEqual({ views: 2, visitors: 2, visits: 2, bounces: 2, durationSeconds: 0, formSubmits: 1 });
    expect(Object.fromEntries(feb?.dayViews ?? [])).toEqual({ '2026-02-01': 1, '2026-02-02': 1 });
    expect(Object.fromEntries(feb?.keyed.page ?? [])).toEqual({ '/': 1, '/tips': 1 });
    expect(Object.fromEntries(feb?.keyed.source ?? [])).toEqual({ '(direct)': 2 });
  });
});
