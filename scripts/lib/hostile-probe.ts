// The hostile-load benchmark's normal caller and /health prober (scripts/bench-hostile.ts), in a
// process of its own: a normal caller is another client, so its latencies must not include the
// event-loop lag of the process that generates the attack and serves the target site.
//
//   bun scripts/lib/hostile-probe.ts <vellum url> <target origin> <window ms> <normal caller ip>
//
// Prints one JSON line: { normal: {n, p50, p95, p99, statuses}, health: {n, p50, p95, p99} }.
import { percentile } from "./load.ts";

const round = (n: number) => Math.round(n * 10) / 10;
export function summary(latencies: number[]) {
  const sorted = [...latencies].sort((a, b) => a - b);
  return { n: sorted.length, p50: round(percentile(sorted, 50)), p95: round(percentile(sorted, 95)), p99: round(percentile(sorted, 99)) };
}

async function main() {
  const [vellumUrl, origin, windowArg, ip] = process.argv.slice(2);
  if (!vellumUrl || !origin || !windowArg || !ip) throw new Error("usage: hostile-probe.ts <vellum url> <origin> <window ms> <ip>");
  const windowMs = Number(windowArg);
  let seq = 0;
  const tag = `${process.pid}-${Date.now()}`;

  /** The normal caller: one small article at a time, each URL distinct so the cache never answers. */
  async function normalCalls() {
    const latencies: number[] = [];
    const statuses: Record<number, number> = {};
    const until = performance.now() + windowMs;
    while (performance.now() < until) {
      const t0 = performance.now();
      const r = await fetch(`${vellumUrl}/extract`, {
        method: "POST",
        headers: { "x-free-trial": "1", "content-type": "application/json", "x-forwarded-for": ip! },
        body: JSON.stringify({ url: `${origin}/tiny/${tag}-${seq++}` }),
      });
      await r.arrayBuffer();
      latencies.push(performance.now() - t0);
      statuses[r.status] = (statuses[r.status] ?? 0) + 1;
    }
    return { ...summary(latencies), statuses };
  }
  async function healthCalls() {
    const latencies: number[] = [];
    const until = performance.now() + windowMs;
    while (performance.now() < until) {
      const t0 = performance.now();
      await (await fetch(`${vellumUrl}/health`)).arrayBuffer();
      latencies.push(performance.now() - t0);
      await Bun.sleep(20);
    }
    return summary(latencies);
  }
  const [normal, health] = await Promise.all([normalCalls(), healthCalls()]);
  console.log(JSON.stringify({ normal, health }));
}

if (import.meta.main) await main();
