/**
 * Each extraction rule's effect, measured by leaving it out alone (src/extract/rules.ts): WCXB word-F1
 * (whole set and check part, per page type) and the article benchmark's F1, against a run with every
 * rule on. A rule whose removal raises the figures is a candidate for removal; docs/extraction.md
 * reports the table.
 *
 *   bun scripts/bench-ablation.ts                       every rule (about 3 minutes a rule on 2 cores)
 *   bun scripts/bench-ablation.ts --rules fragment,listing   only these
 *
 * Writes bench/out/ablation.json (or into $VELLUM_BENCH_OUT).
 */
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { isRuleName, RULES, type RuleName } from "../src/extract/rules.ts";
import { runWcxb, WCXB_DIR, type WcxbReport } from "./bench-wcxb.ts";
import { runAeb } from "./lib/aeb.ts";

const root = resolve(import.meta.dir, "..");
const benchDir = resolve(root, "../shared/bench");
const outDir = process.env.VELLUM_BENCH_OUT ? resolve(process.env.VELLUM_BENCH_OUT) : join(root, "bench/out");

const args = process.argv.slice(2);
const picked = args.includes("--rules") ? (args[args.indexOf("--rules") + 1] ?? "").split(",").filter(Boolean) : [...RULES];
const unknown = picked.filter((name) => !isRuleName(name));
if (unknown.length) {
  console.error(`unknown rule ${unknown.join(", ")}; the names: ${RULES.join(", ")}`);
  process.exit(2);
}
if (!existsSync(WCXB_DIR) || !existsSync(join(benchDir, "aeb"))) {
  console.error(`benchmark data not found in ${benchDir} (expected ../shared/bench beside the repo)`);
  process.exit(2);
}

interface Row {
  /** The rule left out, or null for every rule on. */
  without: RuleName | null;
  aeb: number;
  whole: Record<string, number>;
  check: Record<string, number>;
}

const round = (x: number) => Number(x.toFixed(4));
function byType(s: WcxbReport["vellum"]["whole"]): Record<string, number> {
  return { all: round(s.f1), ...Object.fromEntries(Object.entries(s.byType).map(([t, v]) => [t, round(v.f1)])) };
}

async function measure(without: RuleName | null): Promise<Row> {
  const rules = without ? [without] : [];
  const aeb = await runAeb(benchDir, null, new Set(rules));
  const wcxb = await runWcxb({ reference: false, types: null, sample: 1, split: "all", ids: null, without: rules });
  return { without, aeb: round(aeb.result.f1), whole: byType(wcxb.vellum.whole), check: byType(wcxb.vellum.check) };
}

const rows: Row[] = [];
const save = () => {
  mkdirSync(outDir, { recursive: true });
  writeFileSync(join(outDir, "ablation.json"), `${JSON.stringify({ runtime: `bun ${Bun.version}`, rows }, null, 1)}\n`);
};
const base = await measure(null);
rows.push(base);
save();
const types = Object.keys(base.whole);
const signed = (x: number) => `${x >= 0 ? "+" : ""}${x.toFixed(3)}`;
console.log(`every rule on: aeb ${base.aeb}  ${types.map((t) => `${t} ${base.whole[t]} / ${base.check[t]}`).join("  ")}`);
console.log(`left out alone (difference to every rule on; whole / check):`);
for (const rule of picked as RuleName[]) {
  const row = await measure(rule);
  rows.push(row);
  save();
  const cells = types.map(
    (t) => `${t} ${signed((row.whole[t] ?? 0) - (base.whole[t] ?? 0))} / ${signed((row.check[t] ?? 0) - (base.check[t] ?? 0))}`,
  );
  console.log(`${rule.padEnd(15)} aeb ${signed(row.aeb - base.aeb)}  ${cells.join("  ")}`);
}
