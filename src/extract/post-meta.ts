/**
 * Lines of a post's meta data standing alone, which a blog's or news site's template sets beside the
 * title or under the text in markup no name marks: the reading time ("5 min read", "Reading time: 8
 * minutes") and the tags it was filed under ("Tags: [Helena](…), [smart thermostat](…)", "Category:
 * Personal Finance 101"), in the languages most pages are in ("Lesezeit: 3 Minuten", "Kategorie: News"),
 * a rating widget that holds no rating yet ("(Noch keine Bewertungen)"), a count of its views ("Post
 * Views: 22", "1,693 views") and when it was published or updated ("Updated March 2, 2026",
 * "Veröffentlicht am 26. Oktober 2023"), and its permalink ("Permalink: https://…", also as a list item).
 * They are about the post, not of it. Read on the Markdown, line by line; a line saying more ("Mar 7,
 * 2026 | 4 min read", a teaser's date and reading time) stays, and so do list items (but the
 * permalink's), headings and table rows.
 */
import { itemOrParagraphText, paragraphText } from "./markdown.ts";
import { THRESHOLDS } from "./thresholds.ts";

// "5 min read", "3 minute read", "3 MIN. READ", "Reading time: 8 minutes", "Reading time" (its figure on
// the next line), "Est. reading time: 4 minutes". Not a bare "6 min", a recipe's or a video's duration.
const READING_TIME =
  /^(?:(?:(?:est(?:imated|\.)?\s+)?reading time|read time)\s*(?::\s*)?(?:(?:about |less than |under )?(?:\d+|an?|one)\s*(?:min(?:ute)?s?\.?|mins?\.?))?|(?:\d+|one|two|three|four|five|ten)\s*(?:[-–]\s*)?(?:min(?:ute)?s?\.?)\s+read)$/i;
// The reading time in the other languages most pages are in (de, fr, es, it, pt, nl, pl): "Lesezeit: 3
// Minuten", "4 Min. Lesezeit", "Temps de lecture : 5 min", "3 min de lectura", "Tempo di lettura: 4 minuti",
// "Leestijd: 2 minuten", "Ten tekst przeczytasz w mniej niż minutę".
const READING_TIME_ELSEWHERE = new RegExp(
  [
    String.raw`^(?:lesezeit|lesedauer|temps de lecture|(?:tiempo de )?lectura|tempo di lettura|tempo de leitura|leestijd|czas czytania)\s*(?::\s*)?(?:ca\.\s*|environ\s*)?(?:\d+|eine?|une?)\s*(?:min(?:uten?|utes?|utos?|uti|uto|uut|ut[ayę]?)?\.?)$`,
    String.raw`^(?:\d+|eine?)\s*min(?:uten?|utos?|uti|\.)?\s+(?:lesezeit|lesedauer|de lectura|di lettura|de leitura|leestijd|de lecture)$`,
    String.raw`^ten tekst przeczytasz w (?:mniej niż minutę|\d+ minut[ęy]?)$`,
  ].join("|"),
  "iu",
);
// "Tags: …", "Tagged with …:", "Topics: …", "Category: …", "Categories: …", "Labels: …", "Keywords: …":
// a label and the names it files the post under. Not "Filed under: …", which a catalogue's entries
// state as their own subject.
const TAG_LINE = /^(?:tags?|tagged(?: with| in)?|topics?|categor(?:y|ies)|labels?|keywords)\s*:/i;
// The same labels in the other languages most pages are in ("Schlagworte:", "Kategorie:", "Mots-clés :",
// "Etiquetas:", "Categorie:", "Trefwoorden:", "Tagi:"), read only with links after them or nothing: an
// awards list's "Kategorie: *Kinderbuch*" under each prize is the page's own text.
const TAG_LINE_ELSEWHERE =
  /^(?:schlagw[oö]rte?|stichw[oö]rte?|kategorien?|rubriken?|[ée]tiquettes?|mots[- ]cl[ée]s|cat[ée]gories?|etiquetas|categor[íi]as?|etichette|categorie(?:ën)?|trefwoorden|tagi|kategori[ae]|słowa kluczowe)\s*:/iu;
// A rating widget that holds no rating yet, the whole line: "(No ratings yet)", "(Noch keine Bewertungen)".
const NO_RATING =
  /^\(?(?:no ratings? yet|not yet rated|noch keine bewertungen?|(?:aucune|pas encore de) (?:note|évaluation)s?|sin valoraciones(?: todavía)?|nessuna valutazione|nog geen beoordelingen|brak ocen)\)?[.!]?$/iu;

