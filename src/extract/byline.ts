/**
 * The byline a page prints above or under its text, for pages whose metadata names no author (or names
 * the site as one). Blog themes and news templates mark it in a few standard ways, read here in this
 * order: schema.org microdata (`itemprop="author"`, its name in `itemprop="name"`), the hCard
 * microformat (`class="author vcard"`, the name in `class="fn"`), a link to the author's page
 * (`rel="author"`), and an element whose class names a byline or an author ("byline", "post-author",
 * "entry-author"). Its words are the name once the label before it goes ("By", "Von", "Posted by",
 * "Geschrieben von"), and a date after it.
 *
 * A block about the writer under the text ("author-bio", "about-author") holds the name in a sentence:
 * only its marked name is read, never its text. Comments are left out: a commenter's name is no byline.
 * Measured on the snippet corpus' metadata (scripts/bench-metadata.ts; docs/extraction.md, "Metadata").
 */
import { following, INLINE_ELEMENTS, shortText, UNSEEN } from "./dom-walk.ts";
import { DATE_LABEL_WORDS, MONTH_NAMES, WEEKDAY_NAMES } from "./page-date.ts";
import { THRESHOLDS } from "./thresholds.ts";
import { trimEndUnless, trimEndWhile } from "./trim.ts";

// A class naming an author or a byline as a whole token or a dash- or underscore-part: "author",
// "post-author", "entry_author", "byline", "article-byline"; not "authority", not "coauthors-list".
const AUTHOR_CLASS = /(?:^|[\s_-])(?:author|byline|writer)(?:$|[\s_-])/i;
// A block about the writer ("author-bio", "about-the-author", "author-info"), a comment or the reply
// form: the names in it are no byline.
const NOT_A_BYLINE =
  /(?:author|writer)[\s_-]*(?:bio|biography|info|box|description|details|profile)|about[\s_-]*(?:the[\s_-]*)?(?:author|writer)|(?:^|[\s_-])(?:comments?|comment-author|reply|respond)(?:$|[\s_-])/i;

// Labels that say "written by" in the languages most pages are in, before the name.
const LABEL = new RegExp(
  "^(?:" +
    [
      "(?:post author|posted|written|published|created|reported|edited|photos?|text|words|story|article|post|report)(?: and [a-z]+)? by",
      "post author",
      "by",
      "(?:geschrieben|eingestellt|veröffentlicht|verfasst|erstellt|gepostet|beitrag|ein (?:beitrag|artikel)) ?von",
      "von",
      "autor(?:in)?",
      "author",
      "text",
      "(?:publié|écrit|rédigé) par",
      "par",
      "(?:publicado|escrito|redactado) por",
      "por",
      "(?:pubblicato|scritto) da",
      "di",
      "door",
      "av",
      "af",
      "autorem",
      "автор",
    ].join("|") +
    String.raw`)\s*[:：]?\s+`,
  "i",
);

// A date or a time after the name, or the separator before one: "Heiko | 9. Februar 2019", "Anna, 3 Min.",
// "Isabella am Samstag, 19. Oktober 2019", "Gàbor Muniér, Datum: 03.Mär.19", "April Glaser Dec 15, 2016".
// regex-linear: bylineName's text, its white space made single spaces first (the only runs that could repeat)
const DATE_AFTER_NAME = new RegExp(
  String.raw`\s*(?:[|•·–—]|,?\s+(?:am|on|le|el|il|em|den|op)\s+(?:\d|${WEEKDAY_NAMES})|,?\s+\d{1,4}[./ 年月-]|\s*,\s*${DATE_LABEL_WORDS}|,?\s+${MONTH_NAMES}\.?\s+\d{1,2}(?!\d))`,
  "iu",
);
// A social handle printed after the name ("April Glaser @aprilaser"); an address's "@" has a word before it.
const HANDLE = /(?<!\S)@[\w.]+(?!\S)/g;
// A publication's date label alone ("Veröffentlicht", "Published on"): what is left of a date line.
const DATE_LABEL_ALONE = new RegExp(`^${DATE_LABEL_WORDS}$`, "iu");
// A label with the name on the next line ("Rezept von", "Written by"): no name itself.
const LABEL_AT_END = /(?:^|\s)(?:by|von|par|por|da|di|door|av|af)$/i;
// A word that is a number, or a day with its ordinal ("Dec 1st", "January 17"): what is left of a date, no name.
const NUMBER_WORD = /(?<!\S)\d+(?:st|nd|rd|th)?\.?(?!\S)/;
// A writer's role or a link to the writer's other articles, after the name. Not "Staff" alone: a
// surname too ("Jörg Staff").
const TRAILING_ROLE =
  / (?:(?:chef)?redakteur(?:in)?|editor(?:-in-chief)?|(?:senior |staff )?(?:writer|reporter(?:in)?)|korrespondent(?:in)?|alle artikel|all (?:posts|articles|stories)|view all posts|mehr vom autor)$/iu;

