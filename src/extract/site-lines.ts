/**
 * Lines about the page rather than of it, which the page's markup sets apart in no way the clean-up can
 * read: the site's copyright notice ("© 2026 Example Ltd. All rights reserved.", often a plain <p> in a
 * <div> no name marks), a byline standing alone ("Written by Jane Doe" under the last paragraph), the
 * site's notices (a licence footer, a comment form's consent line, a feed's "The post … appeared first
 * on …", a PHP error its server printed into the page), its notice that it sets cookies (a consent
 * banner no name marks), the stand-in for an embed that waits for the reader's consent, and an affiliate
 * disclosure opening or closing the text or said twice in it. Read on the Markdown, line by line.
 */
import { codeLines, filledLines, headingRank, isPicturesLine, paragraphText, withoutLinesWhere } from "./markdown.ts";
import { THRESHOLDS } from "./thresholds.ts";
import { wordCount } from "./words.ts";

// A notice opens with the sign or the word and a year, or says the rights are reserved: not "Copyright
// law protects …", a sentence about copyright.
// The reservation in the other languages most pages are in counts too ("Alle Rechte vorbehalten", "Tous
// droits réservés", "Materiał chroniony prawem autorskim").
const COPYRIGHT =
  /^(?:all contents\s+)?(?:©|\(c\)\s*(?:19|20)\d\d|copyright\s*(?:©|\(c\)|(?:19|20)\d\d))|\ball rights reserved\b|\balle rechte vorbehalten\b|\btous droits réservés\b|\btodos los derechos reservados\b|\btutti i diritti riservati\b|\btodos os direitos reservados\b|\balle rechten voorbehouden\b|\bwszelkie prawa zastrzeżone\b|^materiał chroniony prawem autorskim\b/iu;
// "Written by Jane Doe", "Posted by admin on May 2", "Reviewed by,": the line is only who wrote it;
// not "Edited by …", which heads a collection's own credits.
const BYLINE = /^(?:written|posted|reviewed|authored) by\b/i;
// "in [Smart Home](…)": the category a post was filed in, a line of its own under the title.
// The white space between two categories is read in one run, or around the separator: two runs side
// by side tried every split of a long run of spaces (quadratic).
const CATEGORY_LINE = /^in \[[^\]]{1,60}\]\([^)\s]+\)(?:\s*(?:[,|·]\s*)?\[[^\]]{1,60}\]\([^)\s]+\))*$/i;
/**
 * What a comment form says to ask for a comment, in English and the other languages most pages are in:
 * "Leave a Reply", "Write a comment", "Schreibe einen Kommentar", "Diesen Artikel kommentieren",
 * "Laisser un commentaire". Not "Add a comment", which a question-and-answer thread prints under each
 * post. A line of its own here (SITE_NOTICE); a heading in end-sections.ts.
 */
export const COMMENT_ASKS = [
  "(?:leave|post|write) (?:a|your) (?:comment|reply|response)",
  "schreibe(?:n sie)? einen kommentar|kommentar (?:schreiben|verfassen|hinterlassen|abgeben)|(?:diesen |den )?(?:artikel|beitrag) kommentieren",
  "laisser un commentaire|(?:deja|dejar) (?:un comentario|una respuesta)|lascia un commento|deixe (?:um comentário|uma resposta)",
  "plaats een reactie|geef een reactie|zostaw komentarz|dodaj komentarz",
];

