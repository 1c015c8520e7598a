/**
 * A control's label left on a line of its own once its button or widget is gone: "Read more", "See
 * all", "Back to top", "Loading", "Expand description", a pager's "Page 1 of 8" and "Results per page:",
 * a map's "View in list", a feedback widget's "Was this helpful?", a lone link to "All content about …".
 * The words say what the control does, never what the page is about, whether they were a link or plain
 * text. Read on the Markdown, line by line; and a slider's dots or a pager's page numbers left as a list
 * of numbers ("- 1", "- 2", "- 3").
 */
import { blockLineText, codeLines, cutLines, isListItemOrRow, withoutLinesWhere } from "./markdown.ts";
import { withoutLinkTargets } from "./markdown-links.ts";
import { THRESHOLDS } from "./thresholds.ts";

// A shop's or a listing's count of what the page shows: "Showing 1–12 of 48 results", "Showing all 9
// results", "Showing 1 to 24 of 1,093", "Zeige 1–12 von 48 Ergebnissen", "Es werden die Weine 1 bis 10
// von insgesamt 19 angezeigt!"; a line on any page, where it says "showing". Written once: a grid's
// toolbar (priced-grid.ts TOOLBAR_LINE) takes these and its bare counts ("1–16 of 29") besides, on pages
// that declare no article.
const SHOWN_UNIT = "(?:results?|products?|items?|entries)";
export const SHOWN_RESULTS = [
  String.raw`showing (?:\d[\d,]*(?:\s*(?:[–-]|to)\s*\d[\d,]*)? of \d[\d,]*(?: ${SHOWN_UNIT})?|(?:all )?\(?\d[\d,.]*\s*${SHOWN_UNIT}\)?|the single ${SHOWN_UNIT})`,
  String.raw`zeige (?:\d+\s*[–-]\s*\d+ von \d+|alle \d+|das einzige) ergebnis(?:se|sen)?|es werden (?:die )?(?:[\p{L}-]+ )?\d+ bis \d+ von (?:insgesamt )?\d+(?: [\p{L}-]+)? angezeigt`,
].join("|");

