// Article metadata read from the page before the extractor rewrites the document: Open Graph and
// other <meta> conventions, schema.org JSON-LD, and a few elements (<title>, <h1>, <time>, <html lang>).
// Each field takes the first source that yields a usable value; the order is documented per field.
import { visibleByline } from "./byline.ts";
import { localMidnight, statedDate, toIsoDate } from "./page-date.ts";
import { THRESHOLDS } from "./thresholds.ts";
import { trimEndUnless } from "./trim.ts";

export interface PageMetadata {
  title: string | null;
  byline: string | null;
  siteName: string | null;
  excerpt: string | null;
  lang: string | null;
  publishedTime: string | null;
  /** The article's text as the page's JSON-LD states it (schema.org articleBody), if it does. */
  articleBody: string | null;
}

export type JsonObject = Record<string, unknown>;

const ARTICLE_TYPE = /(?:Article|BlogPosting|Posting|Report|Review)$/;
const TITLE_SEPARATOR = /(?<!\s)\s+(?:[|\-–—·•»/\\~]|::)\s+/;
const URL_LIKE = /^(?:https?:)?\/\/|^www\.|\.(?:com|org|net)\//i;

function clean(value: unknown, max = 1000): string | null {
  if (typeof value !== "string") return null;
  const s = value.replace(/\s+/g, " ").trim();
  return s ? s.slice(0, max) : null;
}

/** All <meta> values by lower-cased property / name / itemprop / http-equiv, in document order. */
function metaValues(doc: Document): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const meta of Array.from(doc.getElementsByTagName("meta"))) {
    const content = clean(meta.getAttribute("content"));
    if (!content) continue;
    for (const attr of ["property", "name", "itemprop", "http-equiv"]) {
      // `property` may hold several space-separated RDFa terms ("og:title twitter:title").
      for (const key of (meta.getAttribute(attr) ?? "").toLowerCase().split(/\s+/)) {
        if (!key) continue;
        const list = map.get(key);
        if (list) list.push(content);
        else map.set(key, [content]);
      }
    }
  }
  return map;
}

function firstMeta(meta: Map<string, string[]>, keys: string[]): string | null {
  for (const key of keys) {
    const v = meta.get(key)?.[0];
    if (v) return v;
  }
  return null;
}

/** Each document's JSON-LD nodes, read once: six rules ask for them, and every read parsed every block again. */
const jsonLdRead = new WeakMap<Document, JsonObject[]>();

/**
 * Every JSON-LD node on the page (arrays and @graph flattened); unparseable blocks are skipped. Read the
 * first time a document is asked: what the page declared, even after a rule removed its script elements.
 */
export function jsonLdNodes(doc: Document): JsonObject[] {
  let nodes = jsonLdRead.get(doc);
  if (!nodes) jsonLdRead.set(doc, (nodes = readJsonLd(doc)));
  return nodes;
}

// A CDATA section's markers around a JSON-LD script's JSON, bare or inside a comment ("//<![CDATA[",
// "/*<![CDATA[*/" … "/*]]>*/"). The "<" arrives as "\u003c": mend-html.ts escapes every "<" of a
// JSON-LD script so before the parse.
const CDATA_OPEN = String.raw`(?:<|\\u003c)!\[CDATA\[`;
const CDATA_CLOSE = String.raw`\]\]>`;
const CDATA_WRAPPER = new RegExp(
  String.raw`^\s*(?:/\*\s*${CDATA_OPEN}\s*\*/|//\s*${CDATA_OPEN}|${CDATA_OPEN})|(?:/\*\s*${CDATA_CLOSE}\s*\*/|//\s*${CDATA_CLOSE}|${CDATA_CLOSE})\s*$`,
  "g",
);

/**
 * Hand-written JSON with what templates add to it taken out, in one pass that knows where strings are:
 * line comments (`//`) and block comments, a comma right before a closing `}` or `]`, and a `;` (a script's
 * statement end) after the value. Strings are copied as written, so a "//" in a URL stays.
 */
