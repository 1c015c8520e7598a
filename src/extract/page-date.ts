/**
 * The date a page states for itself where its metadata (metadata.ts: the Open Graph and other date
 * metas, the JSON-LD article's datePublished) gives none. Read in this order, the surer sources first:
 * 1. the datePublished of any other JSON-LD node (a WebPage's, a BlogPosting's inside a graph);
 * 2. schema.org microdata (`itemprop="datePublished"`: its `content`, `datetime` or text), an RDFa
 *    property naming the date by its `content` (`property="dc:date"`, "schema:dateCreated") and the hAtom
 *    microformat (`<abbr class="published" title="2017-07-23T17:06:45+0000">`);
 * 3. a `<time>` marked as the publication's (`itemprop`, `pubdate`);
 * 4. a date in the page's address (`/2019/10/24/`), the permalink of most blogs;
 * 5. any other `<time datetime>`;
 * 6. the first short element named for a date ("entry-date", "post-date", "datum", "news-time", or in
 *    camelCase "itemPostDate", "newsDate")
 *    whose words are a date: "25.08.2015 22:30", "26/10/2018", "23. Juli 2019", "July 21, 2019";
 * 7. a line by the page's one <h1> (a few elements before it, the kicker's place, or the first after
 *    it) that is a date and little else: "01.02.2022", "Veröffentlicht am 16.08.2019", "Lübeck, 31.
 *    März 2003", "November 22, 2011", whatever its markup is named;
 * 8. the first short line anywhere that opens with a publication's label and a date: "Datum: 18.10.2021",
 *    "Published on March 2, 2020 by …", "Veröffentlicht am 3. Mai 2019". Not an update's ("Stand",
 *    "Updated"): that date is not the publication's.
 * Measured on the snippet corpus' metadata (scripts/bench-metadata.ts; docs/extraction.md, "Metadata").
 * Every date, the metadata's (metadata.ts) and these, is written in ISO 8601 by toIsoDate below.
 */
import { shortText } from "./dom-walk.ts";
import { THRESHOLDS } from "./thresholds.ts";

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?/;
const HAS_ZONE = /(?:Z|[+-]\d{2}:?\d{2}|\b(?:GMT|UTC|UT|[ECMP][SD]T)\b)\s*$/i;

// An ISO 8601 date-time with its offset: the date, hours and minutes, seconds, and the zone.
const ISO_ZONED = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})(?::(\d{2}))?(?:[.,]\d+)?\s*(Z|[+-]\d{2}:?\d{2})$/i;

/**
 * A date as ISO 8601: a bare date stays a date ("2019-11-19"); an ISO date-time with an offset keeps
 * the offset the page states ("2019-11-19T07:03:00-05:00", so its date is the page's own: in UTC an
 * evening story in the Americas dates from the next day); other date-times with a zone become UTC
 * ("Tue, 19 Nov 2019 10:00:00 GMT" is "2019-11-19T10:00:00.000Z"); a date-time without a zone is read
 * as UTC. Null when unparseable.
 */
export function toIsoDate(value: string | null | undefined): string | null {
  const s = value?.trim();
  if (!s) return null;
  if (ISO_DATE.test(s)) return s;
  const zoned = ISO_ZONED.exec(s);
  if (zoned) {
    const zone = zoned[4]!.toUpperCase() === "Z" ? "Z" : zoned[4]!.replace(/^([+-]\d{2}):?(\d{2})$/, "$1:$2");
    const iso = `${zoned[1]}T${zoned[2]}:${zoned[3] ?? "00"}${zone === "+00:00" || zone === "-00:00" ? "Z" : zone}`;
    const ms = Date.parse(iso);
    const year = Number(zoned[1]!.slice(0, 4));
    return Number.isFinite(ms) && year >= 1990 && year <= 2200 ? iso : null;
  }
  let ms: number;
  if (ISO_DATE_TIME.test(s)) {
    ms = Date.parse(HAS_ZONE.test(s) ? s.replace(" ", "T") : `${s.replace(" ", "T")}Z`);
  } else if (/\d/.test(s)) {
    ms = Date.parse(HAS_ZONE.test(s) ? s : `${s} UTC`);
    if (Number.isFinite(ms) && !/\d:\d/.test(s)) return new Date(ms).toISOString().slice(0, 10);
  } else {
    return null;
  }
  if (!Number.isFinite(ms)) return null;
  const year = new Date(ms).getUTCFullYear();
  return year >= 1990 && year <= 2200 ? new Date(ms).toISOString() : null;
}