/** The words of an element, white space folded. */
const textOf = (el: Element): string => (el.textContent ?? "").replace(/\s+/g, " ").trim();

/**
 * The lines of an element's words as a browser lays them out, white space folded, empty lines left out:
 * a block or a line break between two texts starts a new line ("By Joe Davidson" over "Washington Post"
 * over the date, where textContent runs them into "Joe DavidsonWashington PostDec 13"), and a word ending
 * where an inline element starts or ends, before a capital, is parted from it ("<span>By</span>Travis
 * Haney": the page's style sets the label apart). Walks without recursion (a deep tree is no danger).
 */
function linesOf(el: Element): string[] {
  const lines: string[] = [];
  let line = "";
  let edge = false;
  const breakLine = () => {
    const folded = line.replace(/\s+/g, " ").trim();
    if (/[\p{L}\p{N}]/u.test(folded)) lines.push(folded);
    line = "";
    edge = false;
  };
  const mark = (n: Node) => {
    if (n.nodeType !== 1) return;
    if (INLINE_ELEMENTS.has(n.nodeName)) edge = true;
    else breakLine();
  };
  for (let n: Node | null = el.firstChild; n; ) {
    if (n.nodeType === 3) {
      const data = (n as Text).data;
      if (edge && /\p{L}$/u.test(line) && /^\p{Lu}/u.test(data)) line += " ";
      line += data;
      edge = false;
    } else mark(n);
    if (n.nodeType === 1 && !UNSEEN.has(n.nodeName) && n.firstChild) {
      n = n.firstChild;
      continue;
    }
    // Out of `n` and of every element it ends, to the next sibling.
    while (n && n !== el) {
      mark(n);
      if (n.nextSibling) {
        n = n.nextSibling;
        break;
      }
      n = n.parentNode;
    }
    if (n === el) break;
  }
  breakLine();
  return lines;
}

/** The name an element's lines give: its first line opening with a writer's label, else its first line that is a name. */
function nameOfLines(lines: string[]): string | null {
  const labelled = lines.find((line) => LABEL.test(`${line} `));
  const name = labelled ? bylineName(labelled) : null;
  if (name) return name;
  for (const line of lines) {
    const name = bylineName(line);
    if (name) return name;
  }
  return null;
}

/**
 * A byline's text as a name: the label before it and a date, separator or agency after it go; null when
 * what is left is no name (a sentence, a date, a count, a link's address, a bare label).
 */
export function bylineName(text: string): string | null {
  let s = text.replace(HANDLE, " ").replace(/\s+/g, " ").trim();
  // Twice: "Posted by" after "Autor:". A label alone ("By") leaves nothing.
  for (let i = 0; i < 2; i++) s = `${s} `.replace(LABEL, "").trim();
  const cut = s.search(DATE_AFTER_NAME);
  if (cut > 0) s = s.slice(0, cut);
  // A role or a link's label printed after the name ("Christoph Hein Chefredakteur", "Johanna Kropfitsch
  // Alle Artikel"), where a name of two words or more is left: "Staff Writer" alone is the byline as printed.
  const unroled = s.replace(TRAILING_ROLE, "");
  if (unroled.split(" ").length >= 2) s = unroled;
  s = trimEndUnless(s.replace(/^[\s,;:|•·–—»«-]+/, ""), /[^\s,;:|•·–—»«-]/u).trim();
  // A news agency after the name: "David Hutzler, dpa", "Rob Picheta, CNN".
  s = s.replace(/,\s*(?:\p{Lu}{2,5}|\p{Ll}{2,4})$/u, "");
  if (!s || s.length > THRESHOLDS.bylineNameMaxChars) return null;
  const words = s.split(" ");
  if (words.length > THRESHOLDS.bylineNameMaxWords) return null;
  // An address, a year or a date, a sentence: no name. A user name may hold digits ("freeman1984").
  if (
    /@|https?:|www\.|\b(?:19|20)\d\d\b|\d[./]\d|[!?]$/.test(s) ||
    NUMBER_WORD.test(s) ||
    LABEL_AT_END.test(s) ||
    DATE_LABEL_ALONE.test(s) ||
    /(?<!\p{Ll})\p{Ll}{2,}\.$/u.test(s)
  )
    return null;
  return s;
}