// The whole line, nothing more: "Read more" and "[See All](…)" go, "Read more about our process" and a
// heading "Home" (a section's title) stay.
const CONTROL_LABEL = new RegExp(
  `^(?:${[
    "(?:read|see|view|show|load) (?:more|all|less)",
    "(?:back|go) to top",
    "page load link",
    "loading",
    "home",
    "tags",
    "blog",
    "contact us",
    "(?:expand|collapse)(?: all| description| details)?",
    // A toggle's label: "Show sources", "Hide details", "Quellen ausblenden", "Weniger anzeigen".
    "(?:show|hide) (?:sources|references|details)|(?:quellen|details|weniger) (?:anzeigen|ausblenden|einblenden)",
    String.raw`page \d+ of \d+`,
    // A feedback widget's question, its buttons gone: "Was this helpful?", "Was this page helpful?".
    String.raw`was this (?:page |article )?helpful\??`,
    "results per page",
    SHOWN_RESULTS,
    "(?:view|show) (?:in|as) (?:a )?(?:list|grid|map)",
    // A comment's button.
    "reply",
    // A video player's controls, their buttons gone (the words a common web player writes for screen
    // readers): "Video Player is loading.", "Current Time 0:00", "Loaded: 0%", "Stream Type LIVE".
    String.raw`video player is loading|play video|(?:current|remaining) time -?\d{1,2}:\d{2}|duration -?\d{1,2}:\d{2}|(?:loaded|progress): \d{1,3}(?:\.\d{1,2})?%|stream type live|seek to live, currently (?:behind|playing) live|playback rate|picture-in-picture|this is a modal window|beginning of dialog window\. escape will cancel and close the window|end of dialog window|close modal dialog|(?:captions|subtitles|descriptions) off, selected|captions settings, opens captions settings dialog`,
    // The same controls in the other languages most pages are in (de, fr, es, it, pt, nl, pl).
    "weiterlesen|(?:mehr|alle) (?:lesen|anzeigen)|nach oben|zurück|(?:wird )?geladen|antworten|kommentieren",
    // A feed's and a gallery's buttons, and a comment count drawn as a button: "Lade weitere Inhalte",
    // "Bild anzeigen Bild schließen", "Kommentare(0)", "Comments (3)".
    String.raw`(?:lade )?weitere inhalte(?: laden)?|mehr laden|bild (?:anzeigen|schließen)(?: bild (?:anzeigen|schließen))?|(?:kommentare?|comments?)\s*\(\d+\)`,
    String.raw`war (?:dieser artikel|der artikel|diese seite) (?:hilfreich|nützlich)\??`,
    // A rating widget's prompt, its stars gone: "Rate this article", "Hier können Sie den Artikel bewerten",
    // "Bewerten Sie diesen Beitrag", "Wie hat Ihnen dieser Artikel gefallen?".
    String.raw`rate this (?:article|post|story|page)|(?:hier können sie )?(?:den|diesen) (?:artikel|beitrag) bewerten|bewerten sie (?:diesen|den) (?:artikel|beitrag)|wie (?:hat|gefällt) (?:ihnen|dir) (?:dieser|der) (?:artikel|beitrag)(?: gefallen)?\??`,
    "lire la suite|voir (?:plus|tout)|retour en haut|chargement|répondre",
    "leer más|ver (?:más|todo)|volver arriba|cargando|responder",
    "leggi (?:tutto|di più)|torna su|caricamento|rispondi",
    "leia mais|ver mais|voltar ao topo|carregando",
    "lees meer|terug naar boven|reageer",
    "czytaj (?:więcej|dalej)|wróć do góry|ładowanie|odpowiedz",
  ].join("|")})[\\s.:!…]*$`,
  "iu",
);

// A sharing or liking widget's label, its buttons gone, as a heading or a line: "Share this:", "Like
// this:", "Like Loading…", "Be Sociable, Share!", in the words a blog platform's widget writes in the
// languages most pages are in ("Teilen Sie dies mit:", "Gefällt mir Wird geladen …", "Partager :",
// "Compartir esto:", "Me gusta Cargando…"). The whole line, nothing more: "Share this project with your
// classmates" is a sentence. The words are written once, here: the furniture rule that reads a block's
// text in the page (boilerplate.ts FURNITURE_TEXT) takes the same labels, and a bare "Share" besides.
export const SHARE_LABEL_WORDS = [
  "share this(?: (?:post|article|story|page|recipe))?|like this|like loading|be sociable, share",
  "teilen(?: sie)?(?: dies)? mit|gefällt mir(?: wird geladen)?|liken lade|liken wird geladen",
  "partager(?: cet article| ceci)?|j['’]aime chargement",
  "compartir esto|comparte esto|me gusta cargando",
  "condividi(?: questo articolo)?|mi piace caricamento",
  "compartilhe isso|compartilhe|curtir carregando",
  // Not "Delen" alone, which also means "parts".
  "deel dit artikel|dit artikel delen|delen via|vind ik leuk laden",
  "udostępnij|lubię to wczytywanie",
].join("|");
const SHARE_LABEL = new RegExp(`^(?:${SHARE_LABEL_WORDS})[\\s.:!…]*$`, "iu");