export function lenientJson(text: string): string {
  let out = "";
  let i = 0;
  const n = text.length;
  while (i < n) {
    const c = text[i]!;
    if (c === '"') {
      // A string, escapes included, up to its closing quote (or the end of a broken text).
      let j = i + 1;
      while (j < n && text[j] !== '"') j += text[j] === "\\" ? 2 : 1;
      out += text.slice(i, j + 1);
      i = j + 1;
    } else if (c === "/" && text[i + 1] === "/") {
      const end = text.indexOf("\n", i);
      i = end < 0 ? n : end;
    } else if (c === "/" && text[i + 1] === "*") {
      const end = text.indexOf("*/", i + 2);
      i = end < 0 ? n : end + 2;
    } else if (c === ",") {
      let j = i + 1;
      while (j < n && /\s/.test(text[j]!)) j++;
      if (text[j] !== "}" && text[j] !== "]") out += c;
      i++;
    } else {
      out += c;
      i++;
    }
  }
  return out.replace(/;\s*$/, "");
}

function readJsonLd(doc: Document): JsonObject[] {
  const nodes: JsonObject[] = [];
  const visit = (value: unknown, depth: number) => {
    if (depth > 4 || value === null || typeof value !== "object") return;
    if (Array.isArray(value)) {
      for (const item of value) visit(item, depth + 1);
      return;
    }
    const obj = value as JsonObject;
    if ("@type" in obj || "@id" in obj) nodes.push(obj);
    if (Array.isArray(obj["@graph"])) visit(obj["@graph"], depth + 1);
  };
  for (const script of Array.from(doc.getElementsByTagName("script"))) {
    if ((script.getAttribute("type") ?? "").trim().toLowerCase() !== "application/ld+json") continue;
    // Templates of XHTML days still wrap the JSON in a CDATA section (CDATA_WRAPPER).
    const text = (script.textContent ?? "").replace(CDATA_WRAPPER, "").trim();
    if (!text) continue;
    try {
      visit(JSON.parse(text), 0);
    } catch {
      // Raw newlines and tabs inside strings are the usual defect of hand-written JSON-LD; comments, a
      // comma before a closing bracket and a semicolon after the JSON are the next ones (lenientJson).
      try {
        visit(JSON.parse(lenientJson(text).replace(/[\u0000-\u001f]+/g, " ")), 0);
      } catch {
        // Not JSON at all: ignore it like a browser would.
      }
    }
  }
  return nodes;
}

/** A JSON-LD node's types: its `@type`, one or a list, the strings only. */
export function types(node: JsonObject): string[] {
  const t = node["@type"];
  return (Array.isArray(t) ? t : [t]).filter((x): x is string => typeof x === "string");
}

/** The JSON-LD node describing the article itself, if the page has one. */
export function jsonLdArticle(nodes: JsonObject[]): JsonObject | null {
  return nodes.find((n) => types(n).some((t) => ARTICLE_TYPE.test(t))) ?? null;
}

/** Follows `{"@id": …}` references into the page's other JSON-LD nodes. */
export function deref(value: unknown, nodes: JsonObject[]): unknown {
  if (value && typeof value === "object" && !Array.isArray(value)) {
    const id = (value as JsonObject)["@id"];
    if (typeof id === "string" && Object.keys(value).length === 1) {
      return nodes.find((n) => n !== value && n["@id"] === id && Object.keys(n).length > 1) ?? value;
    }
  }
  return value;
}

function personNames(value: unknown, nodes: JsonObject[], people = false): string[] {
  const names: string[] = [];
  for (const item of Array.isArray(value) ? value : [value]) {
    const v = deref(item, nodes);
    // With `people`, an organization named as the author (the paper itself) is no one's byline.
    if (people && v && typeof v === "object" && types(v as JsonObject).some((t) => /Organization$/.test(t))) continue;
    const name = typeof v === "string" ? v : v && typeof v === "object" ? (v as JsonObject).name : null;
    const cleaned = cleanPersonName(name);
    if (cleaned) names.push(cleaned);
  }
  return names;
}

