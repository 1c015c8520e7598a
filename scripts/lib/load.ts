// The benchmarks' load generator: `total` requests with `concurrency` in flight, each body read to the
// end. Shared by scripts/bench.ts and scripts/bench-postgres.ts so both measure the same way.

/** The p-th percentile of an ascending list (nearest rank; 0 for an empty list). */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export interface LoadResult {
  requests: number;
  seconds: number;
  /** Request latencies in ms, ascending. */
  latencies: number[];
  statuses: Record<number, number>;
}

export async function load(total: number, concurrency: number, send: (i: number) => Promise<Response>): Promise<LoadResult> {
  const latencies: number[] = [];
  const statuses: Record<number, number> = {};
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        const i = next++;
        const t0 = performance.now();
        const res = await send(i);
        await res.arrayBuffer();
        latencies.push(performance.now() - t0);
        statuses[res.status] = (statuses[res.status] ?? 0) + 1;
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return { requests: total, seconds: (performance.now() - started) / 1000, latencies, statuses };
}
