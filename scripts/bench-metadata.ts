/**
 * Whether vellum's metadata says what the page says: its title, its author (the result's byline) and its
 * date (publishedTime), and its description (excerpt). Scored on the annotations of trafilatura's
 * evaluation corpus (the snippet corpus of scripts/bench-snippets.ts: `tests/evaldata.json`, 851 of its
 * 990 pages annotated with title, author and date as the page shows them), vellum against plain
 * Readability's metadata (@mozilla/readability on happy-dom, as scripts/lib/plain-readability.ts).
 * The corpus is not in this repository; pass its `tests/` folder:
 *
 *   bun scripts/bench-metadata.ts --corpus ../trafilatura/tests                  vellum and plain Readability
 *   bun scripts/bench-metadata.ts --corpus DIR --no-reference
 *   bun scripts/bench-metadata.ts --corpus DIR --without visible-byline         rules left out (src/extract/rules.ts)
 *
 * The pages are split once, by a hash of the address, into a tuning part (80%) and a check part (20%)
 * that the rules were never read against; both are reported. A field counts as right when it equals the
 * annotation, case and white space aside (and its character references read: some annotations keep the
 * page's "&#8217;"); the date when the publishedTime's date (its first ten
 * characters, the page's own offset kept: page-date.ts toIsoDate) is the annotated day. The byline also
 * counts as naming the author when every word of the annotation is in it and it holds at most two
 * words more ("Von Roland Brockmann und Sebastian Drescher" is named by "Roland Brockmann und Sebastian
 * Drescher"). On pages annotated with no author, a byline given is counted apart.
 *
 * Runs in one process, page after page (two minutes for both stacks). Writes metadata.json into
 * bench/out (or $VELLUM_BENCH_OUT).
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Readability } from "@mozilla/readability";
import { Window } from "happy-dom";
import { decodeHtml } from "../src/extract/charset.ts";
import { linkedomPage } from "../src/extract/dom.ts";
import { analyzePage } from "../src/extract/html-to-article.ts";
import { corpusArgument, outDir, rulesLeftOut } from "./bench-wcxb.ts";
import { PLAIN_SETTINGS } from "./lib/plain-readability.ts";

interface Annotation {
  file: string;
  title?: string;
  author?: string | string[];
  date?: string;
  description?: string;
}
interface Stated {
  title: string | null;
  byline: string | null;
  date: string | null;
  excerpt: string | null;
}
const FIELDS = ["title", "author", "authorNamed", "date", "description"] as const;
type Field = (typeof FIELDS)[number];

const args = process.argv.slice(2);
const corpus = corpusArgument(
  args,
  "usage: bun scripts/bench-metadata.ts --corpus DIR [--no-reference] [--without RULES]   (DIR holds evaldata.json, cache/ and eval/)",
);
const annotations = JSON.parse(readFileSync(join(corpus, "evaldata.json"), "utf8")) as Record<string, Annotation>;
const fileOf = (name: string) => ["cache", "eval"].map((dir) => join(corpus, dir, name)).find((path) => existsSync(path));
const without = new Set(rulesLeftOut(args));
const stacks = args.includes("--no-reference") ? (["vellum"] as const) : (["vellum", "readability"] as const);

/** Share of the pages, by hash of the address, held out as the check part. */
const CHECK_SHARE = 0.2;
function isMetadataCheckPage(url: string): boolean {
  return createHash("sha256").update(`meta-split:${url}`).digest().readUInt32BE(0) / 2 ** 32 < CHECK_SHARE;
}

const urls = Object.keys(annotations)
  .filter((url) => {
    const a = annotations[url]!;
    return (a.title || a.author !== undefined || a.date) && fileOf(a.file);
  })
  .sort();

const norm = (s: string | null | undefined) => (s ?? "").normalize("NFC").replace(/\s+/g, " ").trim().toLowerCase();
// Some annotations keep the page's character references ("Heart&#8217;s", "&Uuml;bersicht"): read as a browser shows them.
const shown = (s: string) =>
  s.includes("&") ? (linkedomPage(`<p>${s.replace(/</g, "&lt;")}</p>`, "https://example.com/").document.body.textContent ?? s) : s;
const words = (s: string): string[] => norm(s).match(/[\p{L}\p{N}]+/gu) ?? [];

async function vellum(html: string, url: string): Promise<Stated> {
  const { article } = await analyzePage(html, { url, without });
  return {
    title: article?.title ?? null,
    byline: article?.byline ?? null,
    date: article?.publishedTime ?? null,
    excerpt: article?.excerpt ?? null,
  };
}

