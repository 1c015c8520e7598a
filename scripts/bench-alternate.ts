/**
 * CPU time of extraction, an earlier commit's code against a later one's, run alternately page by page
 * in one process (the order flips every page and every round; each page keeps the faster of its
 * rounds), so a machine's load weighs on both alike. This is how the README's "Speed of extraction"
 * compares sessions' code: two separate runs differ by more than most changes do.
 *
 *   bun scripts/bench-alternate.ts OLD_REV [NEW_REV]       NEW_REV HEAD by default; a quarter of WCXB dev, two rounds
 *   bun scripts/bench-alternate.ts OLD_REV NEW_REV --share 2 --rounds 3
 *
 * Each commit is checked out in a temporary worktree. Its node_modules links to this one's, except for
 * the DOM and the packages its objects pass through (DOM_PACKAGES), which each gets copies of:
 * `src/extract/dom.ts` patches linkedom's prototypes when loaded, and with one shared copy the code
 * loaded last would patch both codes' DOM, measuring one patch set twice. Both sides are set up alike:
 * with copies on one side only, a commit against itself measured x0.885 (and x0.976 with more packages
 * copied); set up alike, x1.011. Writes
 * bench/out/alternate.json (or into $VELLUM_BENCH_OUT).
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { gunzipSync } from "node:zlib";
import { decodeHtml } from "../src/extract/charset.ts";
import { WCXB_DIR } from "./bench-wcxb.ts";

const root = resolve(import.meta.dir, "..");
const outDir = process.env.VELLUM_BENCH_OUT ? resolve(process.env.VELLUM_BENCH_OUT) : join(root, "bench/out");
/** Packages whose objects the extraction patches or hands between its parts: each code gets its own. */
const DOM_PACKAGES = [
  "linkedom",
  "@mozilla/readability",
  "turndown",
  "turndown-plugin-gfm",
  "css-select",
  "css-what",
  "cssom",
  "cssomnom",
  "htmlparser2",
  "domhandler",
  "domutils",
  "domelementtype",
  "dom-serializer",
  "entities",
  "nth-check",
  "boolbase",
  "html-escaper",
  "uhyphen",
];

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const i = args.indexOf(name);
  const value = i >= 0 ? Number(args[i + 1]) : fallback;
  if (!Number.isInteger(value) || value < 1) {
    console.error(`${name} takes a whole number of 1 or more`);
    process.exit(2);
  }
  return value;
};
const oldRev = args[0];
const newRev = args[1] && !args[1].startsWith("--") ? args[1] : "HEAD";
if (!oldRev || oldRev.startsWith("--")) {
  console.error("usage: bun scripts/bench-alternate.ts OLD_REV [NEW_REV] [--share N] [--rounds N]");
  process.exit(2);
}
const share = option("--share", 4);
const rounds = option("--rounds", 2);
if (!existsSync(WCXB_DIR)) {
  console.error(`WCXB data not found at ${WCXB_DIR} (expected ../shared/bench/wcxb-dev beside the repo)`);
  process.exit(2);
}

const git = (...command: string[]) => {
  const run = Bun.spawnSync(["git", ...command], { cwd: root, stdout: "pipe", stderr: "pipe" });
  if (run.exitCode !== 0) throw new Error(`git ${command.join(" ")}: ${run.stderr.toString().trim()}`);
  return run.stdout.toString().trim();
};

/** node_modules for a temporary worktree: links to ours, copies of DOM_PACKAGES. */
function isolatedModules(into: string) {
  const from = join(root, "node_modules");
  mkdirSync(into, { recursive: true });
  for (const entry of readdirSync(from)) {
    if (entry.startsWith("@")) {
      mkdirSync(join(into, entry), { recursive: true });
      for (const scoped of readdirSync(join(from, entry))) place(`${entry}/${scoped}`);
    } else place(entry);
  }
  function place(name: string) {
    if (DOM_PACKAGES.includes(name)) cpSync(join(from, name), join(into, name), { recursive: true, dereference: true });
    else symlinkSync(join(from, name), join(into, name));
  }
}

