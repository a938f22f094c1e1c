/** Sequential-request latency (p50/p95) of the portal's lists at a small and a large size. */
export interface Latency {
  name: string;
  size: number;
  requests: number;
  p50Ms: number;
  p95Ms: number;
  items: number;
}

/** p50/p95 of `n` sequential requests (after 10 warm-up requests), and the items the last one returned. */
export async function latency(
  name: string,
  size: number,
  url: string,
  token: string | null,
  n = 100,
  extraHeaders: (i: number) => Record<string, string> = () => ({}),
): Promise<Latency> {
  const headers = (i: number) => ({ ...(token ? { authorization: `Bearer ${token}` } : {}), ...extraHeaders(i) });
  let items = 0;
  for (let i = 0; i < 10; i++) await (await fetch(url, { headers: headers(n + i) })).arrayBuffer();
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    const res = await fetch(url, { headers: headers(i) });
    const text = await res.text();
    times.push(performance.now() - t0);
    if (!res.ok) throw new Error(`${name}: HTTP ${res.status}`);
    // JSON lists count their items; an iCalendar feed its events.
    items = /json/.test(res.headers.get('content-type') ?? '')
      ? ((JSON.parse(text) as { items?: unknown[] }).items?.length ?? 0)
      : (text.match(/^BEGIN:VEVENT/gm) ?? []).length;
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => Math.round(times[Math.min(times.length - 1, Math.floor(q * times.length))] * 10) / 10;
  return { name, size, requests: n, p50Ms: at(0.5), p95Ms: at(0.95), items };
}

/** Rows of a small/large latency table. */
export function latencyRows(rows: Latency[], small: number, large: number) {
  return rows
    .filter((x) => x.size === small)
    .map((s) => {
      const big = rows.find((x) => x.size === large && x.name === s.name);
      if (!big) return `| ${s.name} | ${s.p50Ms} | ${s.p95Ms} | | | | |`;
      return `| ${s.name} | ${s.p50Ms} | ${s.p95Ms} | ${big.p50Ms} | ${big.p95Ms} | ${(big.p95Ms / s.p95Ms).toFixed(2)} | ${big.items} |`;
    });
}
