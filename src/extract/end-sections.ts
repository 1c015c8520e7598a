/**
 * What a blog or news site appends below an article, under a heading of its own: other stories
 * ("Related posts", "You might also like", "Explore more") and boxes about the author or the
 * newsletter. Readability keeps them when they share the article's container, and the label rules of
 * cleanArticle (boilerplate.ts) remove a label and its list of links, not a series of teasers drawn
 * as headings with their blurbs. Read on the Markdown, where a heading's section is plain to see.
 */
import { codeLines, cutLines, headingRank, isPicturesLine, paragraphText } from "./markdown.ts";
import { unlinkedWords, withoutLinks, withoutLinkTargets } from "./markdown-links.ts";
import { COMMENT_ASKS } from "./site-lines.ts";
import { THRESHOLDS } from "./thresholds.ts";
import { trimEndWhile } from "./trim.ts";
import { wordCount, words } from "./words.ts";

// "Read also" in the languages most pages are in but English (de, fr, es, it, pt, nl, pl), written once:
// a heading of it names other stories here (OTHER_STORIES), and boilerplate.ts FURNITURE_TEXT reads it
// before a story's title ("Czytaj też: …", "Lees ook: …").
export const READ_ALSO_WORDS = [
  "lesen sie auch|auch interessant",
  "(?:à )?lire aussi",
  "lee también|lea también|(?:también )?(?:te|le) (?:puede|podría) interesar",
  "leggi anche",
  "leia também|veja também",
  "lees ook",
  "(?:prze)?czytaj (?:też|także|również)|zobacz (?:też|także|również)",
].join("|");

