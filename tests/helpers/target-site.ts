/**
 * A real HTTP server on 127.0.0.1 that stands in for the sites vellum fetches, for unit tests of the
 * fetcher and for the service's integration tests. Start one per test file:
 *
 *   const site = await startTargetSite();
 *   afterAll(() => site.close());
 *   guardedFetch(new URL(site.url('/article-simple')), { ...policy, allow: parseAllowList([site.allowEntry]) });
 *
 * Routes (GET):
 *   /article/<id>          a benchmark page (shared/bench/aeb), gzip-encoded when the client accepts gzip
 *   /article-simple        a small hand-written article (see SIMPLE_ARTICLE), Content-Language: en
 *   /private/<anything>    the simple article again; the default robots.txt disallows /private/
 *   /robots.txt            "User-agent: * / Disallow: /private/" unless changed with setRobots()
 *   /redirect?to=U&n=K     K redirects (302, or ?code=301|303|307|308) ending with one to U
 *   /big                   6 MiB streamed without Content-Length
 *   /big-declared          6 MiB with Content-Length: 6291456
 *   /bomb                  ~1 MB of gzip that inflates to 1 GiB (Content-Encoding: gzip)
 *   /slow                  headers at once, then one byte every 50 ms, forever
 *   /hang                  never answers
 *   /status/<code>         an empty-ish response with that status (200-599)
 *   /latin1                windows-1252 bytes, no charset anywhere (LATIN1_TEXT when decoded)
 *   /twice                 UTF-8 whose text was encoded twice, "itâ€™s" (TWICE_TEXT once mended)
 *   /sjis                  Shift_JIS bytes declared by <meta charset> only (SJIS_TEXT)
 *   /koi8                  KOI8-R bytes declared by <meta http-equiv> only (KOI8_TEXT)
 *   /pdf                   a tiny application/pdf
 *   /empty                 an HTML page with no article in it
 *   /encoded/<gzip|deflate|br>  the simple article with that Content-Encoding
 *   /headers               the request's headers as JSON (to check what the fetcher sends)
 *   /doc.pdf               a 20-page text PDF (pdf-fixtures.ts TEXT_PDF); ?pages=N for another length
 *   /doc-untyped           the same PDF as application/octet-stream (known by its %PDF- magic)
 *   /scan.pdf              a PDF with no text layer
 *   /notes.txt             PLAIN_TEXT as text/plain
 *   /readme.md             MARKDOWN_TEXT as text/markdown
 *   /xhtml                 the simple article as application/xhtml+xml
 *   /octet                 bytes as application/octet-stream
 *   /counted               the simple article whose first paragraph starts "Visit N." (N counts requests), to tell fetched from cached
 */
import { readdirSync } from "node:fs";
import { join } from "node:path";
import zlib from "node:zlib";
import { scannedPdf, textPdf } from "./pdf-fixtures.ts";
import { AEB_DIR, aebDir } from "./bench-data.ts";

/** /notes.txt: characters Markdown would interpret, line breaks and indentation that must survive. */
export const PLAIN_TEXT = "RELEASE NOTES\n\n  * not a list, indented\n# not a heading\n<b>not html</b> and a_b_c\n";

/** /long.txt: plain text longer than the cache keeps (MAX_CACHED_MARKDOWN_CHARS), quick to extract. */
export const LONG_TEXT = Array.from({ length: 20_000 }, (_, i) => `Line ${i} of a long plain text file, sixty characters wide.`).join("\n");

/** /readme.md */
export const MARKDOWN_TEXT = "# Vellum readme\n\nSome *emphasis* and a [link](https://example.com/).\n\n- one\n- two\n";

/** Where the article-extraction-benchmark pages live (181 gzip files named <id>.html.gz); see bench-data.ts. */
export const BENCH_DIR = AEB_DIR;

/** Size of /big and /big-declared: one MiB over the 5 MiB cap. */
export const BIG_BYTES = 6 * 1024 * 1024;

/** What /bomb inflates to: far more than a test process could buffer comfortably. */
export const BOMB_INFLATED_BYTES = 1024 * 1024 * 1024;