// The site's notices, the whole paragraph: a licence footer ("Except as otherwise noted, the content of
// this page is licensed under the Creative Commons …"), a comment form's lines ("By posting a comment,
// you consent …", "Your email address will not be published.") and a feed's footer ("The post … appeared
// first on …", a theme's "This entry was posted in …"). Not "This article is distributed under the terms of
// …", a paper's own licence.
const SITE_NOTICE = new RegExp(
  [
    String.raw`^except as otherwise noted\b.{0,80}\blicensed\b`,
    String.raw`^(?:the )?(?:content|text)s? (?:of this (?:page|site|website) )?(?:is|are) (?:available |licensed )?under (?:the |a )?(?:creative commons|cc[ -]by)\b`,
    // The same site-wide licence in German and French: "Die Inhalte dieser Website sind unter einer
    // Creative Commons-Lizenz lizenziert.", "Le contenu de ce site est sous licence Creative Commons".
    String.raw`^(?:die )?inhalte (?:dieser|der) (?:website|webseite|seite) (?:sind|stehen) unter (?:einer|der) (?:creative[- ]commons|cc[ -]by)\b|^le contenu de ce site (?:est (?:mis à disposition )?sous (?:licence|les termes de la licence)|est publié sous) (?:creative commons|cc[ -]by)\b`,
    String.raw`^by (?:posting|submitting|leaving) (?:a|this|your) comment\b`,
    String.raw`^your email address will not be published\b`,
    String.raw`^this site uses akismet\b`,
    String.raw`^you must be (?:logged|signed) in to post a comment\b`,
    "^the post .{3,250} appeared first on .{2,100}$",
    String.raw`^comments are closed\b`,
    // A blog theme's line of feed and trackback links under the comments: "Comment RSS · TrackBack URI",
    // "Kommentarfeed | Kommentare geschlossen | Trackback-URL", "TrackBack URL http://…/trackback".
    String.raw`^(?:(?:comments?[ -](?:rss|feed)|kommentar-?(?:feed|rss)|kommentare (?:geschlossen|rss)|comments (?:are )?closed|track-?back(?:[- ]?(?:url|uri|adresse))?:?(?: https?:\/\/\S+)?)(?:\s*[|·•]\s*|\s*$))+$`,
    // A PHP error the site's server printed into the page: "Warning: Creating default object from empty
    // value in /www/htdocs/…/classes.php on line 407".
    String.raw`^(?:php )?(?:warning|notice|deprecated|strict standards|(?:catchable )?fatal error|parse error): .{1,300} in /\S+\.php on line \d+$`,
    // An empty comment section's line, the whole of it: "No comments yet.", "No Response so far", "Be the
    // first to comment!", "Keine Kommentare (Kommentare erscheinen erst nach unserer Freigabe)": a note
    // that comments wait for approval may follow, in brackets.
    String.raw`^(?:(?:there are )?no (?:comments?|responses?|replies)(?: yet| so far)?|be the first to (?:comment|reply|respond)(?: on this (?:post|article))?)[\s.!:]*$`,
    String.raw`^(?:(?:(?:bisher|noch|leider) )?keine kommentare(?: vorhanden)?|leider sind keine kommentare möglich|sei der erste, der (?:einen kommentar schreibt|kommentiert)|aucun commentaire(?: pour le moment)?|(?:todavía )?no hay comentarios(?: todavía)?|sin comentarios|(?:ancora )?nessun commento|(?:ainda )?(?:nenhum comentário|sem comentários)|(?:nog )?geen reacties|brak komentarzy)[\s.!:]*(?:\((?:die )?kommentare (?:erscheinen|werden) (?:erst )?nach [^()]{1,60}\))?$`,
    // A comment form's prompt left as a line of its own, the whole of it (COMMENT_ASKS).
    `^(?:${COMMENT_ASKS.join("|")})[\\s.!:]*$`,
    // A blog theme's filing line under the post: "This entry was posted in [News] and tagged [x].
    // Bookmark the permalink.", in the theme's own words in each language.
    String.raw`^this (?:entry|post) was posted (?:on .{1,60} )?(?:in|under)\b|^bookmark the permalink\b`,
    String.raw`^(?:der|dieser) (?:beitrag|eintrag) wurde (?:am .{1,60} )?veröffentlicht (?:und wurde )?(?:in|unter)\b|^erstellt am .{1,80}\babgelegt unter\b`,
    String.raw`^ce (?:contenu|billet|article) a été publié dans\b|^cette entrée a été publiée dans\b|^esta entrada (?:fue|foi) publicada en?\b|^questa voce è stata pubblicata in\b|^dit bericht (?:werd|is) geplaatst in\b|^ten wpis został opublikowany w\b`,
    // The same comment-form lines in the other languages most pages are in (de, fr, es, it, pt, nl, pl).
    "^(?:deine|ihre) e-mail-adresse wird nicht veröffentlicht|^diese (?:website|seite) verwendet akismet|^(?:du musst|sie müssen) (?:angemeldet|eingeloggt) sein,? um (?:einen )?kommentar|^(?:die )?kommentare sind (?:geschlossen|deaktiviert)|^nur angemeldete benutzer können kommentieren",
    "^votre adresse (?:e-mail|de messagerie|email) ne sera pas publiée|^ce site utilise akismet|^vous devez (?:être connecté|vous connecter) pour (?:publier|poster) un commentaire|^les commentaires sont fermés",
    "^tu (?:dirección de )?correo electrónico no será publicad[ao]|^este sitio usa akismet|^debes (?:estar registrado|iniciar sesión|estar conectado) para publicar un comentario|^los comentarios están cerrados",
    "^il tuo indirizzo email non sarà pubblicato|^questo sito usa akismet|^devi essere (?:connesso|registrato) per (?:inviare|pubblicare) un commento|^i commenti sono chiusi",
    "^o seu (?:endereço de )?e-?mail não será publicado|^este site (?:utiliza|usa) o akismet|^(?:os )?comentários (?:estão )?(?:encerrados|fechados)",
    "^je e-?mailadres wordt niet gepubliceerd|^deze site gebruikt akismet|^reacties zijn gesloten",
    "^twój adres e-?mail nie zostanie opublikowany|^ta (?:witryna|strona) (?:korzysta z|używa) akismet|^komentarze są (?:wyłączone|zamknięte)",
  ].join("|"),
  "i",
);
// An affiliate disclosure: "This post contains affiliate links", "we may earn a commission", "As an
// Amazon Associate I earn from qualifying purchases".
const DISCLOSURE =
  /\baffiliate[- ]links?\b|\bprovisions-?links?\b|\bliens? (?:d['’]affiliation|affiliés?)\b|\benlaces? (?:de )?afiliad[oa]s?\b|\blink (?:di )?affiliazione\b|\bearn (?:us |a small |an? )?(?:small )?commissions?\b|\bmay (?:earn|receive|get) (?:us )?(?:a )?(?:small )?(?:commissions?|compensation)\b|\bqualifying purchases\b/i;

// A site's notice that it sets cookies, the whole paragraph's point, in the languages most pages are in
// (en, de, fr, es, it, pt, nl, pl): "We use cookies to improve …", "By continuing to use this site you
// agree to our use of cookies", "Durch die weitere Nutzung der Seite stimmst du der Verwendung von
// Cookies zu", "Cookies erleichtern die Bereitstellung unserer Dienste", "Ce site utilise des cookies",
// and an embed's stand-in shown until the reader allows its cookies ("This content isn't visible due to
// your cookie preferences"). Not a sentence that only mentions cookies ("delete your cookies and click
// the link again", a recipe's cookie sheet).
const COOKIE_NOTICE = new RegExp(
  [
    String.raw`\b(?:we|this (?:site|website|page)|our (?:site|website)s?) (?:use|uses|are using|also use)\b.{0,40}\bcookies\b`,
    String.raw`\bby (?:continuing to (?:use|browse)|using|browsing) (?:this|our) (?:site|website)\b.{0,120}\bcookies\b`,
    String.raw`\b(?:you (?:agree|consent) to|accept) (?:the|our) use of cookies\b`,
    String.raw`\bdue to your cookie (?:preferences|settings)\b`,
    String.raw`\bwir (?:verwenden|nutzen|benutzen|setzen)\b.{0,40}\bcookies\b|\bdiese (?:website|webseite|seite) (?:verwendet|nutzt|benutzt)\b.{0,20}\bcookies\b`,
    String.raw`\b(?:verwendung|einsatz|nutzung|speicherung) von cookies zu\b|\bdass wir cookies (?:verwenden|nutzen|einsetzen)\b`,
    String.raw`^cookies (?:erleichtern|optimieren|helfen uns)\b`,
    String.raw`\b(?:nous utilisons|ce site (?:web |internet )?utilise)\b.{0,40}\bcookies\b|\bvous acceptez l['’]utilisation (?:de|des) cookies\b`,
    String.raw`\b(?:utilizamos|usamos|este (?:sitio|site)(?: web)? (?:utiliza|usa))\b.{0,40}\bcookies\b|\baceptas? (?:el uso|la utilización) de (?:las )?cookies\b`,
    String.raw`\b(?:utilizziamo|usiamo|questo sito(?: web)? (?:utilizza|usa))\b.{0,40}\bcookie\b`,
    String.raw`\b(?:wij|we) gebruiken\b.{0,40}\bcookies\b|\bdeze (?:site|website) gebruikt\b.{0,20}\bcookies\b`,
    String.raw`\b(?:używamy|ta strona (?:używa|korzysta z))\b.{0,40}\b(?:cookies?|ciasteczek)\b`,
  ].join("|"),
  "iu",
);
const COOKIE = /cookie/i;

// The stand-in a site shows for an embedded post, video or map until the reader allows its provider:
// "Wir respektieren deine Privatsphäre und stellen deshalb ohne dein Einverständnis keine Verbindung zu
// Twitter her", "Um Deine persönlichen Daten zu schützen, haben wir das automatische Laden der Inhalte
// von twitter.com blockiert", "Mit dem Laden des Videos akzeptieren Sie die Datenschutzerklärung von
// YouTube", "To view this content, please accept …". The embed itself is not in the page.
const EMBED_PLACEHOLDER = new RegExp(
  [
    String.raw`\bohne (?:dein|ihr|euer) einverständnis keine verbindung zu\b`,
    String.raw`\bhaben wir das (?:automatische )?laden (?:der|des|von) .{1,60}\bblockiert\b`,
    "^mit dem laden (?:des|der) (?:videos?|inhalts?|inhalte|tweets?|karte|beitrags?|podcasts?) akzeptier",
    String.raw`^(?:this|the) (?:content|video|tweet|post|embed|map) (?:is|has been) blocked\b.{0,80}\b(?:consent|cookies?|privacy|accept|allow)\b`,
    String.raw`^to (?:view|see|load|watch|play) (?:this|the) (?:content|video|tweet|post|map|embed),? (?:please )?(?:accept|enable|allow|consent to)\b`,
    // The stand-in's label alone: "Externer Inhalt", "External content", "Contenu externe".
    "^(?:externer inhalt|external content|contenu externe|contenido externo|contenuto esterno|conteúdo externo|externe inhoud|treść zewnętrzna)[.:]?$",
  ].join("|"),
  "iu",
);

/** Whether a Markdown line is a paragraph (not a heading, list item or table row) of at most `maxChars` characters of plain text that `pattern` finds. */
function shortParagraphMatching(line: string, maxChars: number, pattern: RegExp): boolean {
  const text = paragraphText(line);
  return text !== null && text.length <= maxChars && pattern.test(text);
}

/** Whether a Markdown line is the stand-in for an embed its provider's consent would load (a paragraph of at most cookieNoticeMaxChars characters). */
export function isEmbedPlaceholder(line: string): boolean {
  return shortParagraphMatching(line, THRESHOLDS.cookieNoticeMaxChars, EMBED_PLACEHOLDER);
}

/** Whether a Markdown line is the site's notice that it sets cookies (a paragraph of at most cookieNoticeMaxChars characters). */
export function isCookieNotice(line: string): boolean {
  return shortParagraphMatching(line, THRESHOLDS.cookieNoticeMaxChars, COOKIE_NOTICE);
}

/**
 * The Markdown without the site's notices that it sets cookies: a banner no name marks (a plain <div>
 * with an OK button) stays in the page's text, usually last. Only where every line that mentions
 * cookies is such a notice: a privacy policy, or an article about cookies, says "we use cookies" among
 * lines about them that are no notice, and keeps all of them (code is never read).
 */
export function withoutCookieNotices(markdown: string): string {
  if (!COOKIE.test(markdown)) return markdown;
  const lines = markdown.split("\n");
  const code = codeLines(lines);
  const notices = new Set<number>();
  for (let i = 0; i < lines.length; i++) {
    if (code[i] || !COOKIE.test(lines[i]!)) continue;
    if (!isCookieNotice(lines[i]!)) return markdown;
    notices.add(i);
  }
  return notices.size ? withoutLinesWhere(markdown, (_, i) => notices.has(i)) : markdown;
}

/** Whether a Markdown line is the site's copyright notice (at most copyrightLineMaxChars characters). */
export function isCopyrightLine(line: string): boolean {
  return shortParagraphMatching(line, THRESHOLDS.copyrightLineMaxChars, COPYRIGHT);
}

/** Whether a Markdown line is nothing but a byline (at most bylineMaxChars characters). */
export function isBylineLine(line: string): boolean {
  return shortParagraphMatching(line, THRESHOLDS.bylineMaxChars, BYLINE);
}

/** Whether a Markdown line is only the category a post was filed in ("in [Smart Home](…)"). */
export function isCategoryLine(line: string): boolean {
  return CATEGORY_LINE.test(line.trim());
}

/** Whether a Markdown line is one of the site's notices (at most siteNoticeMaxChars characters). */
export function isSiteNotice(line: string): boolean {
  return shortParagraphMatching(line, THRESHOLDS.siteNoticeMaxChars, SITE_NOTICE);
}

/**
 * Whether a Markdown line is an affiliate disclosure: a paragraph of at most disclosureMaxChars
 * characters that says so within its first disclosureLeadChars ("Disclosure: this post contains
 * affiliate links …"); a paragraph ending on "(affiliate link)" after the writer's own words stays.
 */
export function isDisclosure(line: string): boolean {
  const text = paragraphText(line);
  if (text === null || text.length > THRESHOLDS.disclosureMaxChars) return false;
  const found = DISCLOSURE.exec(text);
  return found !== null && found.index < THRESHOLDS.disclosureLeadChars;
}

/** The Markdown without its copyright notices (code is never read). */
export function withoutCopyrightLines(markdown: string): string {
  return withoutLinesWhere(markdown, isCopyrightLine);
}

/** The Markdown without its lone bylines and category lines (code is never read). */
export function withoutBylines(markdown: string): string {
  return withoutLinesWhere(markdown, (line) => isBylineLine(line) || isCategoryLine(line));
}

/** The Markdown without the site's notices (code is never read). */
export function withoutSiteNotices(markdown: string): string {
  return withoutLinesWhere(markdown, isSiteNotice);
}

/**
 * The Markdown without an affiliate disclosure among its first or last disclosureEdgeLines lines of
 * text (headings and lines of pictures not counted: a post's title and picture stand above its notice):
 * where a site sets its notice, above the article or under it. One in the middle of the text is the
 * writer's own aside, which a page keeps as often as not, unless the text says it twice word for word
 * (a product box's "Bei den Verlinkungen handelt es sich um Affiliate Links" under each box): an aside
 * is not repeated. Code is never read.
 */
export function withoutDisclosures(markdown: string): string {
  const lines = markdown.split("\n");
  const code = codeLines(lines);
  const text = filledLines(lines).filter((i) => !code[i] && headingRank(lines[i]!) > 6 && !isPicturesLine(lines[i]!));
  const edge = THRESHOLDS.disclosureEdgeLines;
  const atEdge = new Set([...text.slice(0, edge), ...text.slice(-edge)]);
  const seen = new Map<string, number>();
  for (const i of text) {
    const key = lines[i]!.trim();
    seen.set(key, (seen.get(key) ?? 0) + 1);
  }
  return withoutLinesWhere(markdown, (line, i) => (atEdge.has(i) || (seen.get(line.trim()) ?? 0) > 1) && isDisclosure(line));
}

// What a bio says of its writer right after the name: "Jane Doe is a freelance writer …", "Karina holds an
// MBA …", "Inga Buller ist Head of Social …", in the languages most pages are in. (A lookahead, not \b,
// which is ASCII's and finds no end after "è" or "é".)
const BIO_VERB =
  /^(?:is|was|has|writes|covers|lives|teaches|works|holds|started|founded|co-founded|studied|specializes|specialises|joined|leads|graduated|ist|war|schreibt|arbeitet|lebt|est|écrit|vit|es|fue|escribe|vive|è|scrive|é|escreve|schrijft|woont|jest|pisze)(?=[\s,.:;]|$)/u;

// A bio box's label before the name: "About the author: Jane Doe is …", "Über die Autorin: …".
const BIO_LABEL =
  /^(?:about the (?:author|writer)|über (?:den autor|die autorin)|à propos de l['’]auteur|sobre (?:el autor|la autora))\s*[:：.—–-]?\s*/iu;

// What may stand between the name and its verb: a title or two set off by commas ("Jane Doe, Editor,
// Running Reviews, studied journalism …").
const APPOSITION = /^(?:,[^,.;:]{1,40}){1,2},\s+/u;

// A byline's words that name no one: a team's, a desk's or a company's name is not a person's first name.
const NOT_A_PERSON = /^(?:the|our|by|dr|mr|mrs|ms|prof|team|staff|editors?|editorial|desk|newsroom|official|inc|llc|ltd|media|news)\.?$/iu;

// A first name as people write theirs: a capital and small letters, maybe joined by a hyphen ("Karina",
// "Jean-Luc"); not an acronym ("QCY Official" is a company's byline).
const FIRST_NAME = /^\p{Lu}\p{Ll}+(?:[-'’]\p{Lu}?\p{Ll}+)*$/u;

/** The names of a byline ("Jane Doe and Ann Lee", "Jane Doe, Ann Lee"): two words or more each. */
function bylineNames(byline: string): string[] {
  return byline
    .split(/(?:(?<!\s)\s+)?(?:,|;|&|\band\b|\bund\b|\bet\b|\by\b|\be\b|\ben\b|\bi\b)\s*/u)
    .map((name) => name.replace(/^by\s+/i, "").trim())
    .filter((name) => name.split(/\s+/).length >= 2);
}

/**
 * The forms a bio may give a byline's name in: the name as the byline writes it, without a parenthesis
 * ("Jean-Luc Aufranc (CNXSoft)"), and the first name alone ("Karina holds …") when the name is a
 * person's: two or three capitalised words, none a team's or a title's word (NOT_A_PERSON).
 */
function nameForms(names: string[]): string[] {
  const forms = new Set<string>();
  for (const name of names) {
    forms.add(name);
    const bare = name.replace(/(?:(?<!\s)\s+)?\([^()]*\)/gu, "").trim();
    forms.add(bare);
    const parts = bare.split(/\s+/);
    if (parts.length <= 3 && parts.every((part) => /^\p{Lu}/u.test(part) && !NOT_A_PERSON.test(part)) && FIRST_NAME.test(parts[0]!))
      forms.add(parts[0]!);
  }
  return [...forms].filter((form) => form.length > 0);
}

/**
 * Whether a Markdown line (a paragraph or a quoted one) is a bio of the page's writer: at most
 * bioMaxChars characters beginning, after a bio box's label (BIO_LABEL), with one of the byline's names
 * (nameForms) and, after a title set off by commas, a verb saying what the writer is or does ("Jane Doe
 * is a freelance writer living in Denver. …").
 */
export function isAuthorBio(line: string, names: string[]): boolean {
  const text = paragraphText(line.replace(/^\s*>\s?/, ""));
  if (text === null || text.length > THRESHOLDS.bioMaxChars) return false;
  const unlabelled = text.replace(BIO_LABEL, "");
  return nameForms(names).some((name) => {
    if (!unlabelled.startsWith(name)) return false;
    const rest = unlabelled.slice(name.length);
    // The name ends at a space, or at a title set off by commas ("Amanda Furrer's" is no name's end).
    const after = rest.startsWith(" ") ? rest.slice(1) : APPOSITION.test(rest) ? rest.replace(APPOSITION, "") : null;
    return after !== null && BIO_VERB.test(after);
  });
}

/**
 * The Markdown without a bio of the page's writer (`byline`, the page's author) among its last
 * bioEdgeLines lines that hold text: the box about the author under a post, which its template sets
 * apart in no way the clean-up can read.
 */
export function withoutAuthorBio(markdown: string, byline: string): string {
  const names = bylineNames(byline);
  if (!names.length) return markdown;
  const filled = filledLines(markdown.split("\n"));
  const atEnd = new Set(filled.slice(-THRESHOLDS.bioEdgeLines));
  return withoutLinesWhere(markdown, (line, i) => atEnd.has(i) && isAuthorBio(line, names));
}

// A picture's credit label: "Image source: Getty Images", "Photo: Jane Doe", "Titelbild: …", "Crédit
// photo : …", the label and then only whose picture it is.
const CREDIT_WORDS = String.raw`image source|image credits?|photo(?:graph)? credits?|photos?|credits?|featured image|header image|cover image|fotos?|bild|titelbild|beitragsbild|bildquelle|fotoquelle|crédits? photos?|fuente de la imagen|zdjęcie|fot\.`;
const CREDIT_LABEL = new RegExp(String.raw`^(?:${CREDIT_WORDS})\s*[:：]\s*`, "iu");

/** How a credit line can begin, its emphasis or link mark aside: a cheap first test of every line. */
const CREDIT_START = new RegExp(String.raw`^[\s*_[]*(?:${CREDIT_WORDS})`, "iu");

/**
 * Whether a Markdown line is only a picture's credit: a credit label and at most creditMaxWords words
 * naming whose picture it is ("Image source: Getty Images.", "Foto: dpa"), not a caption's sentence
 * ("Bild: Die neuen Darsteller der Serie bei der Premiere in München, von links …").
 */
export function isCreditLine(line: string): boolean {
  // Most lines fail here, before the cost of their plain text.
  if (!CREDIT_START.test(line)) return false;
  const text = paragraphText(line);
  if (text === null) return false;
  const label = CREDIT_LABEL.exec(text);
  if (!label) return false;
  const rest = text.slice(label[0].length);
  return rest.length > 0 && wordCount(rest) <= THRESHOLDS.creditMaxWords;
}
