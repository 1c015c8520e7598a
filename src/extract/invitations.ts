/**
 * Invitations to a newsletter set among an article's paragraphs or below it ("Want more? Sign up for
 * our newsletter, …", "Join our mailing list!", "Get the best of …, delivered to your inbox"). The
 * site's box around them is often a plain <div> that no name marks, and its form is gone by the time
 * the Markdown is written, so what is left reads like a paragraph. Also the site's other asks left as
 * lines: to log in or sign up, to follow it elsewhere (its channel, its app, its notifications), to
 * donate, become a member or share, and a paywall's prompt where the story stops; in English and the
 * other languages most pages are in. Read on the Markdown, line by line.
 */
import { blockLineText, codeLines, cutLines, itemOrParagraphText, withoutLinesWhere } from "./markdown.ts";
import { THRESHOLDS } from "./thresholds.ts";

// The invitation itself, not a mention: a newsletter, mailing list or inbox the reader is asked to
// join ("sign up for our weekly newsletter", "straight to your inbox"), not "I subscribe to 28
// newsletters" or "send newsletters to your subscribers".
const INVITATION = new RegExp(
  [
    String.raw`\b(?:sign up|subscribe|register)(?: now| today)? (?:for|to) (?:our|the|my) (?:[\w'’-]+ ){0,3}(?:newsletters?|mailing list|email list)\b`,
    String.raw`\bjoin (?:our|my|the) (?:[\w'’-]+ ){0,2}(?:newsletter|mailing list|email list)\b`,
    String.raw`\b(?:delivered|straight|directly|right) (?:\w+ )?(?:to|in|into) your inbox\b`,
    // "Do you want to be informed of our actions? Sign up here": the question is the invitation.
    String.raw`^(?:do you )?want to (?:be|stay|keep) (?:informed|updated|up to date|in touch)\b.{0,80}\b(?:sign up|subscribe)\b`,
    // The same in the other languages most pages are in: "Kostenlos zum Newsletter anmelden", "Abonnieren
    // Sie unseren Newsletter", "Abonnez-vous à notre newsletter", "Suscríbete a nuestro boletín",
    // "Iscriviti alla newsletter", "Schrijf je in voor onze nieuwsbrief", "Zapisz się do newslettera".
    String.raw`\b(?:zum|für den|für unseren|unseren) newsletter (?:an(?:melden|meldung)|abonnieren)\b|\babonnieren sie (?:jetzt )?(?:unseren|den) newsletter\b|\bmelden sie sich (?:jetzt )?(?:für|zu) (?:unseren|dem) newsletter an\b`,
    String.raw`\b(?:abonnez-vous|inscrivez-vous) à (?:notre|la) (?:newsletter|lettre d['’]information)\b|\bsuscr[íi]bete a (?:nuestr[oa]|la|el) (?:newsletter|bolet[íi]n)\b|\biscriviti alla (?:nostra )?newsletter\b|\bschrijf (?:je|u) in voor (?:onze|de) nieuwsbrief\b|\bzapisz się do (?:naszego )?newslettera\b|\bzapraszamy (?:też |również )?do subskrypcji\b`,
  ].join("|"),
  "iu",
);
// A prompt to log in or sign up, not a step of a how-to ("Log in to your console and click …" is a list
// item or a longer line): "Log in to save to favorites", "Join for free or log in", "Register for free
// site membership to access …", "Already have an account? Sign in".
const SIGN_IN = new RegExp(
  [
    String.raw`^(?:log ?in|sign ?in|sign ?up|join)\b(?: (?:now|today|here|free|for free|using [\w'’ -]{1,30}))?(?: (?:to|or)\b|[.!]?$)`,
    // "Register for Gifts" heads a registry's section: registering is a prompt when it is for free, now or to do something.
    String.raw`^register\b(?: (?:now|today|here))?(?: for free\b| (?:to|or)\b|[.!]?$)`,
    String.raw`^already (?:have|a|registered)\b.{0,40}\b(?:log ?in|sign ?in)\b`,
    // "Unlock advanced filters by registering for free!": what signing up would open.
    String.raw`^unlock\b.{0,40}\bby (?:registering|signing up|logging in|joining)\b`,
  ].join("|"),
  "i",
);
// A prompt to follow the site or its writer elsewhere ("Follow me on Instagram", "Join the Facebook
// group", "Stay connected with me!"), at the start of its line: "Want the insider scoop? Join my Facebook
// community" is the writer's own offer, and a sentence naming a network stays.
const NETWORK = "(?:facebook|instagram|twitter|pinterest|youtube|tiktok|linkedin|x|discord|telegram|whatsapp|threads|bluesky|mastodon)";
const FOLLOW = new RegExp(
  [
    // "Follow us on Telegram, Facebook …", "Join me on TikTok"; not "Follow the steps below to set up YouTube".
    String.raw`^(?:please )?(?:follow|find|like|join|connect with) (?:us|me)\b.{0,40}?\b${NETWORK}\b`,
    String.raw`^(?:please )?join (?:the|our|my)(?: [\w'’-]+)? ${NETWORK} (?:group|community|page|channel|server)\b`,
    String.raw`^stay connected with (?:me|us)\b`,
    // The same in the other languages most pages are in: "Folgen Sie uns auf Instagram", "Suivez-nous
    // sur Facebook", "Síguenos en X", "Seguici su Telegram", "Volg ons op LinkedIn", "Obserwuj nas na …".
    String.raw`^(?:folg(?:e|t|en sie) (?:uns|mir)|suivez-(?:nous|moi)|s[ií]guenos|s[ií]gueme|seguici|seguimi|siga-nos|segue-nos|volg (?:ons|mij)|obserwuj (?:nas|mnie))\b.{0,40}?\b${NETWORK}\b`,
    // The site named where "us" would be, with its handle or a second network: "Follow The Gleaner on
    // Twitter and Instagram @JamaicaGleaner"; "Follow the steps on YouTube" names neither.
    String.raw`^follow\b[^.!?]{1,60}?\bon ${NETWORK}\b(?:.{0,60}?\b${NETWORK}\b|.{0,40}?@\w)`,
    // Its notifications: "POPSUGAR Would Like To Send You Push Notifications.", "Allow notifications from
    // …", "… möchte Ihnen Benachrichtigungen senden".
    String.raw`\bwould like to send you (?:push )?notifications\b|^(?:allow|enable|turn on) (?:push )?notifications\b|\bmöchte (?:ihnen|dir) (?:push-?)?benachrichtigungen (?:senden|schicken)\b`,
    // Its app: "For the latest stories … download the Nationnews apps for iOS and Android", "Download
    // our free app"; not "Users can download the Threads app for iOS from today", news of an app.
    String.raw`^(?:for (?:the latest|breaking) (?:news|stories|updates)\b.{0,60}\b)?download (?:our (?:free )?(?:[\w'’-]+ )?apps?|the [\w'’-]+ apps?\b.{0,20}\bfor (?:ios|android|iphone))\b`,
  ].join("|"),
  "iu",
);
// A channel of the site's on a network, with the verb that asks the reader in ("¿Ya sabías que tenemos
// canal de Telegram? Únete …", "¡Mira lo que tiene nuestro canal de YouTube!", "Subscribe to our YouTube
// channel"): "In an interview on our YouTube channel, the founder said …" asks nothing and stays.
const OWN_CHANNEL = new RegExp(
  String.raw`\b(?:our|nuestro|tenemos|unser(?:em|en)?|notre|nostro|nosso) (?:(?:canal|kanal|channel|chaîne|canale)(?: (?:de|on|auf|sur|su|no|op))? ${NETWORK}\b|${NETWORK}[- ]?(?:channel|kanal|canal)\b)`,
  "iu",
);
const CHANNEL_ASK =
  /(?:^|[^\p{L}])(?:únete|unete|suscríbete|mira|join|subscribe|check out|tritt|abonniere|folge|schau|rejoignez|abonnez|iscriviti|seguici)(?![\p{L}])/iu;