/** Text of /latin1 once decoded as windows-1252 (its bytes are not valid UTF-8). */
export const LATIN1_TEXT = "Café crème brûlée – “quoted” € 5";

/** Text of /twice once its double encoding is mended (the page serves it read as windows-1252 and re-encoded). */
export const TWICE_TEXT = "It’s a café — “quoted” … naïve";

/** Text of /sjis once decoded as Shift_JIS. */
export const SJIS_TEXT = "日本語のページ";

/** Text of /koi8 once decoded as KOI8-R. */
export const KOI8_TEXT = "Привет";

/** The default robots.txt: everything allowed except /private/. */
export const DEFAULT_ROBOTS = "User-agent: *\nDisallow: /private/\n";

/** The hand-written /article-simple page and facts about it that tests can assert on. */
export const SIMPLE_ARTICLE = {
  title: "Parsing Pipelines in Practice",
  lang: "en",
  description: "A field guide to building small, testable parsing pipelines.",
  /** `<base href>`: relative links and images resolve against <origin>/blog/. */
  baseHref: "/blog/",
  /** Paths (resolved against the site's origin) that the article's links and images point to. */
  resolvedPaths: {
    relativeLink: "/blog/guide/part-2.html",
    rootLink: "/about/team",
    image: "/blog/images/diagram.png",
    lazyImage: "/blog/images/lazy-photo.jpg",
  },
  codeLanguage: "js",
  html: `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<base href="/blog/">
<title>Parsing Pipelines in Practice</title>
<meta name="description" content="A field guide to building small, testable parsing pipelines.">
<meta name="author" content="Ada Example">
<meta property="og:type" content="article">
</head>
<body>
<header><nav><a href="/">Home</a> | <a href="/archive">Archive</a> | <a href="/contact">Contact</a></nav></header>
<main>
<article>
<h1>Parsing Pipelines in Practice</h1>
<p class="byline">By Ada Example</p>
<p>Most parsers start life as a single function that grows until nobody dares to touch it. This article
walks through a different shape: a pipeline of small stages, each of which does one thing and can be
tested on its own. The <a href="guide/part-2.html">second part of this guide</a> covers error recovery,
and the <a href="/about/team">team page</a> lists who to ask when a stage misbehaves.</p>
<p>The first stage turns raw text into tokens. It knows nothing about grammar; it only knows where one
token ends and the next begins. Keeping it ignorant is the point: when a token is wrong, there is exactly
one place to look, and the tests for that place are short enough to read in a minute.</p>
<img src="images/diagram.png" alt="A diagram of the four pipeline stages">
<p>The second stage groups tokens into statements, the third resolves names, and the fourth emits the
output. Each stage has the same signature, so the pipeline itself is a fold over a list of functions,
which makes it trivial to insert a logging stage while debugging and remove it afterwards.</p>
<h2>Stages at a glance</h2>
<table>
<tr><td>tokenize</td><td>text</td><td>tokens</td></tr>
<tr><td>group</td><td>tokens</td><td>statements</td></tr>
<tr><td>resolve</td><td>statements</td><td>bound statements</td></tr>
<tr><td>emit</td><td>bound statements</td><td>output</td></tr>
</table>
<p>A stage in code is nothing more than a function from one array to another. Here is the tokenizer,
reduced to its core so the idea is not buried under edge cases:</p>
<pre><code class="language-js">export function tokenize(source) {
  return source.split(/\\s+/).filter((token) => token !== '');
}</code></pre>
<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" data-src="images/lazy-photo.jpg" class="lazyload" alt="The team at the whiteboard">
<p>Once every stage is this small, the remaining work is mostly naming. A good stage name says what it
returns, not how it works, and a reader of the pipeline should be able to guess each stage's output
from its name alone. That is the whole technique; the rest of this series is practice.</p>
</article>
</main>
<aside><h3>Related</h3><ul><li><a href="/archive/lexers">Lexers</a></li><li><a href="/archive/grammars">Grammars</a></li></ul></aside>
<footer><p>© 2025 Example Press</p></footer>
</body>
</html>
`,
} as const;