/** Whether `el` sits in a comment, a block about the writer, or another box whose names are no byline. */
function inOtherBox(el: Element): boolean {
  for (let node: Element | null = el; node && node.nodeName !== "BODY"; node = node.parentElement) {
    const names = `${node.getAttribute("class") ?? ""} ${node.getAttribute("id") ?? ""}`;
    if (NOT_A_BYLINE.test(names)) return true;
    if (node.nodeName === "FOOTER" && node.closest("article") === null) return true;
  }
  return false;
}

// The schema.org types of items a page lists or reviews, whose author is theirs, not the page's.
const OTHER_ITEM = /(?:Book|Review|Product|Comment|Offer|Rating|ListItem|Movie|TVSeries|MusicAlbum|MusicRecording|VideoGame)$/;

/**
 * Whether `el` marks the author of an item the page lists or reviews (microdata of a Book, a Review, a
 * Product, a Comment around it: "The Hunger Games by Suzanne Collins" in a book list): its nearest item
 * scope above is of one of those types. Where the page marks several (listedAuthorsMinRepeats), they are
 * the items' authors, not the page's.
 */
function ofOtherItem(el: Element): boolean {
  const scope = el.parentElement?.closest("[itemscope]");
  const type = scope?.getAttribute("itemtype")?.trim();
  // The type without the slashes it may end with (47 is "/").
  return !!type && OTHER_ITEM.test(trimEndWhile(type, (code) => code === 47));
}

/** The name an author element marks: its `itemprop="name"` or hCard `fn` part, else its own words. */
function markedName(el: Element): string | null {
  const part = el.querySelector('[itemprop="name"], .fn, .p-name');
  if (part) return bylineName(part.getAttribute("content") ?? textOf(part));
  if (el.nodeName === "META") return bylineName(el.getAttribute("content") ?? "");
  if (el.nodeName === "LINK") return null;
  return nameOfLines(linesOf(el));
}

// A line that opens with a byline's label and a capitalised name: "By Giovanni Gaggero | 12/10/2020".
const LABELLED_NAME = /^(?:by|von|par|por|door|di|av|af)\s+\p{Lu}/iu;

/**
 * A byline written under the page's headline without a name for it: among the few elements after the
 * page's one <h1>, the first short one whose words open with a byline's label and a capitalised name.
 */
function bylineUnderHeadline(body: Element): string | null {
  const h1s = body.getElementsByTagName("h1");
  if (h1s.length !== 1) return null;
  let seen = 0;
  for (let el = following(h1s[0]!, body); el && seen < THRESHOLDS.bylineAfterHeadlineElements; el = following(el, body)) {
    seen++;
    const text = textOf(el);
    if (!text || text.length > THRESHOLDS.bylineBlockMaxChars) continue;
    if (el.firstElementChild && textOf(el.firstElementChild) === text) continue;
    const line = linesOf(el)[0] ?? "";
    if (!LABELLED_NAME.test(line)) continue;
    const name = bylineName(line);
    if (name && capitalisedName(name)) return name;
  }
  return null;
}

const NAME_PARTICLE = /^(?:von|van|der|den|de|del|da|di|du|la|le|y|und|and|et|e|&)$/;

/** Whether a byline's words read as names: each capitalised but the particles and the "and" between two ("Von Null auf Hundert" is a deck). */
function capitalisedName(name: string): boolean {
  return name.split(" ").every((w) => /^\p{Lu}/u.test(w) || NAME_PARTICLE.test(w));
}