// A paywall's prompt where the story stops for readers who do not subscribe, the line's whole point:
// "To view the full story, please subscribe to …", "If you're seeing this message but you're already a
// subscriber, you can log in …", "Subscribe to continue reading", "Möchten Sie weiterlesen?", "Ja. Ich bin
// Abonnent.", "Este contenido es exclusivo para suscriptores". Not "Already a subscriber? View your
// reports here", a shop's link for its buyers, nor a sentence about paywalls.
const PAYWALL = new RegExp(
  [
    String.raw`^to (?:view|read|continue reading|access) (?:the full|this|the rest of (?:this|the)) (?:story|article|post)\b.{0,20}\bsubscribe\b`,
    String.raw`^(?:to continue reading|continue reading)(?: this (?:story|article))?,? (?:please )?(?:subscribe|log in|sign in)\b`,
    String.raw`^subscribe (?:now |today )?to (?:continue|keep) reading\b`,
    String.raw`^if you(?:['’]re| are) seeing this message but you(?:['’]re| are) already a subscriber\b`,
    String.raw`^this (?:article|story|content|post) is (?:only available|exclusive|reserved) (?:to|for) (?:subscribers|members|premium members)\b`,
    String.raw`^möchten sie weiterlesen\?$|^(?:ja\. )?ich bin (?:bereits )?abonnent(?:in)?\.?$|^(?:dieser|der) (?:artikel|beitrag|inhalt) ist (?:nur )?(?:exklusiv )?für abonnent(?:en|innen)\b`,
    String.raw`^(?:vous souhaitez lire la suite|la suite est réservée aux abonnés)\b|^cet article est réservé aux abonnés\b`,
    String.raw`^(?:este|el) (?:contenido|artículo) es exclusivo para (?:suscriptores|socios|miembros)\b`,
  ].join("|"),
  "iu",
);