/** A manual's page at a documentation address (/docs/…): code samples and an "Edit this page" link. */
const DOCS_PAGE = `<!doctype html>
<html lang="en"><head><title>Configuration – Widget manual</title></head>
<body><nav><a href="/docs/">Manual</a> <a href="/docs/install">Install</a> <a href="/edit/docs/config">Edit this page</a></nav>
<main><h1>Configuration</h1>
<p>The widget reads its settings from <code>widget.toml</code> in the working directory, then from the environment.</p>
<h2>Ports</h2><p>Set <code>port</code> to the port the widget listens on; <code>0</code> picks a free one.</p>
<pre><code>port = 8080
host = "127.0.0.1"</code></pre>
<p>Every setting can be overridden by an environment variable of the same name in capitals, which is handy in containers.</p>
</main></body></html>`;

/** A shop's category page: 24 priced product cards under the category's title (pageType collection). */
const CATEGORY_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Lamps</title></head>
<body><nav><a href="/">Home</a> <a href="/shop">Shop</a></nav><main><h1>Lamps</h1><div class="product-grid">${Array.from(
  { length: 24 },
  (_, i) =>
    `<div class="product-card"><a href="/p/${i}"><img src="/i/${i}.jpg" alt=""></a><a href="/p/${i}">Lamp model ${i + 1}</a><span class="price">$${i + 20}.00</span></div>`,
).join("")}</div></main></body></html>`;

const EMPTY_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Nothing here</title></head>
<body><nav><a href="/">Home</a></nav><footer>© Example</footer></body></html>
`;

// Bytes written out by hand: Bun can decode these legacy encodings but cannot encode them.
const LATIN1_PAGE = Buffer.concat([
  Buffer.from("<html><head><title>Caf"),
  Buffer.from([0xe9]),
  Buffer.from("</title></head><body><p>Caf"),
  Buffer.from([0xe9, 0x20, 0x63, 0x72, 0xe8, 0x6d, 0x65, 0x20, 0x62, 0x72, 0xfb, 0x6c, 0xe9, 0x65]), // é crème brûlée
  Buffer.from([0x20, 0x96, 0x20, 0x93]), // " – “"
  Buffer.from("quoted"),
  Buffer.from([0x94, 0x20, 0x80]), // "” €"
  Buffer.from(" 5</p></body></html>"),
]);

// A misconfigured page: its UTF-8 read once as windows-1252 and written out again as UTF-8.
const TWICE_PAGE = Buffer.from(
  new TextDecoder("windows-1252").decode(
    new TextEncoder().encode(
      `<!doctype html><html><head><meta charset="utf-8"><title>Twice</title></head><body><article><h1>Twice</h1><p>${TWICE_TEXT}.</p>` +
        "<p>The page goes on for a while, with enough words in it to be taken for an article by the extraction.</p></article></body></html>",
    ),
  ),
);

const SJIS_PAGE = Buffer.concat([
  Buffer.from('<!doctype html><html><head><meta charset="shift_jis"><title>sjis</title></head><body><p>'),
  Buffer.from("93fa967b8cea82cc8379815b8357", "hex"), // 日本語のページ
  Buffer.from("</p></body></html>"),
]);

const KOI8_PAGE = Buffer.concat([
  Buffer.from('<html><head><meta http-equiv="Content-Type" content="text/html; charset=koi8-r"><title>koi8</title></head><body><p>'),
  Buffer.from("f0d2c9d7c5d4", "hex"), // Привет
  Buffer.from("</p></body></html>"),
]);

const PDF_BYTES = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");

let bombCache: Uint8Array | undefined;
/**
 * Built on first use (about 50 ms) rather than at import. 32 concatenated gzip members of 32 MiB of
 * zeros each: a valid gzip stream (RFC 1952 allows several members) that is cheap to build.
 */
function gzipBomb(): Uint8Array {
  if (bombCache) return bombCache;
  const memberBytes = 32 * 1024 * 1024;
  const member = Bun.gzipSync(new Uint8Array(memberBytes), { level: 9 });
  bombCache = Buffer.concat(new Array<Uint8Array>(BOMB_INFLATED_BYTES / memberBytes).fill(member));
  return bombCache;
}