// The post's permalink, the label alone or with its address, as a paragraph or a list item: "Permalink:
// https://…", "- Permalien https://p.dw.com/p/RPYx", "Enlace permanente".
const PERMALINK =
  /^(?:permalink|permalien|permalänk|enlace permanente|link permanente|permanente link|stały link)\s*(?::\s*)?(?:<?https?:\/\/\S+>?)?$/iu;

// A view counter, the whole line: "Post Views: 22", "1,693 views", "Aufrufe: 1120", "Vues : 3 456".
const VIEW_COUNT =
  /^(?:(?:post |page )?views|aufrufe|seitenaufrufe|vues|visualizaciones|visualizzazioni|visualizações|weergaven|wyświetle(?:nia|ń))\s*:\s*\d[\d.,\s]*$|^\d[\d.,]*\s*(?:[km]\s*)?(?:views|aufrufe|vues|visualizaciones|visualizzazioni|visualizações|weergaven|wyświetle(?:nia|ń))$/iu;

// When the post was published or updated, the whole line: a label and a date, with its time: "Updated
// March 2, 2026", "Posted on April 22, 2022", "Published: 2024-05-01", "Veröffentlicht am 26. Oktober 2023",
// "Publiziert: 03.04.2020, 12:35", "Publicado el 03/05/2022 a las 22h03", "Erstellt am: 30.01.2022 18:36".
const DATE_WORDS = String.raw`(?:\p{L}+\.?\s+\d{1,2}(?:st|nd|rd|th)?,?\s+\d{4}|\d{1,2}\.?\s+(?:de\s+)?\p{L}+\.?\s+(?:de\s+)?\d{4}|\d{1,2}[./-]\d{1,2}[./-]\d{2,4}|\d{4}-\d{2}-\d{2})`;
const TIME_WORDS = String.raw`(?:,?\s*(?:(?:um|at|à|a las|alle|om|o)\s*)?\d{1,2}[:.h]\d{2}(?:\s*(?:uhr|am|pm|h))?)?`;
const DATE_LINE = new RegExp(
  String.raw`^(?:(?:last )?(?:updated|published|posted)(?: on)?|publiziert(?: am)?|veröffentlicht(?: am)?|aktualisiert(?: am)?|erstellt am|zuletzt aktualisiert(?: am)?|publié le|mis à jour le|publicado(?: el)?|actualizado(?: el)?|pubblicato(?: il)?|aggiornato(?: il)?|gepubliceerd(?: op)?|bijgewerkt(?: op)?|opublikowano|zaktualizowano)\s*(?::\s*)?(?:\p{L}+,?\s+)?${DATE_WORDS}${TIME_WORDS}$`,
  "iu",
);

/** Whether a Markdown line (a paragraph or a list item) is only the post's permalink (PERMALINK). */
function isPermalinkLine(line: string): boolean {
  const text = itemOrParagraphText(line);
  return text !== null && PERMALINK.test(oneSpaced(text));
}

/**
 * Whether a Markdown line is a post's meta data standing alone: its reading time, its tags, an empty
 * rating, its views, its date or its permalink (a list item too). Every line of a text is asked: its
 * plain text is read once.
 */
export function isPostMetaLine(line: string): boolean {
  const text = paragraphText(line);
  if (text === null) return isPermalinkLine(line);
  const plain = oneSpaced(text);
  const trimmed = text.trim();
  return (
    readingTime(plain) ||
    tagLine(text, line) ||
    NO_RATING.test(trimmed) ||
    VIEW_COUNT.test(trimmed) ||
    DATE_LINE.test(plain) ||
    PERMALINK.test(plain)
  );
}

/** A paragraph's plain text with its runs of white space as one space, trimmed. */
const oneSpaced = (text: string) => text.replace(/\s+/g, " ").trim();

/** Whether a paragraph's one-spaced plain text is only a reading time. */
function readingTime(plain: string): boolean {
  return READING_TIME.test(plain) || READING_TIME_ELSEWHERE.test(plain);
}

/** Whether a paragraph's plain text is only a tag line (the label elsewhere needs links on its `line` or nothing after it). */
function tagLine(text: string, line: string): boolean {
  if (text.length > THRESHOLDS.tagLineMaxChars) return false;
  if (TAG_LINE.test(text)) return true;
  const label = TAG_LINE_ELSEWHERE.exec(text);
  return label !== null && (text.length === label[0].length || line.includes("]("));
}