// Month names of the languages most pages are in, to their number: English, German, French, Spanish,
// Italian, Portuguese and Dutch, full and as the usual abbreviations.
const MONTHS: Record<string, number> = {};
for (const [month, names] of [
  [1, "january jan januar jänner janvier enero gennaio janeiro januari"],
  [2, "february feb februar février fevrier febrero febbraio fevereiro februari"],
  [3, "march mar märz maerz mars marzo março maart"],
  [4, "april apr avril abril aprile"],
  [5, "may mai mayo maggio maio mei"],
  [6, "june jun juni juin junio giugno junho"],
  [7, "july jul juli juillet julio luglio julho"],
  [8, "august aug août aout agosto augustus"],
  [9, "september sep sept septembre septiembre settembre setembro"],
  [10, "october oct oktober octobre octubre ottobre outubro okt"],
  [11, "november nov novembre noviembre novembro"],
  [12, "december dec dezember décembre decembre diciembre dicembre dezembro dez"],
] as const) {
  for (const name of names.split(" ")) MONTHS[name] = month;
}
const MONTH = Object.keys(MONTHS)
  .sort((a, b) => b.length - a.length)
  .join("|");
/** The month names above as one word (a regular expression's source; byline.ts reads a date after a name). */
export const MONTH_NAMES = `(?:${MONTH})(?![\\p{L}])`;

const ISO = /\b(\d{4})-(\d{1,2})-(\d{1,2})\b/;
const DOTTED = /\b(\d{1,2})\.\s?(\d{1,2})\.\s?(\d{4}|\d{2})\b/;
const SLASHED = /\b(\d{1,2})\/(\d{1,2})\/(\d{4})\b/;
// The year first, as East Asia, Hungary and the Baltic write it: "2019/04/04", "2019.04.04", and with
// the year's, month's and day's characters "2019年4月4日" (Chinese, Japanese) or "2019년 4월 4일" (Korean).
const YEAR_FIRST = /\b(\d{4})([./])(\d{1,2})\2(\d{1,2})\b/;
const YEAR_MONTH_DAY_SIGNS = /\b(\d{4})\s*[年년]\s*(\d{1,2})\s*[月월]\s*(\d{1,2})\s*[日일]/;
const DAY_MONTH_YEAR = new RegExp(String.raw`\b(\d{1,2})\.?\s+(?:de\s+)?(${MONTH})\.?,?\s+(?:de\s+)?(\d{4})\b`, "iu");
const MONTH_DAY_YEAR = new RegExp(String.raw`\b(${MONTH})\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})\b`, "iu");

/** `YYYY-MM-DD` of a year, month and day that make a date; null otherwise. */
function ymd(year: number, month: number, day: number): string | null {
  if (year < 100) year += year <= (new Date().getUTCFullYear() % 100) + 1 ? 2000 : 1900;
  if (year < 1990 || year > 2200 || month < 1 || month > 12 || day < 1) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1) return null;
  return date.toISOString().slice(0, 10);
}

/**
 * The first date written in `text`, as `YYYY-MM-DD`. A date written with slashes is read day first
 * unless the page is in American English or the first number cannot be a month's day ("10/26/2018").
 */
