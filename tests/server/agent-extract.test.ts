import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { generateSecret } from "../../src/payments/secrets.ts";
import { createOperatorKey } from "../../src/store/operator-keys.ts";
import { findKeyByHash } from "../../src/store/keys.ts";
import { writeSetting } from "../../src/store/settings.ts";
import { freeCallsRemaining } from "../../src/store/free-trial.ts";
import { utcDay } from "../../src/server/billing.ts";
import { TEXT_PDF } from "../helpers/pdf-fixtures.ts";
import { startTestService, type TestService } from "../helpers/service.ts";
import { MAX_CACHED_MARKDOWN_CHARS } from "../../src/store/cache.ts";
import { LONG_TEXT, MARKDOWN_TEXT, PLAIN_TEXT, SIMPLE_ARTICLE, startTargetSite, type TargetSite } from "../helpers/target-site.ts";

/**
 * What agent builders expect of /extract (issue 15), end to end: the real server, the real worker
 * pool and a real target site serving HTML, PDF and text. Formats, aiming options, the cache, and
 * billing that stays the same for each of them.
 */
let site: TargetSite;
let svc: TestService;

beforeAll(async () => {
  site = await startTargetSite();
  svc = await startTestService({ allowPrivateTargets: site.allowEntry, fetchTimeoutMs: "3000", freeCallsPerDay: "1000", workers: "2" });
});
afterAll(async () => {
  await svc?.close();
  await site?.close();
});

const free = { "x-free-trial": "1" };
const fresh = { ...free, "cache-control": "no-cache" };
const q = (path: string, params: Record<string, string | string[]> = {}) => {
  const search = new URLSearchParams({ free: "1", url: site.url(path) });
  for (const [k, v] of Object.entries(params)) for (const one of [v].flat()) search.append(k, one);
  return `/extract?${search}`;
};

async function paidKey(calls: number) {
  const secret = generateSecret("vk");
  await createOperatorKey(svc.db, { keyHash: secret.hash, prefix: secret.prefix, calls, note: "test" });
  return { hash: secret.hash, headers: { authorization: `Bearer ${secret.value}`, "cache-control": "no-cache" } };
}