type Extract = (html: string, input: { url: string }) => Promise<unknown>;

/** The extraction of `commit`, checked out with its own DOM packages into a new directory. */
async function checkedOut(commit: string, dirs: string[]): Promise<Extract> {
  const dir = mkdtempSync(join(tmpdir(), "vellum-alternate-"));
  dirs.push(dir);
  git("worktree", "add", "--detach", dir, commit);
  isolatedModules(join(dir, "node_modules"));
  return (await import(join(dir, "src/extract/html-to-article.ts"))).htmlToArticle as Extract;
}

const commits = { old: git("rev-parse", "--verify", `${oldRev}^{commit}`), new: git("rev-parse", "--verify", `${newRev}^{commit}`) };
const dirs: string[] = [];
try {
  const older = await checkedOut(commits.old, dirs);
  const newer = await checkedOut(commits.new, dirs);

  const ids = readdirSync(join(WCXB_DIR, "html"))
    .filter((f) => f.endsWith(".html.gz"))
    .map((f) => f.slice(0, -".html.gz".length))
    .sort()
    .filter((_, i) => i % share === 0);
  const pages = ids.map((id) => {
    const truth = JSON.parse(readFileSync(join(WCXB_DIR, "ground-truth", `${id}.json`), "utf8"));
    const bytes = gunzipSync(readFileSync(join(WCXB_DIR, "html", `${id}.html.gz`)));
    return { id, html: decodeHtml(bytes, "text/html").text, url: String(truth.url ?? "https://example.com/") };
  });
  // Warm both codes' compiled paths before timing.
  for (const page of pages.slice(0, 20)) {
    await older(page.html, { url: page.url });
    await newer(page.html, { url: page.url });
  }
  const times = { old: pages.map(() => Number.POSITIVE_INFINITY), new: pages.map(() => Number.POSITIVE_INFINITY) };
  for (let round = 0; round < rounds; round++) {
    for (const [i, page] of pages.entries()) {
      const order = (i + round) % 2 === 0 ? (["old", "new"] as const) : (["new", "old"] as const);
      for (const which of order) {
        const start = performance.now();
        await (which === "old" ? older : newer)(page.html, { url: page.url });
        times[which][i] = Math.min(times[which][i]!, performance.now() - start);
      }
    }
  }
  const summary = (t: number[]) => {
    const sorted = [...t].sort((a, b) => a - b);
    const at = (f: number) => +sorted[Math.floor(f * (sorted.length - 1))]!.toFixed(1);
    return { totalMs: Math.round(t.reduce((a, b) => a + b, 0)), p50Ms: at(0.5), p95Ms: at(0.95) };
  };
  const report = {
    measuredAt: new Date().toISOString(),
    old: { commit: commits.old, ...summary(times.old) },
    new: { commit: commits.new, ...summary(times.new) },
    totalNewOverOld: +(times.new.reduce((a, b) => a + b, 0) / times.old.reduce((a, b) => a + b, 0)).toFixed(3),
    pages: pages.length,
    rounds,
    method:
      "Both codes loaded in one process, each from a worktree with its own copies of the DOM packages; every page run by both, the order flipped every page and every round; a page's time is the faster of its rounds.",
  };
  mkdirSync(outDir, { recursive: true });
  writeFileSync(join(outDir, "alternate.json"), `${JSON.stringify(report, null, 2)}\n`);
  console.log(
    `${pages.length} pages, ${rounds} rounds: total ${report.old.totalMs} -> ${report.new.totalMs} ms (x${report.totalNewOverOld}), p50 ${report.old.p50Ms} -> ${report.new.p50Ms} ms, p95 ${report.old.p95Ms} -> ${report.new.p95Ms} ms`,
  );
} finally {
  for (const dir of dirs) {
    Bun.spawnSync(["git", "worktree", "remove", "--force", dir], { cwd: root });
    rmSync(dir, { recursive: true, force: true });
  }
}