// A heading that names other stories, the whole of it ("Related Posts", "Other posts you may enjoy",
// "Explore more articles on …", "Related articles that may interest you", "You'll also love…"); not
// "Related work" (a paper's section) nor "Popular types of …".
const OTHER_STORIES = new RegExp(
  `^(?:${[
    // A word is read whole ((?!\S)), so that the closing marks after it are not tried again word by word.
    String.raw`(?:our |more |other )?related(?! work\b)(?: \S+(?!\S)){0,4}`,
    String.raw`(?:our |more |other )?related (?:posts|articles|stories|reads|reading)\b.*`,
    String.raw`you['’]ll (?:also )?(?:love|like|enjoy)\b.*`,
    String.raw`recommended(?: for you| reading| \S+(?!\S))?`,
    String.raw`you (?:may|might) (?:also )?(?:like|enjoy|be interested)\b.*`,
    String.raw`(?:other|more) (?:\S+ ){0,2}(?:posts|articles|stories|reads)(?: you (?:may|might)(?: also)? (?:like|enjoy))?`,
    String.raw`(?:explore|discover|see) more\b.*`,
    "read next",
    "keep reading",
    String.raw`more from\b.*`,
    "(?:most )?popular (?:posts|articles|stories)",
    "latest (?:posts|articles|stories|news)",
    String.raw`most (?:discussed|commented|shared)(?: (?:posts|articles|stories))?|(?:readers|people) also (?:liked|read|viewed)\b.*`,
    // The same in the other languages most pages are in (de, fr, es, it, pt, nl, pl).
    "(?:ähnliche|verwandte|weitere|empfohlene|neueste) (?:beiträge|artikel|themen|nachrichten|meldungen|posts)",
    String.raw`mehr zum thema\b.*`,
    "(?:unsere )?empfehlungen (?:aus )?der redaktion",
    "(?:das )?(?:thema )?könnte (?:dich|sie|euch) auch interessieren",
    READ_ALSO_WORDS,
    "auch lesenswert|meistgelesen(?:e (?:artikel|beiträge))?",
    // "Lesen Sie auch die folgenden Beiträge:", "Schon gelesen?", "Zum Weiterlesen:", "Ähnliche Artikel lesen",
    // "Meistdiskutierte Artikel", a theme's tabs "Verwandte Artikel Mehr vom Autor", "Nutzer mochten auch …".
    "lesen sie auch (?:die(?:se)? )?(?:folgenden )?(?:beiträge|artikel)|schon gelesen|zum weiterlesen|(?:ähnliche|weitere) (?:artikel|beiträge) lesen",
    String.raw`meist-?diskutiert(?:e (?:artikel|beiträge))?|(?:verwandte artikel )?mehr vom autor|weiterführende[rn]? (?:links?|artikel)|(?:leser|nutzer) (?:mochten|lasen) auch\b.*`,
    String.raw`articles? (?:similaires|connexes|liés|recommandés)|sur le même (?:sujet|thème)|vous (?:aimerez|pourriez aimer) aussi\b.*|dans la même rubrique`,
    "(?:artículos|noticias|entradas|publicaciones) relacionad[ao]s|más noticias|te recomendamos",
    "articoli correlati|(?:ti )?potrebbe (?:anche )?interessarti",
    "(?:artigos|notícias|posts) relacionad[oa]s|você também pode gostar",
    "gerelateerde (?:artikelen|berichten)|meer nieuws",
    "podobne (?:artykuły|wpisy)|polecane(?: artykuły)?",
  ].join("|")})[\\s:.!?…]*$`,
  "i",
);
// What heads a box about the author: "About the author", "Über die Autorin", "À propos de l'auteur".
const ABOUT_AUTHOR =
  "about the authors?|über (?:den|die) autor(?:in|en)?|à propos de l['’]auteur|sobre (?:el|la|o|a) autora?|sull['’]autore|over de auteur|o autorze";
// A heading over a box about the author or the newsletter.
const ASIDE_BOX = new RegExp(
  String.raw`^(?:${ABOUT_AUTHOR}|(?:join|sign up for|get) (?:our |the |my )?(?:\S+ ){0,3}(?:newsletters?|mailing list|updates)\b.{0,40}|subscribe(?: (?:to|for) .{0,50})?|newsletter abonnieren|abonnez-vous\b.{0,50}|suscríbete\b.{0,50})[\s:.!?…]*$`,
  "i",
);
// The author's box labelled by a paragraph of its own, not a heading ("***Über die Autorin:***").
const AUTHOR_LABEL = new RegExp(String.raw`^(?:${ABOUT_AUTHOR})[\s:.]*$`, "i");

/** A heading's whole text, one of `alternatives`, with any closing punctuation. */
const wholeHeading = (alternatives: string[]) => new RegExp(`^(?:${alternatives.join("|")})[\\s:.!?…]*$`, "i");

// A heading over a comment form or an empty comment section ("Leave a Reply", "Schreibe einen Kommentar",
// "0 Comments"): cut like a box, so only when little follows it. Not "Comments" alone, which may title
// the article's own section (a guide to code comments).
const COMMENT_FORM = wholeHeading([
  ...COMMENT_ASKS,
  "add (?:a|your) (?:comment|reply|response)|join the (?:discussion|conversation)|kommentieren",
  String.raw`\d+ (?:comments?|responses?|replies)(?: (?:to|on) .{1,120})?|\d+ (?:kommentare?|antworten)(?: zu .{1,120})?`,
  String.raw`\d+ commentaires?|\d+ comentarios?|\d+ commenti|\d+ comentários|\d+ reacties|\d+ komentarz(?:e|y)?`,
]);
// The asks alone, cut even early (withoutEndSections): a count ("3 Comments") may head the comments.
const COMMENT_ASK = wholeHeading(COMMENT_ASKS);

const HEADING = /^(#{1,6})\s+((?:\S.*)?)$/;

/** Words a reader sees on a Markdown line: no image, no link target, no syntax. */
function lineWords(line: string): number {
  return wordCount(withoutLinkTargets(withoutLinks(line, " ", true)));
}

/** The rank of the heading on line `i` (1 for `#`), 0 when it is no heading. */
function rankOf(lines: string[], code: boolean[], i: number): number {
  const rank = code[i] ? 7 : headingRank(lines[i]!);
  return rank < 7 ? rank : 0;
}