describe("PDF and text targets", () => {
  test("a 20-page text PDF: headings, paragraphs, metadata from the document info", async () => {
    const res = await svc.post("/extract", { url: site.url("/doc.pdf") }, { headers: fresh });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.title).toBe(TEXT_PDF.title);
    expect(body.byline).toBe(TEXT_PDF.author);
    expect(body.publishedTime).toBe(TEXT_PDF.created.toISOString());
    expect(body.pageType).toBeNull();
    expect(body.markdown).toContain(`# ${TEXT_PDF.heading(1)}\n\n`);
    expect(body.markdown).toContain(TEXT_PDF.marker(20));
    expect(body.length).toBe(body.markdown.length);
    expect(body.words).toBeGreaterThan(2000);
    expect(body.truncated).toBe(false);
    expect(body.usage.mode).toBe("free");
  });

  test("a PDF sent as application/octet-stream is known by its magic bytes", async () => {
    const res = await svc.get(q("/doc-untyped", { pages: "2" }), { headers: { "cache-control": "no-cache" } });
    expect(res.status).toBe(200);
    expect((await res.json()).markdown).toContain(TEXT_PDF.heading(2));
  });

  test("a PDF with no text layer is 422 no_content, and the free call is given back", async () => {
    const before = await svc.post("/extract", { url: site.url("/readme.md") }, { headers: fresh }).then((r) => r.json());
    const res = await svc.post("/extract", { url: site.url("/scan.pdf") }, { headers: fresh });
    expect(res.status).toBe(422);
    expect((await res.json()).error).toBe("no_content");
    const after = await svc.post("/extract", { url: site.url("/readme.md") }, { headers: fresh }).then((r) => r.json());
    expect(after.usage.freeCallsRemainingToday).toBe(before.usage.freeCallsRemainingToday - 1);
  });

  test("text/plain is fenced so it renders as written; text/markdown is returned as Markdown", async () => {
    const plain = await svc.post("/extract", { url: site.url("/notes.txt") }, { headers: fresh }).then((r) => r.json());
    expect(plain.markdown).toBe("```text\n" + PLAIN_TEXT.trimEnd() + "\n```");
    expect(plain.title).toBe("RELEASE NOTES");
    const md = await svc.post("/extract", { url: site.url("/readme.md") }, { headers: fresh }).then((r) => r.json());
    expect(md.markdown).toBe(MARKDOWN_TEXT.trimEnd());
    expect(md.title).toBe("Vellum readme");
  });

  test("a PDF job past the extraction deadline is given up: 422 no_content, not charged", async () => {
    const strict = await startTestService({ allowPrivateTargets: site.allowEntry, freeCallsPerDay: "100", extractTimeoutMs: "100" });
    try {
      const res = await strict.post("/extract", { url: site.url("/doc.pdf?pages=250") }, { headers: free });
      expect(res.status).toBe(422);
      const body = await res.json();
      expect(body.error).toBe("no_content");
      expect(body.message).toContain("time limit");
      // (A second call would meet the same 100 ms deadline while a fresh worker loads: read the store.)
      expect(await freeCallsRemaining(strict.db, "127.0.0.1", utcDay(new Date()), 100)).toBe(100);
    } finally {
      await strict.close();
    }
  }, 60_000);

  test("application/xhtml+xml is read as HTML; other types stay 422 unsupported_content_type", async () => {
    const xhtml = await svc.post("/extract", { url: site.url("/xhtml") }, { headers: fresh });
    expect(xhtml.status).toBe(200);
    expect((await xhtml.json()).title).toBe(SIMPLE_ARTICLE.title);
    const octet = await svc.post("/extract", { url: site.url("/octet") }, { headers: fresh });
    expect(octet.status).toBe(422);
    expect((await octet.json()).error).toBe("unsupported_content_type");
  });
});

describe("the Markdown answer", () => {
  const frontMatter = (text: string) => {
    const m = /^---\n([\s\S]*?)\n---\n\n/.exec(text);
    if (!m) throw new Error(`no front matter in ${text.slice(0, 200)}`);
    return Object.fromEntries(m[1]!.split("\n").map((l) => [l.slice(0, l.indexOf(":")), JSON.parse(l.slice(l.indexOf(":") + 1))]));
  };

  test.each([
    ["Accept: text/markdown", () => svc.get(q("/article-simple"), { headers: { accept: "text/markdown", "cache-control": "no-cache" } })],
    ["?format=markdown", () => svc.get(q("/article-simple", { format: "markdown" }), { headers: { "cache-control": "no-cache" } })],
    [
      "POST with format in the body",
      () => svc.post("/extract", { url: site.url("/article-simple"), format: "markdown" }, { headers: fresh }),
    ],
  ])("%s answers text/markdown with YAML front matter and billing in headers", async (_, call) => {
    const res = await call();
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/markdown; charset=utf-8");
    expect(res.headers.get("x-usage-mode")).toBe("free");
    expect(Number(res.headers.get("x-free-calls-remaining-today"))).toBeGreaterThan(0);
    expect(res.headers.get("x-cache")).toBe("miss");
    const text = await res.text();
    const meta = frontMatter(text);
    expect(Object.keys(meta)).toEqual(["url", "title", "byline", "siteName", "lang", "publishedTime", "pageType", "words"]);
    expect(meta.pageType).toBe("article");
    expect(meta.url).toBe(site.url("/article-simple"));
    expect(meta.title).toBe(SIMPLE_ARTICLE.title);
    expect(meta.lang).toBe("en");
    expect(meta.words).toBeGreaterThan(50);
    expect(text).toContain("Most parsers start life");
    expect(text).not.toContain('"usage"');
  });

  test("JSON stays the default, also for Accept: */* and a client preferring JSON", async () => {
    for (const accept of [undefined, "*/*", "application/json, text/markdown;q=0.5"]) {
      const res = await svc.get(q("/article-simple"), { headers: accept ? { accept } : {} });
      expect(res.headers.get("content-type")).toStartWith("application/json");
    }
  });

  test("a paid Markdown answer says what it cost in headers, and charges the key once", async () => {
    const key = await paidKey(3);
    const res = await svc.get(`/extract?format=markdown&url=${encodeURIComponent(site.url("/article-simple"))}`, { headers: key.headers });
    expect(res.status).toBe(200);
    expect(res.headers.get("x-usage-mode")).toBe("paid");
    expect(res.headers.get("x-calls-remaining")).toBe("2");
    expect(res.headers.get("x-charged-usd")).toBe("0.01");
    expect((await findKeyByHash(svc.db, key.hash))?.callsRemaining).toBe(2);
  });
});