export function dateInText(text: string, lang: string | null = null): string | null {
  let m = ISO.exec(text);
  if (m) return ymd(+m[1]!, +m[2]!, +m[3]!);
  m = YEAR_MONTH_DAY_SIGNS.exec(text);
  if (m) return ymd(+m[1]!, +m[2]!, +m[3]!);
  m = YEAR_FIRST.exec(text);
  if (m) return ymd(+m[1]!, +m[3]!, +m[4]!);
  m = DOTTED.exec(text);
  if (m) return ymd(+m[3]!, +m[2]!, +m[1]!);
  m = DAY_MONTH_YEAR.exec(text);
  if (m) return ymd(+m[3]!, MONTHS[m[2]!.toLowerCase()]!, +m[1]!);
  m = MONTH_DAY_YEAR.exec(text);
  if (m) return ymd(+m[3]!, MONTHS[m[1]!.toLowerCase()]!, +m[2]!);
  m = SLASHED.exec(text);
  if (m) {
    const [a, b] = [+m[1]!, +m[2]!];
    const monthFirst = b > 12 || (a <= 12 && /^en-us$/i.test(lang ?? ""));
    return monthFirst ? ymd(+m[3]!, a, b) : ymd(+m[3]!, b, a);
  }
  return null;
}

/** A blog's permalink date: `/2019/10/24/` (or `/2019-10-24/`) in the address's path. */
export function dateInUrl(url: string): string | null {
  let path: string;
  try {
    path = new URL(url).pathname;
  } catch {
    return null;
  }
  const m = /\/((?:19|20)\d{2})[/-](\d{1,2})[/-](\d{1,2})(?:\/|$|[-_])/.exec(path);
  return m ? ymd(+m[1]!, +m[2]!, +m[3]!) : null;
}

// A class or id naming a date or a time as a whole token or a dash- or underscore-part.
const DATE_NAME = /(?:^|[\s_-])(?:date|dates|time|timestamp|published|pubdate|posted|datum|fecha|dateline)(?:$|[\s_-])/i;
// The same words as the last hump of a name written in camelCase: "itemPostDate", "newsDate", "publishedTime".
const DATE_HUMP = /[a-z](?:Date|Dates|Time|Timestamp|Published|Posted|Datum|Fecha|Dateline)(?:$|[\s_-])/;
// An RDFa property naming the publication's date: `<span property="schema:dateCreated" content="2020-04-21T14:40:07+00:00">`.
const DATE_PROPERTY = /^(?:schema:|dc:|dcterms:)?(?:datePublished|dateCreated|date|issued|created)$/;
// A comment's date is no date of the page's.
const COMMENT = /(?:^|[\s_-])(?:comments?|reply|respond)(?:$|[\s_-])/i;

function inComment(el: Element): boolean {
  for (let node: Element | null = el; node && node.nodeName !== "BODY"; node = node.parentElement) {
    if (COMMENT.test(`${node.getAttribute("class") ?? ""} ${node.getAttribute("id") ?? ""}`)) return true;
  }
  return false;
}

/** Whether `el` sits in an hAtom entry (`class="hentry"`), where its `updated` date is the entry's. */
function inHentry(el: Element): boolean {
  for (let node = el.parentElement; node && node.nodeName !== "BODY"; node = node.parentElement) {
    if ((node.getAttribute("class") ?? "").split(/\s+/).includes("hentry")) return true;
  }
  return false;
}

/** The stated value of a microdata or hAtom date element: an attribute, else its short text. */
function markedValue(el: Element): string | null {
  const value = el.getAttribute("content") ?? el.getAttribute("datetime") ?? el.getAttribute("title");
  if (value?.trim()) return value;
  return shortText(el, THRESHOLDS.datedElementMaxChars) || null;
}

/**
 * The page's date from the sources after its metadata (see the module comment), as toIsoDate reads it,
 * or `YYYY-MM-DD` for a date read from words; null when none is stated.
 */