/** Ids of the benchmark pages, sorted; pass `count` for the first few. */
export function fixtureIds(count?: number): string[] {
  const ids = readdirSync(join(aebDir(), "html"))
    .filter((name) => name.endsWith(".html.gz"))
    .map((name) => name.slice(0, -".html.gz".length))
    .sort();
  return count === undefined ? ids : ids.slice(0, count);
}

/** The decompressed HTML of one benchmark page. */
export async function benchmarkHtml(id: string): Promise<string> {
  const gz = await Bun.file(join(aebDir(), "html", `${id}.html.gz`)).bytes();
  return new TextDecoder().decode(Bun.gunzipSync(gz));
}

export interface TargetSite {
  /** "http://127.0.0.1:<port>" */
  origin: string;
  port: number;
  /** The `--allow-private-targets` entry that lets the fetcher reach this site: "127.0.0.1:<port>". */
  allowEntry: string;
  /** origin + path */
  url(path: string): string;
  /** Serve /robots.txt with this status and body from now on. */
  setRobots(status: number, body?: string): void;
  /** How many requests reached this path (pathname only, no query) since the site started. */
  hits(path: string): number;
  close(): Promise<void>;
}

// Buffers are typed Uint8Array<ArrayBufferLike>, which lib.dom's BodyInit rejects; Bun takes any view.
const html = (body: BodyInit | Uint8Array | null, status = 200, headers: Record<string, string> = {}) =>
  new Response(body as BodyInit | null, {
    status,
    headers: { "content-type": "text/html; charset=utf-8", ...headers },
  });

/** Streams `total` bytes of filler in 64 KiB chunks, so no Content-Length is sent. */
function streamFiller(total: number): ReadableStream<Uint8Array> {
  const chunk = new Uint8Array(64 * 1024).fill(0x61);
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent >= total) return controller.close();
      const size = Math.min(chunk.length, total - sent);
      controller.enqueue(chunk.subarray(0, size));
      sent += size;
    },
  });
}

/** One byte every `intervalMs`, until the client goes away. */
function drip(intervalMs: number): ReadableStream<Uint8Array> {
  const byte = new Uint8Array([0x61]);
  let first = true;
  return new ReadableStream({
    async pull(controller) {
      if (first) {
        first = false;
        return controller.enqueue(new TextEncoder().encode("<html><body><p>"));
      }
      await Bun.sleep(intervalMs);
      controller.enqueue(byte);
    },
  });
}

function encodeAs(encoding: string, body: string): Uint8Array | null {
  const bytes = Buffer.from(body);
  if (encoding === "gzip") return zlib.gzipSync(bytes);
  if (encoding === "deflate") return zlib.deflateSync(bytes);
  if (encoding === "br") return zlib.brotliCompressSync(bytes);
  return null;
}