describe("aiming: include, exclude, mode=full, maxChars", () => {
  test("include (repeated in the query) keeps only the matches", async () => {
    const body = await svc.get(q("/article-simple", { include: ["table", "aside"] })).then((r) => r.json());
    expect(body.markdown).toContain("| tokenize |");
    expect(body.markdown).toContain("Related");
    expect(body.markdown).not.toContain("Most parsers start life");
  });

  test("include and exclude as comma-separated strings and JSON arrays agree", async () => {
    const a = await svc.get(q("/article-simple", { exclude: "table, pre" })).then((r) => r.json());
    const b = await svc
      .post("/extract", { url: site.url("/article-simple"), exclude: ["table", "pre"] }, { headers: free })
      .then((r) => r.json());
    expect(a.markdown).toBe(b.markdown);
    expect(a.markdown).toContain("Most parsers start life");
    expect(a.markdown).not.toContain("tokenize |");
  });

  test("mode=full converts the whole body; exclude still removes nav and footer", async () => {
    const full = await svc.get(q("/article-simple", { mode: "full" })).then((r) => r.json());
    expect(full.markdown).toContain("Example Press");
    expect(full.markdown).toContain("Archive");
    const trimmed = await svc.post(
      "/extract",
      { url: site.url("/article-simple"), mode: "full", exclude: "nav, footer" },
      { headers: free },
    );
    const t = await trimmed.json();
    expect(t.markdown).not.toContain("Example Press");
    expect(t.markdown).toContain("Related");
  });

  test("maxChars cuts at a block boundary and says truncated", async () => {
    const whole = await svc.get(q("/article-simple")).then((r) => r.json());
    // Room for the first two blocks and part of the third.
    const blocks = whole.markdown.split("\n\n");
    const limit = blocks[0].length + 2 + blocks[1].length + 10;
    const body = await svc.get(q("/article-simple", { maxChars: String(limit) })).then((r) => r.json());
    expect(body.truncated).toBe(true);
    expect(body.markdown).toBe(`${blocks[0]}\n\n${blocks[1]}`);
    expect(body.length).toBeLessThanOrEqual(limit);
    expect(body.length).toBe(body.markdown.length);
    expect(whole.markdown.startsWith(body.markdown)).toBe(true);
    expect(whole.markdown.slice(body.markdown.length, body.markdown.length + 2)).toBe("\n\n");
    const md = await svc.get(q("/article-simple", { maxChars: String(limit), format: "markdown" }));
    expect(md.headers.get("x-truncated")).toBe("true");
    expect(await md.text()).toContain("\ntruncated: true\n");
  });

  type Bad = { name: string; request: () => Promise<Response>; mentions: string };
  const bad: Bad[] = [
    { name: "an invalid include (query)", request: () => svc.get(q("/article-simple", { include: "div[" })), mentions: '"div["' },
    {
      name: "an invalid exclude in a list (body)",
      request: () => svc.post("/extract", { url: site.url("/article-simple"), exclude: ["nav", "a >> b"] }, { headers: free }),
      mentions: '"a >> b"',
    },
    {
      name: "a selector list that is not strings",
      request: () => svc.post("/extract", { url: site.url("/"), include: [1] }, { headers: free }),
      mentions: "include",
    },
    { name: "maxChars 0", request: () => svc.get(q("/article-simple", { maxChars: "0" })), mentions: "maxChars" },
    { name: "maxChars not a number", request: () => svc.get(q("/article-simple", { maxChars: "many" })), mentions: "maxChars" },
    { name: "an unknown mode", request: () => svc.get(q("/article-simple", { mode: "everything" })), mentions: "mode" },
    { name: "an unknown format", request: () => svc.get(q("/article-simple", { format: "html" })), mentions: "format" },
  ];
  test.each(bad)("$name: 400 invalid_request naming it, nothing fetched or charged", async ({ request, mentions }) => {
    const hits = site.hits("/article-simple");
    const before = await svc.get(q("/readme.md"), { headers: { "cache-control": "no-cache" } }).then((r) => r.json());
    const res = await request();
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.error).toBe("invalid_request");
    expect(body.message).toContain(mentions);
    expect(site.hits("/article-simple")).toBe(hits);
    const after = await svc.get(q("/readme.md"), { headers: { "cache-control": "no-cache" } }).then((r) => r.json());
    expect(after.usage.freeCallsRemainingToday).toBe(before.usage.freeCallsRemainingToday - 1);
  });

  test("an invalid selector without any payment is a 400 too, not a 402", async () => {
    for (const res of [
      await svc.get(`/extract?url=${encodeURIComponent(site.url("/a"))}&include=${encodeURIComponent("div[")}`),
      await svc.post("/extract", { url: site.url("/a"), exclude: "}" }),
    ]) {
      expect(res.status).toBe(400);
      expect((await res.json()).error).toBe("invalid_request");
    }
  });
});