export function statedDate(
  doc: Document,
  jsonLd: Record<string, unknown>[],
  url: string,
  lang: string | null,
  byHeadline = true,
  labelled = true,
): string | null {
  for (const node of jsonLd) {
    const iso = typeof node.datePublished === "string" ? toIsoDate(node.datePublished) : null;
    if (iso) return iso;
  }
  const body = doc.body;
  if (!body) return dateInUrl(url);
  // One walk of the body sorts the elements each later source reads ("*" is answered without
  // css-select, dom.ts quickNameSelectors; attribute selectors were a slow walk each), in document order.
  const marked: Element[] = [];
  let pubdate: Element | null = null;
  const times: Element[] = [];
  const named: Element[] = [];
  const labels: Element[] = [];
  const all = body.querySelectorAll("*");
  for (const el of all) {
    const classes = el.getAttribute("class");
    const tokens = classes ? classes.split(/\s+/) : [];
    const titled = el.hasAttribute("title");
    if (
      el.getAttribute("itemprop") === "datePublished" ||
      (el.hasAttribute("content") && DATE_PROPERTY.test(el.getAttribute("property") ?? "")) ||
      (titled && tokens.includes("published")) ||
      (titled && tokens.includes("updated") && inHentry(el))
    )
      marked.push(el);
    if (el.localName === "time" && el.hasAttribute("datetime")) {
      if (pubdate === null && el.hasAttribute("pubdate")) pubdate = el;
      times.push(el);
    }
    const names = `${classes ?? ""} ${el.getAttribute("id") ?? ""}`;
    if (DATE_NAME.test(names) || DATE_HUMP.test(names)) named.push(el);
    const first = el.firstChild;
    if (labelled && first?.nodeType === 3 && DATE_LABEL.test((first as Text).data.trimStart())) labels.push(el);
  }
  for (const el of marked) {
    const value = markedValue(el);
    const iso = value ? (toIsoDate(value) ?? dateInText(value, lang)) : null;
    if (iso) return iso;
  }
  const pubdateIso = pubdate ? toIsoDate(pubdate.getAttribute("datetime")) : null;
  if (pubdateIso) return pubdateIso;
  const fromUrl = dateInUrl(url);
  if (fromUrl) return fromUrl;
  for (const el of times) {
    if (inComment(el)) continue;
    const iso = toIsoDate(el.getAttribute("datetime"));
    if (iso) return iso;
  }
  for (const el of named) {
    const text = shortText(el, THRESHOLDS.datedElementMaxChars);
    if (!text || inComment(el)) continue;
    const date = dateInText(text, lang);
    if (date) return date;
  }
  const headlined = byHeadline ? dateByHeadline(body, Array.from(all), lang) : null;
  if (headlined) return headlined;
  // The first labels only, each line read no further than its bound (dom-walk.ts shortText): a page of
  // thousands of "Date" cells costs no more than a page of a few.
  for (const el of labels.slice(0, THRESHOLDS.dateLabelsRead)) {
    // The label alone in its element ("<strong>Datum:</strong> 26. Januar 2022"): its parent's line.
    for (const line of [el, el.parentElement]) {
      const text = line ? shortText(line, THRESHOLDS.datedElementMaxChars) : null;
      if (!line || !text || inComment(line)) continue;
      const m = DATE_LABEL.exec(text);
      const date = m ? dateInText(text.slice(m[0].length, m[0].length + 30), lang) : null;
      if (date && DATE_AT_START.some((form) => form.test(text.slice(m![0].length)))) return date;
    }
  }
  return null;
}

// Languages spoken where clocks keep Central European Time (UTC+1, UTC+2 in summer): a page in one of
// them with no region, or with a region there ("fr-FR", "es-ES"). French and Spanish without a region
// are spoken on other continents too, and so are read only with one.
const CENTRAL_EUROPEAN_LANG =
  /^(?:(?:de|nl|it|pl|cs|sk|sl|hr|sr|bs|hu|da|sv|nb|nn|no|lb|mt|mk|sq)(?:-(?:DE|AT|CH|LI|LU|BE|NL|IT|SM|VA|PL|CZ|SK|SI|HR|RS|BA|ME|HU|DK|SE|NO|MT|MK|AL))?|(?:fr|es|ca|gl|eu)-(?:FR|BE|CH|LU|MC|ES|AD))$/i;
const UTC_INSTANT = /^(\d{4}-\d{2}-\d{2})T(\d{2}):00:00(?:\.0+)?Z$/;

/** The last Sunday of `month` (0-based) in `year`, at 01:00 UTC: when Europe's summer time starts or ends. */
function lastSundayOneUtc(year: number, month: number): number {
  const last = new Date(Date.UTC(year, month + 1, 0));
  return Date.UTC(year, month, last.getUTCDate() - last.getUTCDay(), 1);
}