const isWordCode = (code: number) => (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95;

/**
 * Whether `line` ends a sentence: a stop, question or exclamation mark, ellipsis or colon in its last
 * run of characters that are not word characters (/[.!?…:]\W*$/ read in one pass: the pattern is
 * quadratic on a long run of dots before a letter).
 */
function endsSentence(line: string): boolean {
  return /[.!?…:]/.test(line.slice(trimEndWhile(line, (code) => !isWordCode(code)).length));
}

/**
 * Whether a Markdown line is a label naming other stories set as a paragraph, not a heading ("Related
 * reads:", "Mehr zum Thema", "Recommended:", "Lee también…"), of at most storyLabelMaxWords words: the
 * label of a list of teasers the clean-up took, or of one it left, whose label the end sections' cut
 * (which reads headings) does not see. A sentence beginning so is longer ("More from Cornell on climate
 * change and gardening:") or ends on a full stop, and stays.
 */
export function isStoryLabel(line: string): boolean {
  const text = paragraphText(line);
  // A sentence ends on one full stop ("Explore more deals on destinations worldwide."); a label does not.
  if (text === null || /(?<!\.)\.$/.test(text) || !OTHER_STORIES.test(text)) return false;
  return wordCount(text) <= THRESHOLDS.storyLabelMaxWords;
}

/** Whether the Markdown has a heading withoutEndSections may cut at (a line endLine accepts). */
export function hasEndHeading(markdown: string): boolean {
  return markdown.split("\n").some(endLine);
}

/** Whether a line may begin an end section: such a heading, or an author's box labelled by a paragraph. */
function endLine(line: string): boolean {
  return endHeading(line) || isAuthorLabel(line);
}

/** Whether a Markdown line is a paragraph of nothing but the label of an author's box, in any emphasis. */
function isAuthorLabel(line: string): boolean {
  // Most lines fail here, before the cost of their plain text: every label names the author.
  if (!/aut(?:ho|o|eu)r/i.test(line)) return false;
  const text = paragraphText(line);
  return text !== null && AUTHOR_LABEL.test(text);
}

/** Whether a line is a heading naming other stories, an author's or newsletter box, or a comment form. */
function endHeading(line: string): boolean {
  if (line.charCodeAt(0) !== 35) return false; // "#"
  const heading = HEADING.exec(line);
  if (!heading) return false;
  const text = headingText(heading[2]!);
  return OTHER_STORIES.test(text) || boxHeading(text);
}

/** Whether a heading's text heads a box (an author's, a newsletter's) or a comment form: cut when short. */
function boxHeading(text: string): boolean {
  return ASIDE_BOX.test(text) || COMMENT_FORM.test(text);
}

/** Whether lines `from` to `to` hold any text or image. */
function hasText(lines: string[], code: boolean[], from: number, to: number): boolean {
  for (let i = from; i < to; i++) if (code[i] || lines[i]!.trim()) return true;
  return false;
}

/** A heading's text without its emphasis and link syntax. */
function headingText(text: string): string {
  return withoutLinkTargets(text)
    .replace(/[*_`[\]]/g, "")
    .replace(/\\(.)/g, "$1")
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * Teasers: titles (headings, links, list entries holding a link, short lines that are not sentences:
 * a story's title or category), images, and at most one blurb per title; never a table, a block of
 * code or a paragraph of prose. A recipe card or the article's last section under a mislabelled
 * heading has longer paragraphs, or runs of sentences under one heading.
 */
function teasers(lines: string[], code: boolean[], from: number, to: number): boolean {
  let titles = 0;
  let blurbs = 0;
  for (let i = from; i < to; i++) {
    const line = lines[i]!.trim();
    if (!line) continue;
    if (code[i] || line.startsWith("|")) return false;
    if (HEADING.test(line)) {
      titles++;
      continue;
    }
    const words = lineWords(line);
    if (words > THRESHOLDS.endTeaserMaxWords) return false;
    const linked = withoutLinks(line, "", true).includes("](");
    const title =
      words === 0 ||
      (linked && (/^(?:[-*+]|\d+[.)])\s/.test(line) || unlinkedWords(line) * 2 <= words)) ||
      (words <= THRESHOLDS.endTitleMaxWords && !endsSentence(line));
    if (title) titles++;
    else blurbs++;
  }
  return blurbs <= titles + 1;
}

/**
 * The article's Markdown without the sections that follow it: a heading naming other stories
 * (OTHER_STORIES) that begins after the first endSectionsMinShare of the words cuts what follows it
 * to the end, or else to the next heading of the same or a higher rank, when that part is teasers;
 * a heading over an author's or newsletter box (ASIDE_BOX) cuts its section when it holds at most
 * endBoxMaxWords words, and so does a paragraph that only labels the author's box (AUTHOR_LABEL), its
 * section running to the next heading of any rank. A heading asking for a comment (COMMENT_ASK) cuts to
 * the end before that share too, when everything after it is teasers: a short post's comment form and
 * the sidebar below it. Returns the Markdown kept and the lines cut (to correct the word count).
 */
export function withoutEndSections(markdown: string): { markdown: string; cut: string } {
  const lines = markdown.split("\n");
  // Most texts have no such heading: one look at the headings spares counting every line's words.
  if (!lines.some(endLine)) return { markdown, cut: "" };
  const code = codeLines(lines);
  const words = lines.map((line, i) => (code[i] ? 0 : lineWords(line)));
  const total = words.reduce((a, b) => a + b, 0);
  const cut = new Array<boolean>(lines.length).fill(false);
  let seen = 0;
  for (let i = 0; i < lines.length; i++) {
    const heading = code[i] ? null : HEADING.exec(lines[i]!);
    const text = heading ? headingText(heading[2]!) : "";
    // A label of the author's box set as a paragraph heads it as the lowest heading would (rank 7).
    const label = !heading && !code[i] && isAuthorLabel(lines[i]!);
    const late = seen >= total * THRESHOLDS.endSectionsMinShare;
    const first = seen === 0;
    seen += words[i]!;
    // A comment form's heading with only teasers and lists of links after it to the end: the sidebar
    // of a post shorter than its sidebar, which the share above would keep. Not the text's first line.
    if (heading && !late && !first && COMMENT_ASK.test(text) && teasers(lines, code, i + 1, lines.length)) {
      cut.fill(true, i);
      break;
    }
    if (!(heading || label) || !late) continue;
    const stories = heading !== null && OTHER_STORIES.test(text);
    if (!stories && !label && !boxHeading(text)) continue;
    const rank = heading ? heading[1]!.length : 7;
    let next = i + 1;
    while (next < lines.length && !(rankOf(lines, code, next) && rankOf(lines, code, next) <= rank)) next++;
    let to = -1;
    if (stories) {
      // Nothing under the label before a plain heading of its rank: the list it named is gone and the
      // article's next section follows. Only the label goes.
      if (next < lines.length && !hasText(lines, code, i + 1, next) && rankOf(lines, code, next) === rank && !lines[next]!.includes("]("))
        to = next;
      else if (teasers(lines, code, i + 1, lines.length)) to = lines.length;
      else if (teasers(lines, code, i + 1, next)) to = next;
    } else {
      let sectionWords = 0;
      for (let j = i + 1; j < next; j++) sectionWords += words[j]!;
      if (sectionWords <= THRESHOLDS.endBoxMaxWords && !code.slice(i + 1, next).some(Boolean)) to = next;
    }
    if (to < 0) continue;
    for (let j = i; j < to; j++) {
      cut[j] = true;
      seen += j > i ? words[j]! : 0;
    }
    i = to - 1;
  }
  return cutLines(markdown, lines, cut);
}

/** A heading whose whole text is one link (emphasis aside): a teaser's title. Group 1 is the target. */
const LINKED_HEADING = /^#{1,6}[ \t]+[*_]{0,3}\[[^\]\n]+\]\(([^)\s]+)(?:[ \t][^)\n]*)?\)[*_]{0,3}[ \t]*$/;

/** Whether a link target lies on the page's own site (a relative link, or the page's host). */
function ownSite(target: string, host: string): boolean {
  if (!/^(?:[a-z][a-z0-9+.-]*:)?\/\//i.test(target)) return !/^[a-z][a-z0-9+.-]*:/i.test(target);
  try {
    return new URL(target, "https://x.invalid/").host.replace(/^www\./, "") === host;
  } catch {
    return false;
  }
}

/**
 * The Markdown without the other stories of the site it ends on when no heading names them: a run of
 * at least trailingTeasersMin teasers, each a heading that is one link to another page of the page's
 * own site, with its picture and at most one paragraph of blurb (of at most trailingTeaserBlurbMaxWords
 * words), running to the end and beginning after endSectionsMinShare of the words. A listicle's items
 * are most of its article, and link out to what they name; a series' own pages stand in its text.
 * Returns the Markdown kept and the lines cut (to correct the word count).
 */
export function withoutTrailingTeasers(markdown: string, pageUrl: string): { markdown: string; cut: string } {
  const host = siteHost(pageUrl);
  if (host === null) return { markdown, cut: "" };
  const lines = markdown.split("\n");
  const code = codeLines(lines);
  let i = lines.length;
  let start = i;
  let titles = 0;
  let blurbs = 0;
  while (i > 0) {
    const line = lines[i - 1]!.trim();
    if (code[i - 1]) break;
    if (!line || THEMATIC_BREAK.test(line) || isPicturesLine(line)) {
      i--;
      continue;
    }
    const title = LINKED_HEADING.exec(line);
    if (title) {
      if (!ownSite(title[1]!, host)) break;
      titles++;
      blurbs = 0;
      start = --i;
      continue;
    }
    if (HEADING.test(line) || line.startsWith("|") || ++blurbs > 1 || lineWords(line) > THRESHOLDS.trailingTeaserBlurbMaxWords) break;
    i--;
  }
  if (titles < THRESHOLDS.trailingTeasersMin) return { markdown, cut: "" };
  // The teasers' pictures above the first title, and the blank lines and rules before them, go too.
  while (
    start > 0 &&
    !code[start - 1] &&
    (!lines[start - 1]!.trim() || THEMATIC_BREAK.test(lines[start - 1]!.trim()) || isPicturesLine(lines[start - 1]!.trim()))
  )
    start--;
  return cutLate(markdown, lines, code, start);
}

/**
 * The Markdown cut from line `start` to the end when at least endSectionsMinShare of its words come
 * before that line (the run of other stories follows the article, not most of the page); else as it is.
 */
function cutLate(markdown: string, lines: string[], code: boolean[], start: number): { markdown: string; cut: string } {
  let before = 0;
  let total = 0;
  for (let j = 0; j < lines.length; j++) {
    const n = code[j] ? 0 : lineWords(lines[j]!);
    total += n;
    if (j < start) before += n;
  }
  if (start === 0 || before < total * THRESHOLDS.endSectionsMinShare) return { markdown, cut: "" };
  return { markdown: lines.slice(0, start).join("\n").trimEnd(), cut: lines.slice(start).join("\n") };
}

/** The host of a page's address without "www.", or null when the address is not one. */
function siteHost(pageUrl: string): string | null {
  try {
    return new URL(pageUrl).host.replace(/^www\./, "");
  } catch {
    return null;
  }
}

/** The text of the Markdown's first heading of rank 1 (the page's title as it shows it), or null. */
export function firstTitle(markdown: string): string | null {
  const heading = /^# (.+)$/m.exec(markdown);
  return heading ? headingText(heading[1]!) : null;
}

/**
 * The Markdown without the site's list of stories it ends on when that list names the page itself: a
 * run of at least trailingTeasersMin headings of one rank, each over at most ownTitleTeaserLines short
 * lines (a date, a category, a blurb of at most trailingTeaserBlurbMaxWords words), running to the end
 * and beginning after endSectionsMinShare of the words, one of whose headings repeats one of the page's
 * `titles` (of two words or more). A news site's "Latest" box lists the story being read among the
 * others, unlinked where the others link or in no link at all, so withoutTrailingTeasers (which needs
 * a link on every title) does not see it; the page's own title among them is what tells the list from
 * the article's last sections, whose headings never repeat the article's title. The lines just above
 * the first heading that are short (the first story's date) and a heading over the run ("Aktuell")
 * go with it. Returns the Markdown kept and the lines cut (to correct the word count).
 */
export function withoutOwnTitleTeasers(
  markdown: string,
  titles: (string | null | undefined)[],
  pageUrl: string,
): { markdown: string; cut: string } {
  const own = new Set<string>();
  for (const title of titles) {
    const key = title ? words(title).join(" ") : "";
    if (key.includes(" ")) own.add(key);
  }
  if (own.size === 0) return { markdown, cut: "" };
  // Without the page's host, a linked heading counts as another site's.
  const host = siteHost(pageUrl);
  const lines = markdown.split("\n");
  const code = codeLines(lines);
  let i = lines.length;
  let start = i;
  let rank = 0;
  let headings = 0;
  let shortLines = 0;
  let echoed = false;
  while (i > 0) {
    const line = lines[i - 1]!.trim();
    if (code[i - 1] || line.startsWith("|")) break;
    if (!line || THEMATIC_BREAK.test(line) || isPicturesLine(line)) {
      i--;
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      const target = /\]\(([^)\s]+)/.exec(heading[2]!)?.[1];
      if (rank && heading[1]!.length !== rank) break;
      if (target !== undefined && !(host && ownSite(target, host))) break;
      rank = heading[1]!.length;
      headings++;
      shortLines = 0;
      if (own.has(words(headingText(heading[2]!)).join(" "))) echoed = true;
      start = --i;
      continue;
    }
    if (++shortLines > THRESHOLDS.ownTitleTeaserLines || lineWords(line) > THRESHOLDS.trailingTeaserBlurbMaxWords) break;
    i--;
  }
  if (!echoed || headings < THRESHOLDS.trailingTeasersMin) return { markdown, cut: "" };
  // The first story's date or category above its heading (as many short lines as a story may have),
  // and a heading over the whole run.
  let above = start;
  let labels = 0;
  while (above > 0 && !code[above - 1]) {
    const line = lines[above - 1]!.trim();
    if (!line || THEMATIC_BREAK.test(line) || isPicturesLine(line)) above--;
    else if (
      !HEADING.test(line) &&
      labels < THRESHOLDS.ownTitleTeaserLines &&
      lineWords(line) <= THRESHOLDS.ownTitleTeaserLabelWords &&
      !endsSentence(line)
    ) {
      labels++;
      above--;
    } else {
      if (HEADING.test(line) && lineWords(line) <= THRESHOLDS.ownTitleTeaserLabelWords) above--;
      break;
    }
  }
  start = above;
  while (start > 0 && !code[start - 1] && !lines[start - 1]!.trim()) start--;
  return cutLate(markdown, lines, code, start);
}

/**
 * The Markdown without the headings it ends on. A heading heads what follows it; one with nothing
 * after it headed a part the clean-up took or the page never held as text: a contact form's title
 * ("Let's connect", "Ready to get started?"), a list of links that went as furniture, a paywall's
 * "This article is for subscribers", a label announcing a list that is not there ("Related articles:",
 * "More topics:"), as a heading or as a paragraph of bold labels each ending in a colon. Headings and
 * such labels are taken from the end until a line of text, an image or code comes, or a heading that
 * is content of its own: one holding a link (a teaser's title, a source) or one of more than
 * trailingHeadingMaxWords words (a statement set large). A bold line that does not end in a colon is
 * the text's last sentence set bold ("**Connect with our specialists today.**") and stays.
 * Returns the Markdown kept and the lines cut (to correct the word count).
 */
export function withoutTrailingHeadings(markdown: string): { markdown: string; cut: string } {
  const lines = markdown.split("\n");
  const code = codeLines(lines);
  let end = lines.length;
  let kept = end;
  while (end > 0) {
    const line = lines[end - 1]!.trim();
    if (!code[end - 1] && (!line || THEMATIC_BREAK.test(line))) end--;
    else if ((rankOf(lines, code, end - 1) && headsNothing(line)) || (!code[end - 1] && labelsNothing(line))) kept = --end;
    else break;
  }
  if (kept === lines.length) return { markdown, cut: "" };
  // The rules and blank lines before the headings went with them.
  while (kept > 0 && !code[kept - 1] && (!lines[kept - 1]!.trim() || THEMATIC_BREAK.test(lines[kept - 1]!.trim()))) kept--;
  if (kept === 0) return { markdown, cut: "" };
  return { markdown: lines.slice(0, kept).join("\n").trimEnd(), cut: lines.slice(kept).join("\n") };
}

const THEMATIC_BREAK = /^(?:[-*_]\s*){3,}$/;

/** Whether a trailing heading line is only a label: no link, few words. */
function headsNothing(line: string): boolean {
  const text = headingText(HEADING.exec(line)?.[2] ?? "");
  return !line.includes("](") && lineWords(text) <= THRESHOLDS.trailingHeadingMaxWords;
}

// A paragraph of bold labels each ending in a colon ("**More topics:**", "**Read more:** **Contact:**").
const BOLD_LABELS = /^(?:(?:\*\*|__)[^*_\n]+:(?:\*\*|__)\s*)+$/;

/** Whether a trailing paragraph is only a label in bold announcing what follows (see withoutTrailingHeadings). */
function labelsNothing(line: string): boolean {
  return !line.includes("](") && BOLD_LABELS.test(line) && lineWords(headingText(line)) <= THRESHOLDS.trailingHeadingMaxWords;
}
