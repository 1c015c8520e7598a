// The hostile-load benchmark's normal caller and /health prober (scripts/bench-hostile.ts), in a
// process of its own: a normal caller is another client, so its latencies must not include the
// event-loop lag of the process that generates the attack and serves the target site.
//
//   bun scripts/lib/hostile-probe.ts <vellum url> <target origin> <window ms> <normal caller ip> <api key> [free|both]
//
// Normal callers, each one small article at a time: a free-trial caller from its own IP, and with
// `both` (the default) at the same time a paying caller with an API key (from another IP). Prints one
// JSON line: { normal: {n, p50, p95, p99, statuses, served: {n, p50, p95, p99} | null}, paid: {…} | null,
// health: {n, p50, p95, p99} }; `served` summarises the 200 answers alone.
import { percentile } from "./load.ts";

const round = (n: number) => Math.round(n * 10) / 10;
export function summary(latencies: number[]) {
  const sorted = [...latencies].sort((a, b) => a - b);
  return { n: sorted.length, p50: round(percentile(sorted, 50)), p95: round(percentile(sorted, 95)), p99: round(percentile(sorted, 99)) };
}

async function main() {
  const [vellumUrl, origin, windowArg, ip, apiKey, callers = "both"] = process.argv.slice(2);
  if (!vellumUrl || !origin || !windowArg || !ip || !apiKey)
    throw new Error("usage: hostile-probe.ts <vellum url> <origin> <window ms> <ip> <api key>");
  const windowMs = Number(windowArg);
  let seq = 0;
  const tag = `${process.pid}-${Date.now()}`;

  /** A normal caller: one small article at a time, each URL distinct so the cache never answers. */
  async function normalCalls(headers: Record<string, string>) {
    const latencies: number[] = [];
    const servedLatencies: number[] = [];
    const statuses: Record<number, number> = {};
    const until = performance.now() + windowMs;
    while (performance.now() < until) {
      const t0 = performance.now();
      const r = await fetch(`${vellumUrl}/extract`, {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body: JSON.stringify({ url: `${origin}/tiny/${tag}-${seq++}` }),
      });
      await r.arrayBuffer();
      const ms = performance.now() - t0;
      latencies.push(ms);
      if (r.status === 200) servedLatencies.push(ms);
      statuses[r.status] = (statuses[r.status] ?? 0) + 1;
    }
    // All answers, and the served ones alone: a 503 "busy" comes back at once, so a mix of refusals and
    // late answers makes the p50 of all answers swing between runs (bench-hostile.ts).
    return { ...summary(latencies), statuses, served: servedLatencies.length ? summary(servedLatencies) : null };
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
  const [normal, paid, health] = await Promise.all([
    normalCalls({ "x-free-trial": "1", "x-forwarded-for": ip }),
    // Another address: the paying caller is its own client, with its own place in the pool.
    callers === "both" ? normalCalls({ authorization: `Bearer ${apiKey}`, "x-forwarded-for": ip.replace(/\.\d+$/, ".11") }) : null,
    healthCalls(),
  ]);
  console.log(JSON.stringify({ normal, paid, health }));
}

if (import.meta.main) await main();