/** Whether a Markdown line (a paragraph or a heading of rank 3 or below; no link, list item or table row) is only a sharing or liking widget's label. */
export function isShareLabel(line: string): boolean {
  const text = line.trim();
  // A link, or a heading of the first two ranks, is a post's own title ("Gefällt mir" is a blog post's), never
  // a widget's label: a blog platform writes those as h3.
  if (text.includes("](") || /^#{1,2}\s/.test(text)) return false;
  const plain = blockLineText(text);
  return plain !== null && SHARE_LABEL.test(plain);
}

// A lone link to more of the site's writing, whatever it is about: "All content about Internet of
// Things", "See all posts in Recipes", "More articles on tax".
const MORE_LINK = /^(?:(?:see|view|browse|read) )?(?:all|more) (?:content|posts|articles|stories|news|guides|resources)\b/i;

/** Whether a Markdown line (a paragraph or lone link, not a heading, list item or table row) is only a control's label. */
export function isControlLabel(line: string): boolean {
  const text = line.trim();
  if (!text || text.startsWith("#") || isListItemOrRow(text)) return false;
  const unlinked = withoutLinkTargets(text);
  const plain = unlinked
    // regex-linear: each try reads at most 203 characters (the quantifier's bound)
    .replace(/!\[[^\]]{0,200}\]/g, "")
    .replace(/[*_\\[\]]/g, "")
    .trim();
  if (CONTROL_LABEL.test(plain)) return true;
  // One link and nothing else: "[All content about …](…)".
  const oneLink = unlinked.startsWith("[") && unlinked.endsWith("]") && unlinked.indexOf("](") < 0 && !unlinked.slice(1, -1).includes("[");
  return oneLink && MORE_LINK.test(plain);
}

/** The Markdown without its lines that are only a control's label (code is never read). */
export function withoutControlLabels(markdown: string): string {
  return withoutLinesWhere(markdown, isControlLabel);
}

// A list entry that is only a number, linked or not ("- 2", "- [3](…)"), or a pager's ellipsis.
const NUMBER_ENTRY = /^\s*(?:[-*+]|\d+[.)])\s+(?:\[(\d{1,4}|…|\.\.\.)\]\([^)\s]*\)|(\d{1,4}|…|\.\.\.))\s*$/;
// An entry that is only the number 1, linked or not: where such a list begins.
const FIRST_ENTRY = /^[ \t]*(?:[-*+]|\d+[.)])[ \t]+(?:\[1\]\([^)\s]*\)|1)[ \t]*$/m;

/**
 * The Markdown without its lists that are only their own places: a slider's dots, a gallery's or a
 * results page's page numbers, or a code block's line numbers set beside it, drawn as a list once
 * their look is gone ("- 1", "- 2", "- 3", "1 2 3 … 20"). A whole list of at least
 * numberListMinEntries entries, each only a number (linked or not) or a pager's ellipsis, whose first
 * entries count 1, 2, 3, … goes; a list of figures ("- 120", "- 45") stays, and so does a list with any
 * other entry (code is never read).
 */
export function withoutNumberLists(markdown: string): string {
  // Most texts have no entry "1" at all: one pass over the text spares splitting it into lines.
  if (!FIRST_ENTRY.test(markdown)) return markdown;
  const lines = markdown.split("\n");
  const code = codeLines(lines);
  const cut = new Array<boolean>(lines.length).fill(false);
  for (let i = 0; i < lines.length; ) {
    let j = i;
    const numbers: string[] = [];
    for (; j < lines.length && !code[j]; j++) {
      const entry = NUMBER_ENTRY.exec(lines[j]!);
      if (!entry) break;
      numbers.push(entry[1] ?? entry[2]!);
    }
    // The whole list: no other entry of it right before or after the run.
    const whole = !(i > 0 && isListItemOrRow(lines[i - 1]!.trim())) && !(j < lines.length && isListItemOrRow(lines[j]!.trim()));
    if (whole && countsFromOne(numbers)) cut.fill(true, i, j);
    i = Math.max(j, i + 1);
  }
  return cutLines(markdown, lines, cut).markdown;
}

/** Whether there are at least numberListMinEntries numbers and the first of them are 1, 2, 3, … (a pager may skip later). */
function countsFromOne(numbers: string[]): boolean {
  const first = numbers.slice(0, THRESHOLDS.numberListMinEntries);
  return first.length === THRESHOLDS.numberListMinEntries && first.every((n, k) => n === String(k + 1));
}
