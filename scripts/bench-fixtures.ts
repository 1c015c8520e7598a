/**
 * News pages no rule was written for: the saved pages of Postlight Parser's test suite (an open-source
 * article extractor; about 140 news and magazine sites in English, Japanese, German, French and
 * Chinese, each with the title, author, date and first words of the text its own tests expect). Scores
 * vellum and plain Readability on the same pages, after the path /extract takes (charset.ts, then
 * analyzePage). The corpus is not in this repository; pass a checkout of the parser:
 *
 *   bun scripts/bench-fixtures.ts --corpus ../parser                 vellum and plain Readability
 *   bun scripts/bench-fixtures.ts --corpus ../parser --no-reference
 *
 * Per page, from the first test of `src/extractors/custom/<site>/index.test.js`: the address, the saved
 * page under `fixtures/`, and the strings it asserts for `title`, `author`, `date_published` and
 * `first13` (the text's first thirteen words). The parser saved its pages after moving every <meta>'s
 * `content` into `value`; that is undone first, so the pages read as they were served.
 *
 * A title is right when its words are the expected title's (case and marks aside); the author when
 * every word of the expected name is in the byline and it holds at most two words more; the date when
 * it is within a day of the expected instant (a date without a time is that day's midnight in UTC);
 * the lead when the first thirteen words appear, in order, in the Markdown's words (links' addresses
 * and images left out). The expected values are the parser's own choices (its captions and kickers
 * count in its first words), so the figures compare extractors; they are no ground truth. The sites are
 * split once by a hash into a tuning part (70%) and a check part (30%), both reported. Writes
 * fixtures.json into bench/out (or $VELLUM_BENCH_OUT).
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { decodeHtml } from "../src/extract/charset.ts";
import { analyzePage } from "../src/extract/html-to-article.ts";
import { corpusArgument, outDir } from "./bench-wcxb.ts";
import { plainReadabilityArticle } from "./lib/plain-readability.ts";

interface Case {
  site: string;
  url: string;
  file: string;
  title?: string;
  author?: string;
  date?: string;
  first13?: string;
}
interface Stated {
  title: string | null;
  byline: string | null;
  date: string | null;
  markdown: string;
}

const FIELDS = ["title", "author", "date", "lead"] as const;
type Field = (typeof FIELDS)[number];

const args = process.argv.slice(2);
const corpus = corpusArgument(
  args,
  "usage: bun scripts/bench-fixtures.ts --corpus DIR [--no-reference]   (DIR holds fixtures/ and src/extractors/custom/)",
);
const stacks = args.includes("--no-reference") ? (["vellum"] as const) : (["vellum", "readability"] as const);

/** Share of the sites, by hash of the name, held out as the check part. */
const CHECK_SHARE = 0.3;
const isCheckSite = (site: string) =>
  createHash("sha256").update(`postlight-split:${site}`).digest().readUInt32BE(0) / 2 ** 32 < CHECK_SHARE;

/** A JavaScript string literal's value, its quotes ' " or ` and its escapes read (no code is run). */
function literal(source: string): string {
  const body = source.slice(1, -1);
  return body.replace(/\\(u\{[0-9a-fA-F]+\}|u[0-9a-fA-F]{4}|x[0-9a-fA-F]{2}|\n|.)/g, (_, e: string) => {
    if (e[0] === "u") return String.fromCodePoint(Number.parseInt(e.replace(/[u{}]/g, ""), 16));
    if (e[0] === "x") return String.fromCharCode(Number.parseInt(e.slice(1), 16));
    return ({ n: "\n", t: "\t", r: "\r", "\n": "" } as Record<string, string>)[e] ?? e;
  });
}

const STRING = String.raw`('(?:[^'\\]|\\[\s\S])*'|"(?:[^"\\]|\\[\s\S])*"|` + "`(?:[^`\\\\]|\\\\[\\s\\S])*`)";
const URL_ASSIGNED = new RegExp(String.raw`\burl\s*=\s*${STRING}`);
const asserted = (name: string) => new RegExp(String.raw`assert\.(?:equal|strictEqual)\(\s*${name}\s*,\s*${STRING}`);

function casesOf(dir: string): Case[] {
  const custom = join(dir, "src/extractors/custom");
  const cases: Case[] = [];
  for (const site of readdirSync(custom).sort()) {
    const testFile = join(custom, site, "index.test.js");
    if (!existsSync(testFile)) continue;
    const source = readFileSync(testFile, "utf8");
    const url = URL_ASSIGNED.exec(source)?.[1];
    const fixture = /readFileSync\(\s*'\.\/fixtures\/([^']+)'/.exec(source)?.[1];
    if (!url || !fixture || !existsSync(join(dir, "fixtures", fixture))) continue;
    const value = (name: string) => {
      const m = asserted(name).exec(source);
      return m ? literal(m[1]!) : undefined;
    };
    cases.push({
      site,
      url: literal(url),
      file: join(dir, "fixtures", fixture),
      title: value("title"),
      author: value("author"),
      date: value("date_published"),
      first13: value("first13"),
    });
  }
  return cases;
}