/** Whether a Markdown line (a paragraph or heading, not a list item or table row) is a paywall's prompt of at most paywallPromptMaxChars characters. */
export function isPaywallPrompt(line: string): boolean {
  const text = blockLineText(line);
  return text !== null && text.length <= THRESHOLDS.paywallPromptMaxChars && PAYWALL.test(text);
}

// An appeal to the reader on the site's behalf, the line's whole point: to donate ("Donate today!",
// "This story is funded by readers like you"), to share ("Help me spread the word about this podcast!"),
// to rate what they made ("Did you make this recipe? Please leave a star rating"), to bring friends ("Tell your
// friends and get rewards") or to follow a writer ("Follow the author"). Not a sentence about donating
// ("donate the less healthy products") or sharing.
const READER_APPEAL = new RegExp(
  [
    String.raw`^(?:please )?donate(?: now| today| here)?[^\p{L}\p{N}]*$`,
    String.raw`\b(?:is|are) funded by (?:readers|listeners|viewers|members) like you\b`,
    String.raw`^(?:please )?(?:help (?:me|us) )?spread the word\b`,
    String.raw`^(?:please )?share this (?:post|article|story|recipe|episode|podcast|page) with\b`,
    String.raw`^(?:did you (?:make|try)|have you (?:made|tried)|tried|made) (?:this|these|it|one of (?:my|our))\b[^?]{0,60}\?.{0,80}\b(?:rat(?:e|ing)|review|comment)`,
    String.raw`\btell your friends and (?:get|earn)\b|\brefer (?:a friend|your friends) and (?:get|earn)\b`,
    String.raw`^follow (?:the|this) (?:author|writer|artist|creator)[^\p{L}\p{N}]*$`,
    // The same asks in the other languages most pages are in, and a membership's: "Je fais un don à
    // Attac", "Jetzt spenden", "Hazte miembro y disfruta de beneficios exclusivos", "Werden Sie Mitglied".
    String.raw`^(?:je fais un don|faites un don|jetzt spenden|spenden sie jetzt|haz (?:una|tu) donación|dona ahora|fai una donazione|hazte (?:miembro|socio|suscriptor)|werden? (?:sie )?mitglied|devenez membre|diventa socio)\b`,
    // For the site's journalism or its work: "Apoya el periodismo incómodo", "Support independent
    // journalism", "Help us continue to spread the magic of words", "Ihr Beitrag hilft, unsere
    // Berichterstattung … auszubauen"; not "Your post helps me", a reply.
    String.raw`^(?:apoya|support|unterstützen sie|unterstütze|soutenez|sostieni) (?:(?:el|den|le|il|our|unseren|unabhängigen|independent|quality|local) )*(?:periodismo|journalism|journalismus|journalisme|giornalismo)\b`,
    String.raw`^help us (?:continue|keep)\b`,
    String.raw`^(?:ihre?|deine?) (?:beitrag|spende|unterstützung) hilft\b.{0,60}\b(?:berichterstattung|journalismus|unsere arbeit)\b|^your (?:support|contribution|donation) helps (?:us|keep|fund)\b`,
    // A question about the site, then the ask: "Gefällt dir unser Klettermagazin? … keine Bezahlschranke
    // … unterstütze uns", "Enjoy our podcast? Become a member".
    String.raw`^(?:gefällt (?:dir|ihnen) unser|(?:do you )?(?:like|enjoy|love)d? (?:our|this) (?:magazine|site|website|blog|podcast|newsletter|work|journalism))\b[^?]{0,40}\?.{0,300}\b(?:unterstütz|spende|support|donat|paywall|bezahlschranke|abonn|subscri|member|mitglied)`,
  ].join("|"),
  "iu",
);

