/**
 * Agent-feature benchmarks (issue 15), as JSON in bench/out/agent.json:
 * - PDF: a 20-page text PDF (scripts/lib/pdf-fixtures.ts) through /extract, one call at a time with
 *   the cache bypassed: p50 / p95 latency and pages per second;
 * - cache: the same article with `Cache-Control: no-cache` (a miss: fetch + extraction + store) and
 *   without (a hit: store read only), p50 / p95 of each.
 * Runs the compiled binary when dist/vellum exists (what users run), else `bun src/main.ts`.
 *   bun scripts/bench-agent.ts [--runs N]
 */
import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { textPdf } from "./lib/pdf-fixtures.ts";
import { spawnServer } from "./lib/spawn-server.ts";
import { tempDir } from "./lib/temp.ts";

const ROOT = join(import.meta.dir, "..");
const runsArg = process.argv.indexOf("--runs");
const RUNS = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 30;
const PDF_PAGES = 20;

const ARTICLE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Bench article</title></head><body>
<nav><a href="/">Home</a></nav><main><article><h1>Bench article</h1>
${Array.from({ length: 30 }, (_, i) => `<p>Paragraph ${i} of a plain article used to time the cache: it has enough words to be detected as the main content of the page, like most blog posts.</p>`).join("\n")}
</article></main><footer>© Bench</footer></body></html>`;

const pdf = await textPdf(PDF_PAGES);
const site = Bun.serve({
  hostname: "127.0.0.1",
  port: 0,
  fetch(request) {
    const path = new URL(request.url).pathname;
    if (path === "/robots.txt") return new Response("User-agent: *\nAllow: /\n");
    if (path === "/doc.pdf") return new Response(pdf as unknown as BodyInit, { headers: { "content-type": "application/pdf" } });
    if (path === "/article") return new Response(ARTICLE, { headers: { "content-type": "text/html; charset=utf-8" } });
    return new Response("not found", { status: 404 });
  },
});

const binary = join(ROOT, "dist/vellum");
const cmd = existsSync(binary) ? [binary] : [process.execPath, join(ROOT, "src/main.ts")];
const dir = tempDir();
const server = await spawnServer(
  cmd,
  [
    "--dir",
    dir,
    "--allow-private-targets",
    `127.0.0.1:${site.port}`,
    "--free-calls-per-day",
    "1000000",
    "--free-failed-calls",
    "1000000",
    "--workers",
    "1",
  ],
  { collectLogs: false },
);

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
};
const round = (n: number) => Math.round(n * 10) / 10;

async function timeCall(url: string, fresh: boolean): Promise<{ ms: number; cache: string | null }> {
  const started = performance.now();
  const res = await fetch(`${server.url}/extract`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-free-trial": "1", ...(fresh ? { "cache-control": "no-cache" } : {}) },
    body: JSON.stringify({ url }),
  });
  const body = (await res.json()) as { cache?: string };
  const ms = performance.now() - started;
  if (res.status !== 200) throw new Error(`${url}: ${res.status} ${JSON.stringify(body)}`);
  return { ms, cache: body.cache ?? null };
}

try {
  const pdfUrl = `http://127.0.0.1:${site.port}/doc.pdf`;
  const articleUrl = `http://127.0.0.1:${site.port}/article`;
  // Warm-up: the worker loads PDF.js and the DOM library on first use.
  for (let i = 0; i < 3; i++) await timeCall(pdfUrl, true);
  await timeCall(articleUrl, true);

  const pdfMs: number[] = [];
  const pdfStart = performance.now();
  for (let i = 0; i < RUNS; i++) pdfMs.push((await timeCall(pdfUrl, true)).ms);
  const pdfSeconds = (performance.now() - pdfStart) / 1000;

  const missMs: number[] = [];
  const hitMs: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const miss = await timeCall(articleUrl, true);
    const hit = await timeCall(articleUrl, false);
    if (miss.cache !== "miss" || hit.cache !== "hit") throw new Error(`unexpected cache verdicts: ${miss.cache}, ${hit.cache}`);
    missMs.push(miss.ms);
    hitMs.push(hit.ms);
  }

  const result = {
    measuredAt: new Date().toISOString(),
    runner: cmd.length === 1 ? "dist/vellum" : "bun src/main.ts",
    runs: RUNS,
    pdf: {
      pages: PDF_PAGES,
      bytes: pdf.length,
      p50Ms: round(quantile(pdfMs, 0.5)),
      p95Ms: round(quantile(pdfMs, 0.95)),
      pagesPerSecond: round((PDF_PAGES * RUNS) / pdfSeconds),
      note: "POST /extract over HTTP, one call at a time, Cache-Control: no-cache, 1 worker",
    },
    cache: {
      missP50Ms: round(quantile(missMs, 0.5)),
      missP95Ms: round(quantile(missMs, 0.95)),
      hitP50Ms: round(quantile(hitMs, 0.5)),
      hitP95Ms: round(quantile(hitMs, 0.95)),
      speedup: round(quantile(missMs, 0.5) / quantile(hitMs, 0.5)),
      note: "the same ~30-paragraph article: miss = no-cache (fetch + extraction + store), hit = store read; both charged",
    },
  };
  const out = join(ROOT, "bench/out");
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, "agent.json"), `${JSON.stringify(result, null, 2)}\n`);
  console.log(JSON.stringify(result, null, 2));
} finally {
  await server.stop();
  await site.stop(true);
  rmSync(dir, { recursive: true, force: true });
}