function cleanPersonName(value: unknown): string | null {
  const s = clean(value, 200)
    ?.replace(/^by\s+/i, "")
    .trim();
  if (!s || URL_LIKE.test(s) || s.startsWith("@") || NO_VALUE.test(s)) return null;
  return s;
}

// A template's empty value printed as text: `<meta name="author" content="null">`.
const NO_VALUE = /^(?:null|undefined|none|n\/a|nan|false|\[object object\])$/i;

function joinNames(names: string[]): string | null {
  const seen = new Set<string>();
  const unique = names.filter((n) => {
    const k = n.toLowerCase();
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
  return unique.length ? unique.join(", ") : null;
}

// Letters and digits only, lower-cased: "The Verge" ~ "theverge", "NYTimes.com" ~ "nytimescom".
const fold = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");

/**
 * The page's one <h1> as its title, over the title its metadata states, where the two say the same
 * story: the headline a reader sees ("Können Fische Schmerzen spüren / empfinden?") where the metadata
 * shortens it for sharing ("Können Fische Schmerzen spüren?") or leaves a site's name on it. Half the
 * headline's words in the stated title, or a headline of four words or more, say the same story; a
 * headline holding the whole stated title adds a kicker ("Tunesien Große Aufgaben für die neue
 * Regierung"), and a headline naming the site ("WordPress.com") is the site's logo: the stated title
 * stays for both. Snippet corpus, metadata annotated: titles right 500 -> 567 of 678 on its tuning part,
 * 117 -> 134 of 167 on its check part (scripts/bench-metadata.ts).
 */
function headlineOver(stated: string | null, headline: string, site: [string | null, string]): string | null {
  if (!stated) return headline;
  const h = headline.toLowerCase();
  const t = stated.toLowerCase();
  // The same words: the headline as the reader sees it ("„Arschloch“: …", "Sorge – Finanzdaten"), where
  // the metadata wrote plainer quotes or dashes.
  if (fold(h) === fold(t)) return h.length > THRESHOLDS.headlineTitleMaxChars ? stated : headline;
  if (h.length > THRESHOLDS.headlineTitleMaxChars || h.includes(t) || fold(h).endsWith(fold(t))) return stated;
  const [siteName, url] = site;
  if (namesSiteOf(headline, [siteName], url) || (siteName && h.startsWith(siteName.toLowerCase()))) return stated;
  const words = new Set(t.match(/[\p{L}\p{N}]+/gu) ?? []);
  const own = h.match(/[\p{L}\p{N}]+/gu) ?? [];
  const shared = own.filter((w) => words.has(w)).length;
  return own.length > 0 && (shared * 2 >= own.length || own.length >= THRESHOLDS.headlineTitleMinWords) ? headline : stated;
}

// The class of a kicker (a line over the headline naming its topic or series) set in the headline's
// own element: "roofline", "kicker", "overline", "eyebrow", "dachzeile", "topline", a prefix's "label".
const KICKER_CLASS = /kicker|roofline|overline|eyebrow|dachzeile|topline|pre-?title|super-?title|(?:^|[\s_-])label(?:$|[\s_-])/i;

/**
 * The headline of an <h1> that opens with a kicker in an element of its own (`<small>`, or a class
 * naming a kicker: "<h1><span class="roofline">Immobilienkrise </span>Rene Benko-Firma …</h1>"): the
 * words after the kicker; null where the <h1> opens with no such element, or nothing follows it.
 */
function headlineAfterKicker(h1: Element): string | null {
  let el: Element = h1;
  const whole = clean(h1.textContent);
  while (el.firstElementChild && el.firstElementChild === el.lastElementChild && clean(el.firstElementChild.textContent) === whole) {
    el = el.firstElementChild;
  }
  const kicker = el.firstElementChild;
  if (!kicker) return null;
  for (let n = el.firstChild; n && n !== kicker; n = n.nextSibling) if (n.nodeType === 3 && (n.textContent ?? "").trim()) return null;
  if (kicker.localName !== "small" && !KICKER_CLASS.test(kicker.getAttribute("class") ?? "")) return null;
  const words = clean(kicker.textContent)?.split(" ").length ?? 0;
  if (words === 0 || words > THRESHOLDS.kickerMaxWords) return null;
  const parts: string[] = [];
  for (let n = kicker.nextSibling; n; n = n.nextSibling) parts.push(n.nodeName === "BR" ? " " : (n.textContent ?? ""));
  // The separator a kicker may keep from the headline ("Klimaschutz: Bohren, bis es heiß wird").
  const rest = clean(parts.join("").replace(/^[\s:|·•–—-]+/, ""), 500);
  return rest && rest.split(" ").length >= 2 ? rest : null;
}

/**
 * The title of a page with one <h1> (`h1`, its text `headline`): headlineOver, with `kickers` reading the
 * headline after a kicker set in its own element (headlineAfterKicker), which is the title outright where
 * the stated title holds it or it holds the stated title ("Wurmkiste" over "Wurmkiste selber bauen").
 */
function headlineTitle(
  stated: string | null,
  h1: Element,
  headline: string,
  kickers: boolean,
  site: [string | null, string],
): string | null {
  const kicked = kickers ? headlineAfterKicker(h1) : null;
  if (kicked && stated && (fold(stated).includes(fold(kicked)) || fold(kicked).includes(fold(stated)))) return kicked;
  return headlineOver(stated, kicked ?? headline, site);
}

/**
 * The page's host without "www." ("example-news.com") and its name folded without the top-level domain
 * ("examplenews"); both "" for an address that does not parse.
 */
function siteHost(url: string | undefined): { host: string; core: string } {
  let host = "";
  try {
    host = new URL(url ?? "").hostname.replace(/^www\d?\./, "");
  } catch {
    // no URL: only the site name can match
  }
  return { host, core: fold(host.replace(/\.[a-z]{2,}(?:\.[a-z]{2})?$/i, "")) };
}

/**
 * Whether a description only names the site: its name or host, or a short "Site - tagline" (at most
 * THRESHOLDS.siteDescriptionMaxWords words, the site named at either end).
 */
function onlyNamesSite(description: string, sites: (string | null)[], url: string): boolean {
  if (namesSiteOf(description, sites, url)) return true;
  const parts = description.split(TITLE_SEPARATOR);
  if (parts.length !== 2 || description.split(/\s+/).length > THRESHOLDS.siteDescriptionMaxWords) return false;
  return namesSiteOf(parts[0]!, sites, url) || namesSiteOf(parts[1]!, sites, url);
}

// An account's login where a person's name should be: one lower-case word joined by dots, hyphens or
// underscores ("michael.andrusio", "sarah-indra"), a CMS's default account ("wordpressadmin", "admin"),
// an address ("cipha[at]cipha.net", "name@example.com").
const LOGIN_NAME = /^(?:[a-z0-9]+(?:[._-][a-z0-9]+)+|[a-z0-9]*admin(?:istrator)?[0-9]*)$|^(?=\S+$)\S+?(?:@|\[at\])\S/;

// A company's legal form after its name ("mediagene Inc.", "Axel Springer SE", "Example Media GmbH"), or
// before it in Japanese (株式会社…): a publisher, not a writer.
const COMPANY =
  /(?<!\s)\s+(?:inc|ltd|llc|plc|corp|corporation|gmbh|ag|se|s\.?a|s\.?p\.?a|s\.?r\.?l|sarl|sas|b\.?v|n\.?v|pty|oy|ab|k\.?k)\.?$|^株式会社|株式会社$/i;

// A newsroom's word after the site's name, in the byline of a story no one signed ("Us Weekly Staff").
const SITE_STAFF = /(?<!\s)\s+(?:staff|editors|editorial team|team|newsroom|redaktion|rédaction|redacción|redazione|redactie)$/i;

/** Whether `name` is the site's: its name, its publisher's, or its host ("finanztreff.de", "Die Tagespost"). */
function namesSiteOf(name: string, sites: (string | null)[], url: string): boolean {
  const n = fold(name);
  if (!n) return false;
  // A host name is a site's, whichever ("jungefreiheit.de" on its own pages or a partner's).
  if (/^[\w-]+(?:\.[\w-]+)*\.[a-z]{2,6}$/i.test(name.trim())) return true;
  if (sites.some((site) => site && fold(site) === n)) return true;
  const { host, core } = siteHost(url);
  return host !== "" && (n === fold(host) || n === core);
}

/**
 * `title` without a site name prefix or suffix ("Headline | Site", "Site - Headline").
 * A span of parts equal to one of the page's <h1>s wins outright; otherwise parts naming the site
 * (its name or host) are dropped from either end, and failing that a short last part after `|` or
 * `»`, separators that sites use for their name and almost never inside a headline.
 */
export function stripTitleSuffix(title: string, context: { siteName?: string | null; url?: string; headings?: string[] } = {}): string {
  // [part, separator, part, separator, part…]
  const pieces = title.split(new RegExp(`(${TITLE_SEPARATOR.source})`));
  const parts = pieces.filter((_, i) => i % 2 === 0);
  if (parts.length < 2) return title;
  const span = (start: number, count: number) =>
    pieces
      .slice(2 * start, 2 * (start + count) - 1)
      .join("")
      .trim();

  const headings = new Set((context.headings ?? []).map(fold).filter(Boolean));
  for (let count = parts.length - 1; count >= 1; count--) {
    for (let start = 0; start + count <= parts.length; start++) {
      if (headings.has(fold(parts.slice(start, start + count).join(" ")))) return span(start, count);
    }
  }

  const { host, core: hostCore } = siteHost(context.url);
  const site = context.siteName ? fold(context.siteName) : "";
  const namesSite = (part: string) => {
    const p = fold(part);
    if (!p) return false;
    if (site && (p === site || (site.length >= 4 && p.includes(site)) || (p.length >= 4 && site.includes(p)))) return true;
    return hostCore.length >= 3 && (p === hostCore || p === fold(host) || p.includes(hostCore) || (p.length >= 4 && hostCore.includes(p)));
  };
  let start = 0;
  let end = parts.length;
  while (end - start > 1 && namesSite(parts[end - 1]!)) end--;
  while (end - start > 1 && namesSite(parts[start]!)) start++;
  if (start > 0 || end < parts.length) return span(start, end - start);

  const lastSeparator = pieces[pieces.length - 2]!.trim();
  const words = (s: string) => s.split(/\s+/).filter(Boolean).length;
  const head = span(0, parts.length - 1);
  if ((lastSeparator === "|" || lastSeparator === "»") && words(parts[parts.length - 1]!) <= 4 && words(head) >= 3) {
    return head;
  }
  return title;
}

/** Normalises a language tag ("en_us" → "en-US"); null when it does not look like BCP 47. */
export function normalizeLang(value: string | null | undefined): string | null {
  const tag = value?.split(",")[0]?.split(";")[0]?.trim().replace(/_/g, "-");
  if (!tag || !/^[a-z]{2,3}(?:-[a-z0-9]{1,8})*$/i.test(tag)) return null;
  return tag
    .split("-")
    .map((part, i) =>
      i === 0
        ? part.toLowerCase()
        : part.length === 2
          ? part.toUpperCase()
          : part.length === 4
            ? part.charAt(0).toUpperCase() + part.slice(1).toLowerCase()
            : part.toLowerCase(),
    )
    .join("-");
}

/**
 * Reads the page's metadata. Call it before the extractor mutates the document.
 * - title: og:title, JSON-LD headline, twitter:title, <title>, first <h1>; site name stripped.
 * - byline: <meta name=author> (and similar) or JSON-LD authors, whichever names more people.
 * - siteName: og:site_name, JSON-LD publisher, application-name.
 * - excerpt: meta description, og:description, twitter:description, JSON-LD description.
 * - lang: <html lang>, <meta http-equiv=content-language>, the Content-Language header, og:locale.
 * - publishedTime: article:published_time, JSON-LD datePublished, other date metas, <time datetime>.
 */
export function extractMetadata(
  doc: Document,
  input: { url: string; contentLanguage?: string | null },
  options: {
    visibleByline?: boolean;
    headlineTitle?: boolean;
    pageDates?: boolean;
    siteDescriptions?: boolean;
    loginBylines?: boolean;
    headlineDates?: boolean;
    labelledDates?: boolean;
    headlineKickers?: boolean;
    pageAuthors?: boolean;
    labelledBylines?: boolean;
    localMidnights?: boolean;
    rightsHolders?: boolean;
  } = {},
): PageMetadata {
  const meta = metaValues(doc);
  const nodes = jsonLdNodes(doc);
  const article = jsonLdArticle(nodes);

  const publisher = article ? deref(article.publisher, nodes) : null;
  const website = nodes.find((n) => types(n).includes("WebSite"));
  const siteName =
    [
      firstMeta(meta, ["og:site_name"]),
      clean(publisher && typeof publisher === "object" ? (publisher as JsonObject).name : null, 200),
      clean(website?.name, 200),
      firstMeta(meta, ["application-name", "apple-mobile-web-app-title"]),
    ].find((name) => name && !URL_LIKE.test(name) && !name.startsWith("@")) ?? null;

  const h1s = doc.getElementsByTagName("h1");
  const headings = Array.from(h1s)
    .slice(0, 5)
    .map((h) => clean(h.textContent, 500))
    .filter((h): h is string => h !== null);
  const rawTitle =
    firstMeta(meta, ["og:title"]) ??
    clean(article?.headline, 500) ??
    firstMeta(meta, ["twitter:title", "title", "dc.title"]) ??
    clean(doc.getElementsByTagName("title")[0]?.textContent, 500) ??
    headings[0] ??
    null;
  const stripped = rawTitle ? stripTitleSuffix(rawTitle, { siteName, url: input.url, headings }) : null;
  const title =
    options.headlineTitle !== false && h1s.length === 1 && headings.length === 1
      ? headlineTitle(stripped, h1s[0]!, headings[0]!, options.headlineKickers !== false, [siteName, input.url])
      : stripped;

  const pageAuthors = options.pageAuthors !== false;
  const publisherName = publisher && typeof publisher === "object" ? clean((publisher as JsonObject).name, 200) : null;
  // The holder of the page's copyright is its publisher: "Condé Nast" in `<meta name="author">` where
  // `article:author` names the writer and `<meta name="copyright">` reads "Copyright (c) Condé Nast 2022";
  // and the site's newsroom as a whole is the site ("Us Weekly Staff", "Tagesspiegel Redaktion").
  const rightsHolders = options.rightsHolders !== false;
  const rightsHolder = rightsHolders ? fold(firstMeta(meta, ["copyright", "dcterms.rightsholder", "dc.rights"]) ?? "") : "";
  const namesSite = (name: string) =>
    namesSiteOf(name, [siteName, publisherName], input.url) ||
    (rightsHolders && (COMPANY.test(name) || namesSiteOf(name.replace(SITE_STAFF, ""), [siteName, publisherName], input.url))) ||
    (rightsHolder !== "" && fold(name) !== "" && rightsHolder.includes(fold(name)));
  // Left out (rule rights-holders), the first key with names counts whole, as before the rule.
  const metaAuthors = metaAuthorsOfFirstKey(meta, pageAuthors, rightsHolders ? namesSite : () => false);
  // The node naming the author: the article, or on a page with none the WebPage (rule page-authors).
  const authored = article ?? (pageAuthors ? webPageWithAuthor(nodes) : null);
  const ldAuthors = authored ? personNames(authored.author ?? authored.creator, nodes, true) : [];
  const stated = joinNames(ldAuthors.length > metaAuthors.length ? ldAuthors : metaAuthors);
  // The byline the page prints (byline.ts) where the metadata names no one, or names the site or its
  // publisher as the author; an organization the JSON-LD names as author is the last resort.
  const byline =
    stated && !namesSite(stated) && !(options.loginBylines !== false && LOGIN_NAME.test(stated))
      ? stated
      : ((options.visibleByline === false ? null : visibleByline(doc, options.labelledBylines !== false)) ??
        stated ??
        joinNames(authored ? personNames(authored.author ?? authored.creator, nodes) : []));

  // The page's own summary: Open Graph's first (written for this page, where the plain description is
  // often the site's, or the first words of the text cut short), then the plain and Twitter descriptions
  // and JSON-LD's. One that only names the site ("Raptastisch", "nachtkritik.de - das unabhängige
  // Theaterportal") says nothing of the page: the next one is read, failing all the first paragraph
  // (html-to-article.ts). Some sites put markup in their descriptions; a reader wants the text. Only
  // common tag names are removed, since a description may legitimately quote a title in angle brackets.
  const sites = [siteName, publisherName];
  const excerpt =
    [
      ...["og:description", "description", "twitter:description"].map((key) => meta.get(key)?.[0]),
      typeof article?.description === "string" ? article.description : null,
    ]
      .map((text) => clean(text?.replace(/<\/?(?:p|br|a|b|i|u|em|strong|span|div|h[1-6]|ul|ol|li|img)\b[^<>]*>/gi, " ")))
      .find((text) => text && (options.siteDescriptions === false || !onlyNamesSite(text, sites, input.url))) ?? null;

  const html = doc.documentElement;
  const lang =
    normalizeLang(html?.getAttribute("lang")) ??
    normalizeLang(html?.getAttribute("xml:lang")) ??
    normalizeLang(firstMeta(meta, ["content-language"])) ??
    normalizeLang(input.contentLanguage) ??
    normalizeLang(firstMeta(meta, ["og:locale"])) ??
    normalizeLang(typeof article?.inLanguage === "string" ? article.inLanguage : null);

  // A day stored as its local midnight in Central Europe and written out in UTC is that day (page-date.ts).
  const statedTime =
    toIsoDate(firstMeta(meta, ["article:published_time"])) ??
    toIsoDate(typeof article?.datePublished === "string" ? article.datePublished : null) ??
    toIsoDate(
      firstMeta(meta, [
        "datepublished",
        "og:published_time",
        "article:published",
        "publishdate",
        "publish-date",
        "pubdate",
        "parsely-pub-date",
        "sailthru.date",
        "dc.date.issued",
        "dcterms.created",
        "dc.date",
        "date",
      ]),
    ) ??
    (options.pageDates === false
      ? firstTimeDatetime(doc)
      : statedDate(doc, nodes, input.url, lang, options.headlineDates !== false, options.labelledDates !== false));
  const publishedTime = options.localMidnights === false ? statedTime : localMidnight(statedTime, lang);

  const articleBody = typeof article?.articleBody === "string" && article.articleBody.trim() ? article.articleBody.trim() : null;

  return { title, byline, siteName, excerpt, lang, publishedTime, articleBody };
}

// Several `<meta name="author">` tags list several authors; mixing keys would list one author twice
// under different spellings ("Jane Doe" and "jane-doe"), so only the first key that has names counts.
// A key whose names are all the site's or its publisher's (`namesSite`) gives way to a later key that
// names someone else, and is read only when none does.
function metaAuthorsOfFirstKey(meta: Map<string, string[]>, labelled: boolean, namesSite: (name: string) => boolean): string[] {
  let site: string[] | null = null;
  for (const key of ["author", "article:author", "og:article:author", "parsely-author", "sailthru.author", "dc.creator", "byl"]) {
    const names = (meta.get(key) ?? []).map(cleanPersonName).filter((n): n is string => n !== null);
    // The people of a key that names the publisher too ("mediagene Inc." beside the writer).
    const people = names.filter((name) => !namesSite(name));
    if (people.length) return people.flatMap(splitAuthorList);
    if (names.length) site ??= names;
  }
  if (site) return site.flatMap(splitAuthorList);
  const name = labelled ? cleanPersonName(twitterLabelled(meta, WRITTEN_BY)) : null;
  return name ? splitAuthorList(name) : [];
}

// The label an SEO plug-in sets beside the author in Twitter's card ("twitter:label1" "Written by",
// "twitter:data1" "Karoline Herr"), in the site's language.
const WRITTEN_BY =
  /^(?:written by|author|verfasst von|geschrieben von|autor(?:in)?|écrit par|auteur|escrito por|scritto da|geschreven door)$/i;

/** The value of a Twitter card's data field whose label (twitter:labelN) matches `label`, else null. */
function twitterLabelled(meta: Map<string, string[]>, label: RegExp): string | null {
  for (let n = 1; n <= 4; n++) {
    const stated = meta.get(`twitter:label${n}`)?.[0]?.trim();
    if (stated && label.test(stated)) return meta.get(`twitter:data${n}`)?.[0] ?? null;
  }
  return null;
}

// schema.org's WebPage and its subtypes: what a site's structured data calls a page that is not an
// article (region.ts reads it so), and which names an author as any CreativeWork does.
export const WEB_PAGE_TYPE =
  /^(?:WebPage|AboutPage|CheckoutPage|CollectionPage|ContactPage|FAQPage|ItemPage|MedicalWebPage|ProfilePage|QAPage|SearchResultsPage)$/;

/**
 * The page's WebPage node that names an author, on a page with no article node: an SEO plug-in sets the
 * author of a post it does not type as an article on the page (`"author": {"@id": …}` to a Person).
 */
function webPageWithAuthor(nodes: JsonObject[]): JsonObject | null {
  return nodes.find((n) => types(n).some((t) => WEB_PAGE_TYPE.test(t)) && (n.author ?? n.creator) !== undefined) ?? null;
}

const BYLINE_DATE =
  /(?:(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day\b|(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)\.?\s+\d{1,2}\b|\b\d{4}-\d{2}-\d{2}\b|\b\d{1,2}\/\d{1,2}\/\d{2,4}\b|\b(?:Updated|Published|Posted)\b)/;

/**
 * A byline found in the page text (Readability's fallback) often runs into the date next to it
 * ("Carrie ArnoldNovember 15, 2019"); the date and what follows go. Null when nothing is left.
 */
export function cleanBylineText(value: string | null | undefined): string | null {
  let s = clean(value, 300);
  if (!s) return null;
  const date = BYLINE_DATE.exec(s);
  if (date) s = s.slice(0, date.index);
  s = trimEndUnless(s.replace(/^by[:\s]+/i, ""), /[^\s,;|\-–—·]/u).trim();
  // A line of figures and marks ("09.10.2021", a teaser's date in an element named for its author) names no one.
  return s && s.length <= 200 && /\p{L}/u.test(s) ? s : null;
}

function splitAuthorList(s: string): string[] {
  return s
    .split(/(?:(?<!\s)\s+)?(?:,|;|\band\b|&)\s*/i)
    .map((x) => x.trim())
    .filter(Boolean);
}

/** A <time datetime>, the publication's first: what the page-dates rule (page-date.ts) reads beyond, when it is left out. */
function firstTimeDatetime(doc: Document): string | null {
  const el = doc.querySelector('time[itemprop="datePublished"][datetime], time[pubdate][datetime]') ?? doc.querySelector("time[datetime]");
  return toIsoDate(el?.getAttribute("datetime"));
}

/** First paragraph of the article with real text, for pages that have no description. */
export function firstParagraph(content: Element): string | null {
  for (const p of Array.from(content.getElementsByTagName("p"))) {
    const text = clean(p.textContent, 500);
    if (text && text.length >= 40) return text;
  }
  return clean(content.getElementsByTagName("p")[0]?.textContent, 500);
}