async function readability(html: string, url: string): Promise<Stated> {
  const window = new Window({ url, settings: PLAIN_SETTINGS as never });
  try {
    const document = window.document as unknown as Document;
    document.write(html);
    const r = new Readability(document).parse();
    return { title: r?.title ?? null, byline: r?.byline ?? null, date: r?.publishedTime ?? null, excerpt: r?.excerpt ?? null };
  } finally {
    await window.happyDOM.close();
  }
}

/** Which annotated fields `stated` gets right on the page annotated `a`: right, of annotated. */
function judge(a: Annotation, stated: Stated): Partial<Record<Field, boolean>> & { bylineWithoutAuthor?: boolean } {
  const out: Partial<Record<Field, boolean>> & { bylineWithoutAuthor?: boolean } = {};
  if (a.title) out.title = norm(stated.title) === norm(shown(a.title));
  const listed = Array.isArray(a.author) ? a.author.join("; ") : a.author;
  const author = listed === undefined ? undefined : shown(listed);
  if (author?.trim()) {
    out.author = norm(stated.byline) === norm(author);
    const gold = new Set(words(author));
    const given = words(stated.byline ?? "");
    out.authorNamed = gold.size > 0 && [...gold].every((w) => given.includes(w)) && given.length <= gold.size + 2;
  } else if (author !== undefined) {
    out.bylineWithoutAuthor = Boolean(stated.byline);
  }
  if (a.date && /^\d{4}-\d{2}-\d{2}$/.test(a.date)) out.date = (stated.date ?? "").slice(0, 10) === a.date;
  if (a.description) out.description = norm(stated.excerpt) === norm(shown(a.description));
  return out;
}

type Tally = Record<Field, { right: number; annotated: number }> & { bylineWithoutAuthor: { given: number; pages: number } };
const tally = (): Tally =>
  ({
    ...Object.fromEntries(FIELDS.map((f) => [f, { right: 0, annotated: 0 }])),
    bylineWithoutAuthor: { given: 0, pages: 0 },
  }) as Tally;
const totals: Record<string, { tuning: Tally; check: Tally }> = {};
const perPage: Record<string, Record<string, Stated>> = {};
let done = 0;
for (const stack of stacks) totals[stack] = { tuning: tally(), check: tally() };
for (const url of urls) {
  const a = annotations[url]!;
  const { text } = decodeHtml(new Uint8Array(readFileSync(fileOf(a.file)!)), "text/html");
  const part = isMetadataCheckPage(url) ? "check" : "tuning";
  for (const stack of stacks) {
    let stated: Stated;
    try {
      stated = await (stack === "vellum" ? vellum(text, url) : readability(text, url));
    } catch {
      stated = { title: null, byline: null, date: null, excerpt: null };
    }
    (perPage[url] ??= {})[stack] = stated;
    const t = totals[stack]![part];
    const verdict = judge(a, stated);
    for (const field of FIELDS) {
      const v = verdict[field];
      if (v === undefined) continue;
      t[field].annotated++;
      if (v) t[field].right++;
    }
    if (verdict.bylineWithoutAuthor !== undefined) {
      t.bylineWithoutAuthor.pages++;
      if (verdict.bylineWithoutAuthor) t.bylineWithoutAuthor.given++;
    }
  }
  if (++done % 200 === 0) process.stderr.write(`  ${done}/${urls.length}\n`);
}

const report = { runtime: `bun ${Bun.version}`, pages: urls.length, without: [...without], ...totals };
mkdirSync(outDir, { recursive: true });
writeFileSync(join(outDir, "metadata.json"), `${JSON.stringify(report, null, 1)}\n`);
writeFileSync(join(outDir, "metadata-per-page.json"), JSON.stringify(perPage));
const share = (x: { right: number; annotated: number }) => (x.annotated ? (x.right / x.annotated).toFixed(3) : "-");
console.log(`metadata: ${urls.length} pages (check part ${urls.filter(isMetadataCheckPage).length}), tuning / check`);
console.log(`stack        ${FIELDS.map((f) => f.padStart(13)).join("")}  byline where no author`);
for (const stack of stacks) {
  const { tuning, check } = totals[stack]!;
  const cells = FIELDS.map((f) => `${share(tuning[f])}/${share(check[f])}`.padStart(13)).join("");
  const extra = `${tuning.bylineWithoutAuthor.given}/${tuning.bylineWithoutAuthor.pages}, ${check.bylineWithoutAuthor.given}/${check.bylineWithoutAuthor.pages}`;
  console.log(`${stack.padEnd(12)} ${cells}  ${extra}`);
}