/** Starts the site on 127.0.0.1 with an ephemeral port. */
export async function startTargetSite(): Promise<TargetSite> {
  const hitCounts = new Map<string, number>();
  let robots = { status: 200, body: DEFAULT_ROBOTS };

  async function route(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const path = url.pathname;
    hitCounts.set(path, (hitCounts.get(path) ?? 0) + 1);

    if (path === "/robots.txt") {
      return new Response(robots.body, { status: robots.status, headers: { "content-type": "text/plain" } });
    }
    if (path === "/article-simple" || path.startsWith("/private/")) {
      return html(SIMPLE_ARTICLE.html, 200, { "content-language": "en" });
    }
    const article = /^\/article\/([0-9a-f]{64})$/.exec(path);
    if (article) {
      const file = Bun.file(join(BENCH_DIR, "html", `${article[1]}.html.gz`));
      if (!(await file.exists())) return html("not found", 404);
      const gz = await file.bytes();
      // Serve the stored gzip as-is when accepted, as real sites do; it exercises the decoder too.
      if (/\bgzip\b/.test(request.headers.get("accept-encoding") ?? "")) {
        return html(gz, 200, { "content-encoding": "gzip" });
      }
      return html(Bun.gunzipSync(gz));
    }
    if (path === "/redirect") {
      const to = url.searchParams.get("to") ?? "/article-simple";
      const hops = Number(url.searchParams.get("n") ?? "1");
      const code = Number(url.searchParams.get("code") ?? "302");
      const next = hops > 1 ? `/redirect?${new URLSearchParams({ to, n: String(hops - 1), code: String(code) })}` : to;
      return new Response(null, { status: code, headers: { location: next } });
    }
    if (path === "/big") return html(streamFiller(BIG_BYTES));
    if (path === "/big-declared") return html(new Uint8Array(BIG_BYTES).fill(0x61));
    if (path === "/bomb") return html(gzipBomb(), 200, { "content-encoding": "gzip" });
    if (path === "/slow") return html(drip(50));
    if (path === "/hang") {
      return new Promise((resolve) => request.signal.addEventListener("abort", () => resolve(html(""))));
    }
    const status = /^\/status\/(\d{3})$/.exec(path);
    if (status) {
      const code = Number(status[1]);
      if (code < 200 || code > 599) return html("bad status", 400);
      return html(code === 204 || code === 205 || code === 304 ? null : `status ${code}`, code);
    }
    if (path === "/latin1") return new Response(LATIN1_PAGE, { headers: { "content-type": "text/html" } });
    if (path === "/twice") return new Response(TWICE_PAGE, { headers: { "content-type": "text/html; charset=utf-8" } });
    if (path === "/sjis") return new Response(SJIS_PAGE, { headers: { "content-type": "text/html" } });
    if (path === "/koi8") return new Response(KOI8_PAGE, { headers: { "content-type": "text/html" } });
    if (path === "/pdf") return new Response(PDF_BYTES, { headers: { "content-type": "application/pdf" } });
    if (path === "/empty") return html(EMPTY_PAGE);
    if (path === "/docs/config") return html(DOCS_PAGE);
    if (path === "/shop/lamps") return html(CATEGORY_PAGE);
    const encoded = /^\/encoded\/(\w+)$/.exec(path);
    if (encoded) {
      const body = encodeAs(encoded[1]!, SIMPLE_ARTICLE.html);
      return body ? html(body, 200, { "content-encoding": encoded[1]! }) : html("unknown encoding", 404);
    }
    if (path === "/headers") return Response.json(Object.fromEntries(request.headers));
    if (path === "/doc.pdf" || path === "/doc-untyped") {
      const pages = Number(url.searchParams.get("pages") ?? "20");
      const bytes = await textPdf(pages);
      return new Response(bytes as unknown as BodyInit, { headers: path === "/doc.pdf" ? { "content-type": "application/pdf" } : {} });
    }
    if (path === "/scan.pdf")
      return new Response((await scannedPdf()) as unknown as BodyInit, { headers: { "content-type": "application/pdf" } });
    if (path === "/notes.txt") return new Response(PLAIN_TEXT, { headers: { "content-type": "text/plain; charset=utf-8" } });
    if (path === "/long.txt") return new Response(LONG_TEXT, { headers: { "content-type": "text/plain; charset=utf-8" } });
    if (path === "/readme.md") return new Response(MARKDOWN_TEXT, { headers: { "content-type": "text/markdown; charset=utf-8" } });
    if (path === "/xhtml") return html(SIMPLE_ARTICLE.html, 200, { "content-type": "application/xhtml+xml" });
    if (path === "/octet") return new Response(new Uint8Array(64), { headers: { "content-type": "application/octet-stream" } });
    if (path === "/counted") {
      const n = hitCounts.get(path) ?? 0;
      return html(SIMPLE_ARTICLE.html.replace("<p>Most parsers start life", `<p>Visit ${n}. Most parsers start life`));
    }
    return html("not found", 404);
  }

  const server = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: route });
  const port = server.port as number;
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    port,
    allowEntry: `127.0.0.1:${port}`,
    url: (path) => `${origin}${path}`,
    setRobots(status, body = "") {
      robots = { status, body };
    },
    hits: (path) => hitCounts.get(path) ?? 0,
    async close() {
      await server.stop(true);
    },
  };
}