describe("the cache", () => {
  test("a second call is served from the cache without fetching, says hit with its age, and is charged", async () => {
    const url = site.url("/counted?x=1");
    const first = await svc.post("/extract", { url }, { headers: free });
    expect(first.headers.get("x-cache")).toBe("miss");
    const a = await first.json();
    const hits = site.hits("/counted");
    const second = await svc.post("/extract", { url: site.url("/counted?x=1#frag") }, { headers: free });
    expect(second.headers.get("x-cache")).toBe("hit");
    expect(Number(second.headers.get("x-cache-age"))).toBeGreaterThanOrEqual(0);
    expect(second.headers.get("age")).toBe(second.headers.get("x-cache-age"));
    expect(first.headers.get("age")).toBeNull();
    const b = await second.json();
    expect(site.hits("/counted")).toBe(hits);
    expect(b.markdown).toBe(a.markdown);
    expect(a.cache).toBe("miss");
    expect(a.cacheAgeSeconds).toBeUndefined();
    expect(b.cache).toBe("hit");
    expect(Number.isInteger(b.cacheAgeSeconds)).toBe(true);
    expect(b.usage.freeCallsRemainingToday).toBe(a.usage.freeCallsRemainingToday - 1);
  });

  test("a paid cache hit costs the key one call like any delivered call", async () => {
    const url = site.url("/counted?paid=1");
    await svc.post("/extract", { url }, { headers: free });
    const key = await paidKey(2);
    const { "cache-control": _, ...headers } = key.headers;
    const res = await svc.post("/extract", { url }, { headers });
    expect(res.headers.get("x-cache")).toBe("hit");
    expect((await res.json()).usage).toEqual({ mode: "paid", callsRemaining: 1, chargedUsd: 0.01 });
    expect((await findKeyByHash(svc.db, key.hash))?.callsRemaining).toBe(1);
  });

  test("Cache-Control: no-cache fetches again and refreshes the entry", async () => {
    const url = site.url("/counted?x=2");
    const a = await svc.post("/extract", { url }, { headers: free }).then((r) => r.json());
    const b = await svc.post("/extract", { url }, { headers: fresh }).then((r) => r.json());
    expect(b.cache).toBe("miss");
    expect(b.markdown).not.toBe(a.markdown);
    const c = await svc.post("/extract", { url }, { headers: free }).then((r) => r.json());
    expect(c.cache).toBe("hit");
    expect(c.markdown).toBe(b.markdown);
  });

  test("an answer is never served across different options", async () => {
    const url = site.url("/counted?x=3");
    await svc.post("/extract", { url }, { headers: free });
    for (const options of [{ maxChars: 300 }, { exclude: "table" }, { include: "article" }, { mode: "full" }]) {
      const res = await svc.post("/extract", { url, ...options }, { headers: free });
      expect(res.status).toBe(200);
      expect((await res.json()).cache).toBe("miss");
    }
    // The format is not an option of the extraction: the Markdown answer reuses the JSON one's entry.
    const md = await svc.post("/extract", { url, format: "markdown" }, { headers: free });
    expect(md.headers.get("x-cache")).toBe("hit");
  });

  test("an answer longer than the cache keeps is delivered every time but never stored", async () => {
    expect(LONG_TEXT.length).toBeGreaterThan(MAX_CACHED_MARKDOWN_CHARS);
    const url = site.url("/long.txt");
    for (let i = 0; i < 2; i++) {
      const res = await svc.post("/extract", { url }, { headers: free });
      expect(res.status).toBe(200);
      const body = await res.json();
      expect(body.cache).toBe("miss");
      expect(body.length).toBeGreaterThan(MAX_CACHED_MARKDOWN_CHARS);
    }
    expect(site.hits("/long.txt")).toBe(2);
  });

  test("a long answer is streamed (serialised piece by piece) and is the same JSON, with the same headers, as a short one", async () => {
    const long = await svc.post("/extract", { url: site.url("/long.txt") }, { headers: free });
    const short = await svc.post("/extract", { url: site.url("/notes.txt") }, { headers: fresh });
    expect(long.status).toBe(200);
    // Streamed: sent in chunks, no Content-Length known in advance.
    expect(long.headers.get("content-length")).toBeNull();
    expect(short.headers.get("content-length")).not.toBeNull();
    const names = (r: Response) => [...r.headers.keys()].filter((k) => !["content-length", "transfer-encoding", "date"].includes(k)).sort();
    expect(names(long)).toEqual(names(short));
    expect(long.headers.get("content-type")).toBe(short.headers.get("content-type"));
    const body = await long.json();
    expect(body.markdown).toContain(LONG_TEXT);
    expect(body.markdown.length).toBe(body.length);
    expect(Object.keys(body)).toEqual(Object.keys(await short.json()));
    expect(body.usage.mode).toBe("free");
  });

  test("a redirect's final URL is cached too", async () => {
    const target = site.url("/counted?x=4");
    await svc.post("/extract", { url: site.url(`/redirect?to=${encodeURIComponent(target)}`) }, { headers: free });
    const direct = await svc.post("/extract", { url: target }, { headers: free });
    expect(direct.headers.get("x-cache")).toBe("hit");
  });

  test("cacheTtl is a stored setting a running server applies: 0 turns the cache off live", async () => {
    const live = await startTestService({ allowPrivateTargets: site.allowEntry, freeCallsPerDay: "100" });
    try {
      const url = site.url("/counted?x=6");
      await live.post("/extract", { url }, { headers: free });
      expect((await live.post("/extract", { url }, { headers: free })).headers.get("x-cache")).toBe("hit");
      await writeSetting(live.db, "cacheTtl", 0);
      for (let i = 0; i < 300 && live.live.current.cacheTtl !== 0; i++) await Bun.sleep(50);
      expect(live.live.current.cacheTtl).toBe(0);
      expect((await live.post("/extract", { url }, { headers: free })).headers.get("x-cache")).toBe("miss");
    } finally {
      await live.close();
    }
  });

  test("--cache-ttl 0 turns the cache off", async () => {
    const off = await startTestService({ allowPrivateTargets: site.allowEntry, freeCallsPerDay: "100", cacheTtl: "0" });
    try {
      const url = site.url("/counted?x=5");
      await off.post("/extract", { url }, { headers: free });
      const again = await off.post("/extract", { url }, { headers: free });
      expect(again.headers.get("x-cache")).toBe("miss");
      expect((await again.json()).cache).toBe("miss");
    } finally {
      await off.close();
    }
  });
});