/** The page as served: the parser stored each <meta>'s `content` as `value`. */
const served = (html: string) =>
  html.replace(/<meta\b[^<>]*>/gi, (tag) => (/\scontent=/i.test(tag) ? tag : tag.replace(/(\s)value=/i, "$1content=")));

const words = (s: string): string[] =>
  s
    .toLowerCase()
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .match(/[\p{L}\p{N}]+/gu) ?? [];
/** The Markdown's words without its images and its links' addresses. */
const textWords = (markdown: string) => words(markdown.replace(/!\[[^\]]*\]\([^()]*\)/g, " ").replace(/\]\([^()]*\)/g, "]"));

function judge(c: Case, stated: Stated): Partial<Record<Field, boolean>> {
  const out: Partial<Record<Field, boolean>> = {};
  if (c.title) out.title = words(c.title).join(" ") === words(stated.title ?? "").join(" ");
  if (c.author?.trim()) {
    const expected = new Set(words(c.author));
    const given = words(stated.byline ?? "");
    out.author = given.length > 0 && [...expected].every((w) => given.includes(w)) && given.length <= expected.size + 2;
  }
  if (c.date) {
    const expected = Date.parse(c.date);
    const given = Date.parse(stated.date ?? "");
    out.date = Number.isFinite(given) && Math.abs(expected - given) <= 24 * 3600 * 1000;
  }
  if (c.first13) {
    // The parser's excerpt keeps a character reference now and then ("&#151;").
    const lead = words(c.first13.replace(/&#?\w+;/g, " ")).join(" ");
    out.lead = lead.length > 0 && ` ${textWords(stated.markdown).join(" ")} `.includes(` ${lead} `);
  }
  return out;
}

async function vellum(html: string, url: string): Promise<Stated> {
  const { article } = await analyzePage(html, { url });
  return {
    title: article?.title ?? null,
    byline: article?.byline ?? null,
    date: article?.publishedTime ?? null,
    markdown: article?.markdown ?? "",
  };
}

async function readability(html: string, url: string): Promise<Stated> {
  const r = await plainReadabilityArticle(html, url);
  return { title: r?.title ?? null, byline: r?.byline ?? null, date: r?.publishedTime ?? null, markdown: r?.markdown ?? "" };
}

const cases = casesOf(corpus);
type Tally = Record<Field, { right: number; asked: number }>;
const tally = (): Tally => Object.fromEntries(FIELDS.map((f) => [f, { right: 0, asked: 0 }])) as Tally;
const totals: Record<string, { tuning: Tally; check: Tally }> = {};
for (const stack of stacks) totals[stack] = { tuning: tally(), check: tally() };
const perPage: Record<string, Record<string, Partial<Record<Field, boolean>>>> = {};
for (const c of cases) {
  const { text } = decodeHtml(new Uint8Array(readFileSync(c.file)), "text/html");
  const html = served(text);
  const part = isCheckSite(c.site) ? "check" : "tuning";
  for (const stack of stacks) {
    let stated: Stated;
    try {
      stated = await (stack === "vellum" ? vellum(html, c.url) : readability(html, c.url));
    } catch {
      stated = { title: null, byline: null, date: null, markdown: "" };
    }
    const verdict = judge(c, stated);
    (perPage[c.site] ??= {})[stack] = verdict;
    for (const field of FIELDS) {
      const v = verdict[field];
      if (v === undefined) continue;
      totals[stack]![part][field].asked++;
      if (v) totals[stack]![part][field].right++;
    }
  }
}

const report = {
  runtime: `bun ${Bun.version}`,
  pages: cases.length,
  check: cases.filter((c) => isCheckSite(c.site)).length,
  ...totals,
  perPage,
};
mkdirSync(outDir, { recursive: true });
writeFileSync(join(outDir, "fixtures.json"), `${JSON.stringify(report, null, 1)}\n`);
const cell = (t: Tally, f: Field) => `${t[f].right}/${t[f].asked}`;
console.log(`parser fixtures: ${cases.length} pages (check part ${report.check}), right of asked, tuning / check`);
console.log(`stack        ${FIELDS.map((f) => f.padStart(16)).join("")}`);
for (const stack of stacks) {
  const { tuning, check } = totals[stack]!;
  console.log(`${stack.padEnd(12)} ${FIELDS.map((f) => `${cell(tuning, f)} / ${cell(check, f)}`.padStart(16)).join("")}`);
}