/**
 * A date stated as an instant in UTC that is midnight in Central Europe ("2021-11-04T23:00:00Z" on a
 * German page: a day, stored as its local midnight and written out in UTC), as that midnight with its
 * offset ("2021-11-05T00:00:00+01:00"), so its day is the page's own; any other date as it is. Only on a
 * page in a language of Central Europe (CENTRAL_EUROPEAN_LANG), and only at that zone's midnight for the
 * date (23:00 UTC in winter, 22:00 UTC in summer time): an American page's 6 PM is 23:00 UTC too.
 */
export function localMidnight(iso: string | null, lang: string | null): string | null {
  const m = iso ? UTC_INSTANT.exec(iso) : null;
  if (!m || !lang || !CENTRAL_EUROPEAN_LANG.test(lang)) return iso;
  const ms = Date.parse(iso!);
  const year = new Date(ms).getUTCFullYear();
  const summer = ms >= lastSundayOneUtc(year, 2) && ms < lastSundayOneUtc(year, 9);
  const offset = summer ? 2 : 1;
  if (Number(m[2]) !== 24 - offset) return iso;
  const day = new Date(ms + offset * 3_600_000).toISOString().slice(0, 10);
  return `${day}T00:00:00+0${offset}:00`;
}

/**
 * A publication's label before its date, in the languages most pages are in: "Datum:", "Date",
 * "Published on", "Posted", "Veröffentlicht am", "Erschienen am", "Publié le", "Publicado el", "Pubblicato
 * il" (a regular expression's source; byline.ts reads it too, after a byline's name).
 */
export const DATE_LABEL_WORDS =
  "(?:datum|date|published(?: on)?|posted(?: on)?|ver[öo]ffentlicht(?: am)?|erschienen(?: am)?|publi[ée](?: le)?|publicado(?: el)?|pubblicato(?: il)?)(?![\\p{L}])";
const DATE_LABEL = new RegExp(String.raw`^${DATE_LABEL_WORDS}\s*:?\s*`, "iu");

/** Weekday names of the languages of the month names above (a regular expression's source; byline.ts). */
export const WEEKDAY_NAMES =
  "(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonntag|lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche|lunes|martes|miércoles|jueves|viernes|sábado|domingo|lunedì|martedì|mercoledì|giovedì|venerdì|sabato|domenica)(?![\\p{L}])";

// What a date line may hold beside its date: a time ("10:52", "10.52 Uhr", "7:14 PM") and a label or a
// place of at most THRESHOLDS.datedLineMaxWords words ("Veröffentlicht am", "Stand:", "Lübeck,").
const DATE_FORMS = [ISO, YEAR_MONTH_DAY_SIGNS, YEAR_FIRST, DOTTED, SLASHED, DAY_MONTH_YEAR, MONTH_DAY_YEAR];
// The same forms where a label's date must begin: right after the label.
const DATE_AT_START = DATE_FORMS.map((form) => new RegExp(`^(?:${form.source.replace(/^\\b/, "")})`, form.flags));
const TIME_OF_DAY = /\b\d{1,2}[:.]\d{2}(?::\d{2})?\s*(?:uhr|h|am|pm)?\b/giu;

/** The date of a date line by the page's one <h1> (source 7 of the module comment), or null. */
function dateByHeadline(body: Element, elements: Element[], lang: string | null): string | null {
  const h1s = body.getElementsByTagName("h1");
  if (h1s.length !== 1) return null;
  const at = elements.indexOf(h1s[0]!);
  const from = Math.max(0, at - THRESHOLDS.datedLineBeforeHeadlineElements);
  const to = at + 1 + THRESHOLDS.bylineAfterHeadlineElements;
  for (const el of [...elements.slice(at + 1, to), ...elements.slice(from, at).reverse()]) {
    if (el.localName === "script" || el.localName === "style") continue;
    const text = shortText(el, THRESHOLDS.datedLineMaxChars);
    if (!text || inComment(el)) continue;
    const date = dateInText(text, lang);
    if (!date) continue;
    let rest = text.replace(TIME_OF_DAY, " ");
    for (const form of DATE_FORMS) rest = rest.replace(form, " ");
    if ((rest.match(/\p{L}+/gu) ?? []).length <= THRESHOLDS.datedLineMaxWords) return date;
  }
  return null;
}