/** The first byline the page marks (see the module comment), or null. */
export function visibleByline(doc: Document, labelled = true): string | null {
  const body = doc.body;
  if (!body) return null;
  // Elements whose first text is a writer's label (labelledByline), in document order.
  const labels: Element[] = [];
  // One walk of the body sorts the marked elements by kind, in the order above ("*" is answered without
  // css-select, dom.ts quickNameSelectors; four attribute selectors were four slow walks). An element is
  // judged the same whichever kind it is found as, so it is listed under its first kind only.
  const kinds: Element[][] = [[], [], [], []];
  for (const el of body.querySelectorAll("*")) {
    const classes = el.getAttribute("class");
    const tokens = classes ? classes.split(/\s+/) : [];
    if (/(?:^|\s)author(?:\s|$)/.test(el.getAttribute("itemprop") ?? "")) kinds[0]!.push(el);
    else if ((tokens.includes("vcard") && tokens.includes("author")) || (tokens.includes("h-card") && tokens.includes("p-author")))
      kinds[1]!.push(el);
    else if (el.localName === "a" && /(?:^|\s)author(?:\s|$)/i.test(el.getAttribute("rel") ?? "")) kinds[2]!.push(el);
    else if (classes && AUTHOR_CLASS.test(classes)) kinds[3]!.push(el);
    const first = el.firstChild;
    if (labelled && first?.nodeType === 3 && AUTHOR_LABEL_START.test((first as Text).data)) labels.push(el);
  }
  // Authors of several items the page lists (a book list's) are theirs; one item's may be the page's own
  // (a post that is a review).
  const listed = kinds[0]!.filter(ofOtherItem).length >= THRESHOLDS.listedAuthorsMinRepeats;
  for (const elements of kinds) {
    for (const el of elements) {
      if (textOf(el).length > THRESHOLDS.bylineBlockMaxChars || inOtherBox(el) || (listed && ofOtherItem(el))) continue;
      const name = markedName(el);
      if (name) return name;
    }
  }
  return bylineUnderHeadline(body) ?? (labelled ? labelledByline(labels) : null);
}

// A writer's label that asks for a name after it, with its colon ("Autor:", "Auteur :", "Von:"), or
// standing alone in its element ("<h4>Autor</h4>").
const AUTHOR_LABEL_START = /^\s*(?:autor|author|auteur|text|von|redaktion|written|verfasst)/i;
const AUTHOR_LABEL = /^(?:autor(?:in|en)?|author|auteur|autore|text|von|redaktion|written by|verfasst von)\s*:/i;
const AUTHOR_LABEL_ALONE = /^(?:autor(?:in|en)?|author|auteur|autore)\s*:?$|^(?:text|von|redaktion|written by|verfasst von)\s*:$/i;

/**
 * The name after a writer's label, anywhere on the page ("Autor: Fritz Imhof", "<b>Von:</b> Götz Warnke",
 * "<h4>Autor</h4><p>Nikolai Huke</p>"): of the first labelledBylinesRead labelled elements, the first whose
 * line (its text, the text after it up to the next line break, or its next element's) is a name.
 */
function labelledByline(labels: Element[]): string | null {
  for (const el of labels.slice(0, THRESHOLDS.labelledBylinesRead)) {
    if (inOtherBox(el)) continue;
    const own = shortText(el, THRESHOLDS.bylineBlockMaxChars);
    if (own === null) continue;
    const line = AUTHOR_LABEL_ALONE.test(own) ? `${own.replace(/:$/, "")}: ${lineAfter(el)}` : own;
    const m = AUTHOR_LABEL.exec(line);
    if (!m) continue;
    // What follows a name in brackets, after a semicolon or a slash is its role or agency ("Peter Maahn/SP-X").
    const name = bylineName(line.slice(m[0].length).replace(/(?<!\s)\s*[(;/][\s\S]*$/, ""));
    if (name && name.split(" ").length <= THRESHOLDS.bylineNameMaxWords && capitalisedName(name)) return name;
  }
  return null;
}

/**
 * The text after `el` on its line: its siblings' text up to a line break or a block, or else its next
 * element's text (a label set as a heading over the name); at most bylineBlockMaxChars characters.
 */
function lineAfter(el: Element): string {
  let text = "";
  for (let n = el.nextSibling; n && text.length <= THRESHOLDS.bylineBlockMaxChars; n = n.nextSibling) {
    if (n.nodeType === 3) text += (n as Text).data;
    else if (n.nodeType === 1) {
      if (n.nodeName === "BR" || !INLINE_ELEMENTS.has(n.nodeName)) break;
      text += shortText(n as Element, THRESHOLDS.bylineBlockMaxChars) ?? "";
    }
  }
  text = text.replace(/\s+/g, " ").trim();
  if (text) return text;
  const next = el.nextElementSibling;
  return next ? (shortText(next, THRESHOLDS.bylineBlockMaxChars) ?? "") : "";
}