const HEADING = /^#{1,6}\s/;

/** Whether a Markdown line (a paragraph or heading, not a list item or table row) is a newsletter invitation. */
function isInvitation(line: string): boolean {
  const plain = blockLineText(line);
  return !!plain && plain.length <= THRESHOLDS.invitationMaxChars && INVITATION.test(plain);
}

// A heading that is one link (markdown.ts writes a link around a heading so).
const LINKED_HEADING = /^#{1,6}\s+\[/;

/** Whether a Markdown line (a paragraph, heading or lone link, not a list item or table row) asks the reader to log in or sign up. */
export function isSignInPrompt(line: string): boolean {
  // A linked heading is a teaser's or a card's title ("Join or host an event near you", "Sign in to
  // ride" over a service's entry point), not a prompt.
  if (LINKED_HEADING.test(line.trim())) return false;
  const plain = blockLineText(line);
  return !!plain && plain.length <= THRESHOLDS.signInPromptMaxChars && SIGN_IN.test(plain);
}

/** Whether a Markdown line (a paragraph or list item, not a heading or table row) asks the reader to follow the site elsewhere. */
export function isFollowPrompt(line: string): boolean {
  const plain = itemOrParagraphText(line);
  if (!plain || plain.length > THRESHOLDS.followPromptMaxChars) return false;
  return FOLLOW.test(plain) || (OWN_CHANNEL.test(plain) && CHANNEL_ASK.test(plain));
}

/**
 * Whether a Markdown line (a paragraph or heading, not a list item or table row) is an appeal to the
 * reader on the site's behalf (READER_APPEAL) of at most readerAppealMaxChars characters.
 */
export function isReaderAppeal(line: string): boolean {
  const plain = blockLineText(line)
    ?.replace(/^[^\p{L}\p{N}]+/u, "")
    .trim();
  return !!plain && plain.length <= THRESHOLDS.readerAppealMaxChars && READER_APPEAL.test(plain);
}

/** The Markdown without its appeals to the reader on the site's behalf (code is never read). */
export function withoutReaderAppeals(markdown: string): string {
  return withoutLinesWhere(markdown, isReaderAppeal);
}

/** The Markdown without its prompts to follow the site elsewhere (code is never read). */
export function withoutFollowPrompts(markdown: string): string {
  return withoutLinesWhere(markdown, isFollowPrompt);
}

/** The Markdown without its prompts to log in or sign up (code is never read). */
export function withoutSignInPrompts(markdown: string): string {
  return withoutLinesWhere(markdown, isSignInPrompt);
}

/**
 * The Markdown without its newsletter invitations: each paragraph or heading of at most
 * invitationMaxChars characters that asks the reader to join a newsletter or mailing list goes, and a
 * heading left with nothing under it before the next heading (the box's title) goes with it. Code is
 * never read. Returns the Markdown kept and the lines cut (to correct the word count).
 */
export function withoutInvitations(markdown: string): { markdown: string; cut: string } {
  const lines = markdown.split("\n");
  const code = codeLines(lines);
  const cut = lines.map((line, i) => !code[i] && isInvitation(line));
  if (!cut.includes(true)) return { markdown, cut: "" };
  // A heading whose section held nothing but invitations.
  for (let i = 0; i < lines.length; i++) {
    if (cut[i] || code[i] || !HEADING.test(lines[i]!)) continue;
    let j = i + 1;
    let invited = false;
    for (; j < lines.length && (cut[j] || !lines[j]!.trim()); j++) if (cut[j]) invited = true;
    if (invited && (j === lines.length || (!code[j] && HEADING.test(lines[j]!)))) cut[i] = true;
  }
  return cutLines(markdown, lines, cut);
}
