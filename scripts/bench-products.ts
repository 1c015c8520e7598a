/**
 * Whether a product page's Markdown says what a reader came for: its price, its brand and its SKU. A
 * fourth corpus, outside WCXB and the article benchmark: Zyte's product extraction benchmark (MIT
 * licence; `dataset/ground-truth.json` and `dataset/html/*.html.gz`: 140 product pages of shops and
 * marketplaces in a dozen countries, each annotated with the values a buyer sees). WCXB's product ground
 * truths are the description and leave the price out on most pages, so this corpus is where a price lost
 * with the buy box shows. It is not in this repository; pass its `dataset/` folder:
 *
 *   bun scripts/bench-products.ts --corpus ../product-extraction-benchmark/dataset              vellum and plain Readability
 *   bun scripts/bench-products.ts --corpus ../product-extraction-benchmark/dataset --no-reference
 *   bun scripts/bench-products.ts --corpus DIR --without stated-price                             rules left out
 *
 * A field counts as found when the Markdown states it: the price when an amount in its text (link and
 * picture targets aside) equals the annotated one, read with either decimal separator ("1.759,99" and
 * "1,759.99" are both 1759.99); the brand and the SKU when their text occurs, case aside. Pages go
 * through the path /extract uses after the fetch, in the workers of bench-wcxb.ts.
 *
 * Also counts the pages vellum takes for a product page (`pageType` product), on which its product rules
 * run: all 140 are one.
 *
 * Writes products.json and products-predictions.json into bench/out (or $VELLUM_BENCH_OUT).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { corpusArgument, outDir, rulesLeftOut, runJobs } from "./bench-wcxb.ts";
import type { WcxbJob } from "./bench-wcxb-worker.ts";

interface Annotation {
  url: string;
  price?: string[];
  brand?: string[];
  sku?: string[];
}
const FIELDS = ["price", "brand", "sku"] as const;
type Field = (typeof FIELDS)[number];

const args = process.argv.slice(2);
const corpus = corpusArgument(
  args,
  "usage: bun scripts/bench-products.ts --corpus DIR [--no-reference] [--without RULES]   (DIR holds ground-truth.json and html/)",
);
const truth = JSON.parse(readFileSync(join(corpus, "ground-truth.json"), "utf8")) as Record<string, Annotation>;
const fileOf = (id: string) => join(corpus, "html", `${id}.html.gz`);
const ids = Object.keys(truth)
  .filter((id) => existsSync(fileOf(id)))
  .sort();
const stacks: WcxbJob["stack"][] = args.includes("--no-reference") ? ["vellum"] : ["vellum", "readability"];
const without = rulesLeftOut(args);
const jobs: WcxbJob[] = stacks.flatMap((stack) => ids.map((id) => ({ id, file: fileOf(id), url: truth[id]!.url, stack, without })));
const markdown: Record<string, Record<string, string>> = { vellum: {}, readability: {} };
const errors: { id: string; stack: string; error: string }[] = [];
// The pages vellum takes for a product page (its `pageType`): its product rules run on those only.
const productPages = new Set<string>();
await runJobs(jobs, (reply) => {
  markdown[reply.stack]![reply.id] = reply.markdown;
  if (reply.stack === "vellum" && reply.pageType === "product") productPages.add(reply.id);
  if (reply.error) errors.push({ id: reply.id, stack: reply.stack, error: reply.error });
});

/** Every amount a text writes, in cents, each run of digits read with either decimal separator. */
function amounts(text: string): Set<number> {
  const found = new Set<number>();
  for (const run of text.replace(/\]\([^)]*\)/g, "]").match(/\d[\d.,' \u00a0\u202f]{0,20}\d|\d/g) ?? []) {
    const digits = run.replace(/[' \u00a0\u202f]/g, "");
    for (const decimal of [".", ","]) {
      const grouping = decimal === "." ? "," : ".";
      const value = Number(digits.split(grouping).join("").replace(decimal, "."));
      if (Number.isFinite(value)) found.add(Math.round(value * 100));
    }
  }
  return found;
}

function states(field: Field, value: string, md: string): boolean {
  if (field === "price") return amounts(md).has(Math.round(Number(value.trim().replace(/,/g, "")) * 100));
  return md.toLowerCase().includes(value.trim().toLowerCase());
}

const report: Record<string, unknown> = { runtime: `bun ${Bun.version}`, pages: ids.length };
for (const stack of stacks) {
  const counts: Record<string, { annotated: number; found: number; share: number }> = {};
  for (const field of FIELDS) {
    const annotated = ids.filter((id) => truth[id]![field]?.[0]);
    const found = annotated.filter((id) => states(field, truth[id]![field]![0]!, markdown[stack]![id] ?? "")).length;
    counts[field] = { annotated: annotated.length, found, share: Number((found / Math.max(1, annotated.length)).toFixed(4)) };
  }
  const empty = ids.filter((id) => !(markdown[stack]![id] ?? "").trim()).length;
  const typed = stack === "vellum" ? { productPages: productPages.size } : {};
  report[stack] = { ...counts, empty, ...typed };
  console.log(
    `${stack.padEnd(12)} pages ${ids.length}  ${FIELDS.map((f) => `${f} ${counts[f]!.found}/${counts[f]!.annotated}`).join("  ")}  empty ${empty}${
      stack === "vellum" ? `  pageType product ${productPages.size}` : ""
    }`,
  );
}
report.errors = errors;
mkdirSync(outDir, { recursive: true });
writeFileSync(join(outDir, "products.json"), `${JSON.stringify(report, null, 1)}\n`);
writeFileSync(join(outDir, "products-predictions.json"), JSON.stringify(markdown));
