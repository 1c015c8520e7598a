// The extraction itself: decoded HTML in, article Markdown and metadata out. It builds a DOM
// (linkedom, dom.ts), so it is expensive (up to a second and hundreds of MB on the largest pages):
// production runs it only inside the worker pool (pool.ts), never on the server's thread. It is a
// plain function so tests and the quality benchmark call it directly.
import { Readability } from "@mozilla/readability";
import { withoutVariantRuns } from "./variant-runs.ts";
import { headingRank, toMarkdown, withBlocksSettled, withoutGluedTwins, withoutLinesWhere, withoutRepeatedPictures } from "./markdown.ts";
import { type CleaningOptions, cleanArticle, type HeldCard, prepareDocument, restoreHeldCards } from "./boilerplate.ts";
import { MAX_ELEMENTS, mendHtml } from "./mend-html.ts";
import { markFormulas } from "./math.ts";
import { type DomFactory, linkedomPage, pageBase } from "./dom.ts";
import { INLINE_ELEMENTS } from "./dom-walk.ts";
import { applyAim, type Aim } from "./aim.ts";
import { cleanBylineText, extractMetadata, firstParagraph, type PageMetadata } from "./metadata.ts";
import { removeCardFurniture } from "./card-furniture.ts";
import { markSpokenTwins, removeScreenReaderText } from "./screen-reader.ts";
import {
  chooseRegion,
  cleanRegion,
  declaresArticle,
  declaresWebsite,
  mainRegion,
  type RegionSignals,
  regionMayWin,
  repeatedItems,
} from "./region.ts";
import { linkShare, marksArticle, sectionedPage, sectionsMayWin } from "./sections.ts";
import { coverage, findRepeatedItems, repeatedCandidate, repeatedPage } from "./repeated-items.ts";
import { plainTextToMarkdown, statedProduct, withStatedProduct } from "./product.ts";
import { statedHtml } from "./stated-html.ts";
import { spaceAdjacentInlines } from "./inline-gaps.ts";
import { mayHoldNamedAnchors, unwrapNamedAnchors } from "./named-anchors.ts";
import { codeLine, statedCode, withStatedCode } from "./stated-code.ts";
import { priceLine, statedPrice, withStatedPrice } from "./stated-price.ts";
import {
  categoryPage,
  onlyLinks,
  productOverArticle,
  productPage,
  pruneProductPage,
  withoutRepeatedParagraphs,
  withoutShopLines,
  withoutLinksBeforeTitle,
  titleHeadingText,
  withoutRewardLines,
  withProductTitle,
  soleH1Title,
  withoutLaterPrices,
  withoutShopperSections,
  withoutShopSections,
  withoutStoredFields,
} from "./product-page.ts";
import { revealClippedText, revealHiddenBlurbs, unwrapQuestionLinks, revealHiddenPage } from "./unhide.ts";
import {
  firstTitle,
  hasEndHeading,
  isStoryLabel,
  withoutEndSections,
  withoutOwnTitleTeasers,
  withoutTrailingHeadings,
  withoutTrailingTeasers,
} from "./end-sections.ts";
import { isFollowPrompt, isPaywallPrompt, isReaderAppeal, isSignInPrompt, withoutInvitations } from "./invitations.ts";
import { withoutAdLabels } from "./ad-labels.ts";
import { removeOrphanLabels } from "./orphan-labels.ts";
import { withoutFinePrint } from "./fine-print.ts";
import { isCallToAction } from "./cta-links.ts";
import { isLinkBar } from "./link-bars.ts";
import { withoutNewsletterBoxes } from "./newsletter-boxes.ts";
import { isPostMetaLine } from "./post-meta.ts";
import {
  isBylineLine,
  isCategoryLine,
  isCopyrightLine,
  isCreditLine,
  isEmbedPlaceholder,
  isSiteNotice,
  withoutAuthorBio,
  withoutCookieNotices,
  withoutDisclosures,
} from "./site-lines.ts";
import { isControlLabel, isShareLabel, withoutNumberLists } from "./control-labels.ts";
import { removeEditLinks } from "./edit-links.ts";
import { isFormNotice, isValidationMessage } from "./form-notices.ts";
import { isOfferLine } from "./offers.ts";
import { withoutLoneLinks } from "./lone-links.ts";
import { isMoreLink } from "./more-links.ts";
import { removeVariantPickers } from "./variant-pickers.ts";
import { withoutLinkTargets } from "./markdown-links.ts";
import { withoutMemberPanels } from "./member-panels.ts";
import { moveHeadContentToBody } from "./head-content.ts";
import { findThread, leadWords, textOverlap, threadWins } from "./thread.ts";
import { listingMayWin, listingOutOfReach, listingPage, listingSignals, pageTeaserText, withoutTeaserCopies } from "./listing.ts";
import { findSectionSeries, seriesPage } from "./section-series.ts";
import { fragmentMayWin, readabilityFragment, regionTextBound } from "./fragment.ts";
import { findLead, leadMissing } from "./lead.ts";
import { markSuperscriptCents } from "./cents.ts";
import { findSplitIntros, missingIntros } from "./intro.ts";
import { type FaqSection, faqMissing, findFaqSection, statesFaq } from "./faq-section.ts";
import { fillSeriesGaps, findSeries } from "./series-gaps.ts";
import { frontProseMissing, frontProseWords, type ProseParagraph, proseParagraphs, withFrontProse } from "./front-prose.ts";
import { recipeIngredients, recipeInRegion, recipeMissing } from "./recipe.ts";
import { mayStateText, statedHowTo, statedJobPosting, statedRecipeSteps, statedShare } from "./stated-text.ts";
import {
  findPricedGrid,
  withoutCardBadges,
  withoutGridToolbar,
  withoutOfferBanner,
  withoutRepeatedPrices,
  withoutSwatchCounts,
} from "./priced-grid.ts";
import type { RuleName } from "./rules.ts";
import { countPrices } from "./prices.ts";
import { THRESHOLDS } from "./thresholds.ts";
import { documentationPage } from "./page-type.ts";
import { restoreTables, unnameHeaderTables } from "./header-tables.ts";
import { withoutRelativeDates } from "./relative-dates.ts";
import { withoutInvisibleCharacters, withoutInvisibleText } from "./invisible.ts";
import { hasMojibake, withoutMojibake } from "./mojibake.ts";
import { unwrapHeadingWrappers } from "./heading-wrappers.ts";
import { quickenReadability } from "./quick-readability.ts";
import { CJK, SPACELESS, spacelessWords } from "./words.ts";
import { completeStreamedRender, streamedMoves } from "./streamed.ts";
import { mayHoldJsonText, removeJsonText } from "./json-text.ts";

quickenReadability(Readability.prototype);

/**
 * What kind of page the content came from, where the extraction can tell it reliably: "forum" when
 * the page's thread of posts was taken, "product" when the page states one product (product-page.ts),
 * "documentation" when a documentation address holds code or an edit link (page-type.ts), "article"
 * when it declares one article, "collection" when a priced grid is a shop's category page (product-page.ts
 * categoryPage); null otherwise (service and listing pages are not told apart from one another).
 * Precision on WCXB, whole set / check part: forum 0.99 / 1.00, product 0.93 / 0.88, documentation 0.98
 * / 1.00, article 0.91 / 0.97, collection 0.91 / 0.91 (README, "What /extract returns").
 */
export type PageType = "article" | "documentation" | "forum" | "product" | "collection";

/** What the service returns of a page: its metadata (less the JSON-LD body) and the article. */
export interface Article extends Omit<PageMetadata, "articleBody"> {
  markdown: string;
  /** Words of the article text (not of the Markdown syntax); CJK characters count one each. */
  words: number;
  pageType: PageType | null;
}

export interface ArticleInput {
  /** The final URL of the page, after redirects: links and images are resolved against it. */
  url: string;
  /** The response's Content-Language header, the fallback for `lang`. */
  contentLanguage?: string | null;
  /** include/exclude/mode=full (aim.ts): when it decides the content, main-content detection is skipped. */
  aim?: Aim;
  /** Rules left out, for the quality benchmark's ablation only (rules.ts); the service never sets it. */
  without?: ReadonlySet<RuleName>;
}

// Hyphenated and apostrophised words and numbers with separators ("40,000", "3.5") count once; Han
// and kana are written without spaces, so each of their characters counts as a word (the usual
// convention for CJK word counts). Thai, Lao, Khmer and Myanmar are written without spaces between
// words too, and a space there ends a phrase or a sentence: a run of them counts the words ICU's
// dictionaries find in it (Intl.Segmenter), where counting runs made a Thai article of 350 words 25, too
// few for every threshold in words (thresholds.ts) and for the `words` a caller is told.
const WORD_CHAR = String.raw`[[\p{L}\p{N}\p{M}]--[${CJK}${SPACELESS}]]`;
// regex-linear: recheck cannot read the v flag; runs of letters parted by single marks that are no letter, and classes that share no character
const WORD = new RegExp(String.raw`[${CJK}]|${WORD_CHAR}+(?:(?:['’\-]|(?<=\p{N})[.,](?=\p{N}))${WORD_CHAR}+)*|([${SPACELESS}]+)`, "gv");

export function countWords(text: string): number {
  let n = 0;
  WORD.lastIndex = 0;
  // A run of Thai, Lao, Khmer or Myanmar script (WORD's group) counts its dictionary words, at least one.
  for (let m = WORD.exec(text); m; m = WORD.exec(text)) n += m[1] === undefined ? 1 : Math.max(spacelessWords(m[1]).length, 1);
  return n;
}

/**
 * The text a reader sees in `root`: like textContent, but block boundaries (paragraphs, cells, list
 * items, <br>) separate words instead of gluing "Phase</td><td>Cost" into one.
 */
export function readableText(root: Node): string {
  const parts: string[] = [];
  const stack: Node[] = [root];
  while (stack.length) {
    const node = stack.pop()!;
    if (node.nodeType === 3 || node.nodeType === 4) {
      parts.push((node as Text).data);
      continue;
    }
    if (node.nodeType !== 1 && node.nodeType !== 9 && node.nodeType !== 11) continue;
    const block = node.nodeType === 1 && !INLINE_ELEMENTS.has(node.nodeName);
    if (block) parts.push(" ");
    // Children are pushed in reverse so they pop in document order; the marker closes the block.
    if (block) stack.push(SPACE_MARKER);
    const children = node.childNodes;
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
  }
  return parts.join("");
}
const SPACE_MARKER = { nodeType: 3, data: " " } as unknown as Node;

/**
 * Extracts the article of a page. `html` is the decoded document; `input.url` its final URL.
 * Returns null when the page has no extractable article text (the service answers 422 no_content).
 * Throws only on internal failures. `dom` is for benchmarks (scripts/bench-reference/vellum-on-dom.ts
 * runs the same pipeline on happy-dom); production always uses linkedom (dom.ts).
 */
export async function htmlToArticle(html: string, input: ArticleInput, dom: DomFactory = linkedomPage): Promise<Article | null> {
  return mended((await extractOrFallBack(html, input, false, dom)).article, input);
}

/**
 * extract(), and again with Readability's result as the only candidate when another candidate (the
 * main region, a series of items) was taken and the clean-up left nothing of it: a shop's menu of a
 * thousand links, taken as the region, is nothing but links on a product page and goes, where
 * Readability had kept the product's description. An empty answer is the worst one; the second parse
 * is paid only then.
 */
async function extractOrFallBack(
  html: string,
  input: ArticleInput,
  analyze: boolean,
  dom: DomFactory,
): Promise<{ article: Article | null; analysis?: Analysis }> {
  const first = await extract(html, input, analyze, dom, false);
  if (first.article || !first.replaced || input.without?.has("empty-fallback")) return first;
  const second = await extract(html, input, false, dom, true);
  // Headings over nothing (the menu's titles, its links gone) are no answer either.
  const text = second.article?.markdown.split("\n").some((line) => headingRank(line) > 6 && /[\p{L}\p{N}]/u.test(line));
  return second.article && text ? { article: second.article, analysis: first.analysis } : first;
}

/** The article's text with characters a page encoded twice ("itâ€™s") given back (mojibake.ts). */
function mended(article: Article | null, input: ArticleInput): Article | null {
  if (!article || input.without?.has("mojibake") || !hasMojibake(article.markdown + (article.title ?? ""))) return article;
  // A character that draws nothing, encoded twice, was no such character when the page was cleaned of
  // them before parsing (invisible.ts): given back, it goes now, from the title, byline and excerpt as
  // from the text, and a paragraph of nothing else with it.
  const visible = !input.without?.has("invisible-characters");
  const text = (value: string | null) => {
    if (value === null) return null;
    const mendedValue = withoutMojibake(value, true);
    return visible ? withoutInvisibleCharacters(mendedValue).trim() : mendedValue;
  };
  const mendedMarkdown = withoutMojibake(article.markdown, true);
  const markdown = visible ? withoutInvisibleText(mendedMarkdown) : mendedMarkdown;
  return {
    ...article,
    markdown,
    // "itâ€™s" counted as two words ("itâ", "s"); mended, it is one.
    words: Math.max(0, article.words + countWords(markdown) - countWords(article.markdown)),
    title: text(article.title),
    byline: text(article.byline),
    siteName: text(article.siteName),
    excerpt: text(article.excerpt),
  };
}

/** Both candidates of a page and the signals the choice between them read (for the quality benchmark). */
export interface Analysis {
  readabilityMarkdown: string;
  regionMarkdown: string;
  signals: RegionSignals;
  chosen: "readability" | "region";
}

/** htmlToArticle() plus both candidates' Markdown and the signals: what scripts/bench-wcxb.ts studies. */
export async function analyzePage(
  html: string,
  input: ArticleInput,
  dom: DomFactory = linkedomPage,
): Promise<{ article: Article | null; analysis: Analysis }> {
  const { article, analysis } = await extractOrFallBack(html, input, true, dom);
  return {
    article: mended(article, input),
    analysis: analysis ?? {
      readabilityMarkdown: "",
      regionMarkdown: "",
      signals: { readabilityWords: 0, regionWords: 0, items: 0, article: false },
      chosen: "readability",
    },
  };
}

/**
 * The article of one parse of the page. `readabilityOnly` leaves the other candidates unread (the main
 * region, a series of items, a listing): extractOrFallBack's second try. `replaced` says whether a
 * candidate other than Readability's result (or the caller's aim) became the content.
 */
async function extract(
  source: string,
  input: ArticleInput,
  analyze: boolean,
  dom: DomFactory,
  readabilityOnly: boolean,
): Promise<{ article: Article | null; analysis?: Analysis; replaced: boolean }> {
  const on = (rule: RuleName) => !input.without?.has(rule);
  // Soft hyphens and zero-width spaces cut words in the text (invisible.ts).
  const html = on("invisible-characters") ? withoutInvisibleCharacters(source) : source;
  // A React streamed render's moves, read from its scripts before the pre-pass cuts them (streamed.ts).
  const moves = on("streamed-render") && on("mend-html") ? streamedMoves(html) : [];
  const mended = on("mend-html")
    ? mendHtml(html, MAX_ELEMENTS, {
        disclosureTitles: on("disclosure-titles"),
        questionButtons: on("question-buttons"),
        unnamedPanels: on("unnamed-panels"),
        nestedLinks: on("nested-links"),
        mediaFallback: on("media-fallback"),
        mathScripts: on("math"),
        streamMarks: moves.length > 0,
      })
    : html;
  const page = dom(mended, input.url);
  // Most pages hold no formula: one scan of the text spares walks of the tree (math.ts).
  const formulas = on("math") && mayHoldFormulas(html);
  // Most pages hold no label: one scan of the text spares two walks of the tree (orphan-labels.ts).
  const labelled = on("mend-html") && on("orphan-labels") && HAS_LABEL.test(html);
  // Most pages hold no named anchor: one scan of the text spares two walks of the tree (named-anchors.ts).
  const namedAnchors = on("named-anchors") && mayHoldNamedAnchors(html);
  // Most pages print no JSON as text: one scan of the text the DOM is built from (its scripts, which
  // often hold JSON, already cut) spares two walks of the tree (json-text.ts).
  const jsonText = on("json-text") && mayHoldJsonText(mended);
  try {
    // What every parse of the page gets before it is read: the page's and the region's (page.reparse()).
    const readied = (doc: Document) => {
      // First of all: the parts a streamed render sent late go where its scripts would put them.
      if (moves.length) completeStreamedRender(doc, moves);
      // First: a formula's MathML may sit in a hidden span that the next rules and Readability remove.
      if (formulas) markFormulas(doc);
      // "$549<sup>00</sup>" says "$549.00" before any rule reads a price (cents.ts).
      if (on("superscript-cents")) markSuperscriptCents(doc);
      if (on("head-content")) moveHeadContentToBody(doc);
      // A script's state printed as JSON where a style sheet hides it: no reader's text (json-text.ts).
      if (jsonText) removeJsonText(doc);
      if (namedAnchors) unwrapNamedAnchors(doc);
      // "NKZ5M2K2" and "MFR" in two spans the style sheet sets apart: written apart (inline-gaps.ts).
      if (on("inline-gaps")) spaceAdjacentInlines(doc);
      if (labelled) removeOrphanLabels(doc);
      if (on("unhide"))
        revealHiddenPage(doc, {
          unnamed: on("unnamed-panels"),
          accordions: on("accordion-answers"),
          siblings: on("sibling-panels"),
          behindDialog: on("behind-dialog"),
        });
      if (on("clipped-text")) revealClippedText(doc);
      if (on("question-buttons")) unwrapQuestionLinks(doc);
      if (on("hidden-blurbs")) revealHiddenBlurbs(doc);
      if (on("screen-reader-text")) markSpokenTwins(doc.body);
      return doc;
    };
    // A product page loses other products' cards, the individual reviews and its stored fields (product-page.ts).
    const pruneProduct = (body: Element) => {
      pruneProductPage(body, input.url);
      if (on("product-stored-fields")) withoutStoredFields(body);
      if (on("variant-pickers")) removeVariantPickers(body);
    };
    const document = readied(page.document);

    const meta = extractMetadata(document, input, {
      visibleByline: on("visible-byline"),
      headlineTitle: on("headline-title"),
      pageDates: on("page-dates"),
      siteDescriptions: on("site-descriptions"),
      loginBylines: on("login-bylines"),
      headlineDates: on("headline-dates"),
      labelledDates: on("labelled-dates"),
      headlineKickers: on("headline-kickers"),
      pageAuthors: on("page-authors"),
      labelledBylines: on("labelled-bylines"),
      rightsHolders: on("rights-holders"),
      localMidnights: on("local-midnights"),
    });
    const baseUrl = pageBase(document, input.url);

    const aimed = input.aim ? applyAim(document, input.aim) : null;
    let result: ReturnType<Readability<Element>["parse"]> = null;
    let content: Element | null = aimed;
    // The introductions Readability's result lacks (intro.ts): added when that result is the content,
    // after the choice between it and the other candidates, which they must not sway.
    let missingIntro: Element[] = [];
    // The questions section Readability's result lacks (faq-section.ts): added last on the same terms.
    let missingFaq: Element | null = null;
    // Titled cards beside pictures on a page not declaring one article (boilerplate.ts removeCaptions):
    // put back, like the introductions, when Readability's result is the content, after the choice.
    const heldCards: HeldCard[] = [];
    // One product in the structured data outweighs an og:type "article" (product-page.ts).
    const declared = !aimed && declaresArticle(document) && !(on("product-page") && productOverArticle(document));
    // One article by its microdata: the sections rule leaves it to Readability too. A declared article
    // whose OpenGraph type says "website" is a landing page under a template's JSON-LD article node.
    const declaredPage = declared && on("og-website") && declaresWebsite(document);
    const oneArticle = (declared && !declaredPage) || (!aimed && marksArticle(document));
    // Read before the boilerplate rules remove the page's scripts.
    const product = aimed || !on("stated-product") ? null : statedProduct(document);
    // …and the steps of a how-to or the text of a job advert that only its structured data holds (stated-text.ts).
    const statesText = !aimed && mayStateText(html);
    const statedText =
      (statesText && on("stated-how-to") ? statedHowTo(document) : null) ??
      (statesText && on("stated-job-posting") ? statedJobPosting(document) : null);
    const productLike = !aimed && !declared && on("product-page") && productPage(document, { languages: on("shop-languages") });
    // The product's name, read before the clean-up: put first when the content lacks it and any price.
    const productTitle = productLike && on("product-title") ? soleH1Title(document, on("inline-gaps") ? readableText : undefined) : null;
    // …and its title heading's text, where the shop's menu above it ends (product-page.ts withoutLinksBeforeTitle).
    const titleText = productLike && on("links-before-title") ? titleHeadingText(document) : null;
    // The price the structured data states and the page shows, read before the clean-up takes the buy box.
    const listPrice = productLike && on("stated-price") ? statedPrice(document) : null;
    const price = listPrice ? priceLine(document, listPrice) : null;
    // …and its code, with the line the page prints it in (stated-code.ts).
    const listCode = productLike && on("stated-code") ? statedCode(document) : null;
    const code = listCode ? codeLine(document, listCode) : null;
    if (productLike) pruneProduct(document.body);
    // Read before the boilerplate rules remove the navigation that holds the edit link (page-type.ts).
    const documentation = !aimed && documentationPage(document, input.url);
    // Read before the boilerplate rules and Readability change the page (thread.ts). Not on a product
    // page: its questions and answers, or its reviews, are a thread under the product, not the page.
    const thread = aimed || !on("thread") || productLike ? null : findThread(document, on("link-cards"));
    // Many linked headings (teaser titles) before the clean-up: the listing rule may apply (listing.ts).
    let listingLike = !aimed && on("listing") && listingMayWin(document);
    // The page's teasers, read now: after Readability they bound the listing rule without a second parse.
    const teaserText = listingLike && declared ? pageTeaserText(document.body, readableText) : "";
    // The body's text before the clean-up: the fragment rule's bound on the region's (fragment.ts).
    const bodyChars = aimed || !on("fragment") ? 0 : regionTextBound(document.body);
    // A shop's grid of priced cards, copied before Readability moves nodes: added when the content lacks it (priced-grid.ts).
    let grid: Element | undefined;
    // Whether that grid is a shop's category page (categoryPage): the pageType when no other is told.
    let category = false;
    // The page's paragraphs of prose, when the front-prose rule may need them (front-prose.ts).
    let paragraphs: ProseParagraph[] | null = null;
    if (!aimed) {
      // A data table named for its sticky header row: Readability drops it for "header" (header-tables.ts).
      if (on("header-tables") && document.body) unnameHeaderTables(document.body);
      // The one element the page marks as its article body, when the clean-up narrowed the page to it.
      const markedBody = on("boilerplate")
        ? prepareDocument(document, {
            widgetsInText: on("widgets-in-text"),
            admonitions: on("admonitions"),
            utilityClasses: on("utility-classes"),
            headerHeadings: on("header-headings"),
            anchorIds: on("anchor-ids"),
            headingNameHumps: on("heading-name-humps"),
            codeCaptions: on("code-captions"),
            widgetCards: on("widget-cards"),
            titleBanners: on("title-banners"),
            titleHeaders: on("title-headers"),
            consentDialogs: on("consent-dialogs"),
            tableCells: on("table-cells"),
            listedAuthors: on("listed-authors"),
            cardFooters: on("card-footers"),
            scrollHeadings: on("scroll-headings"),
            inlineSentences: on("inline-sentences"),
            sentenceNames: on("sentence-names"),
            facetLabels: on("facet-labels"),
            articleDescription: on("article-description"),
          })
        : null;
      // A wiki's "[edit]" link by a section's heading, and the box it shared with the heading (edit-links.ts).
      if (on("edit-links") && document.body) removeEditLinks(document.body);
      // A manual's section heading in a box of its own (beside its anchor icon): Readability drops the box (heading-wrappers.ts).
      if (documentation && on("heading-wrappers")) unwrapHeadingWrappers(document.body);
      // Sibling sections of one shape (a manual page's blocks): copied before Readability moves nodes (section-series.ts).
      const series = on("section-series")
        ? (findSectionSeries(document.body)?.container.cloneNode(true) as Element | undefined)
        : undefined;
      // The block of the title and introduction beside the body's block: copied before Readability moves nodes (lead.ts).
      const lead = !declared && on("lead") ? findLead(document.body) : null;
      // An introduction in a block of its own before the body's block: copied before Readability moves nodes (intro.ts).
      const intros = !productLike && on("split-intro") ? findSplitIntros(document.body) : [];
      // A questions section beside the body's block: copied before Readability moves nodes (faq-section.ts).
      const faq: FaqSection | null =
        declared && !productLike && on("faq-section") && statesFaq(html) ? findFaqSection(document.body) : null;
      // The page's series of blocks of one kind, read before Readability moves nodes (series-gaps.ts).
      const blockSeries = on("series-gaps") ? findSeries(document.body) : [];
      // The page's paragraphs of prose in order, read before Readability moves nodes (front-prose.ts).
      if (!productLike && on("front-prose")) paragraphs = proseParagraphs(document.body);
      if (!declared && !productLike && on("priced-grid")) {
        const priced = findPricedGrid(document.body);
        grid = priced?.container.cloneNode(true) as Element | undefined;
        // A priced grid on a shop's category page: the result's pageType says "collection" (product-page.ts).
        category = priced !== null && categoryPage(document);
      }
      // The marked body, copied before Readability moves nodes: it is the content when Readability kept
      // only a fragment of it (a body split in blocks between ad slots).
      const bodyCopy = markedBody && on("marked-body") ? copyOfBody(document) : null;
      const bodyWords = bodyCopy ? countWords(readableText(bodyCopy)) : 0;
      const reader = new Readability<Element>(document, { keepClasses: true, serializer: (el) => el as Element });
      if (on("title-words")) readWordsOfEveryScript(reader);
      result = reader.parse();
      content = result?.content ?? null;
      // A table Readability chose (or kept beside its choice) and turned into a box (header-tables.ts).
      if (content && on("readability-tables")) restoreTables(content);
      if (content && blockSeries.length) fillSeriesGaps(blockSeries, content, readableText);
      const cleaning = {
        announcedLists: on("announced-lists"),
        otherStoryLists: on("other-story-lists"),
        titledCards: declared && on("titled-cards"),
        titledLists: on("titled-lists"),
        describedLists: on("described-lists"),
        wholeLists: on("whole-lists"),
        // On a page with a thread of posts, linked titles with an excerpt are other threads' teasers.
        describedLinks: on("described-links") && thread === null,
        seeAlsoSections: on("see-also-sections"),
        // On a page with a thread of posts, a heading linked to an anchor is a post's permalink ("Re: …").
        anchorHeadings: on("anchor-headings") && thread === null,
        numberedHeadings: on("numbered-headings"),
        listedAuthors: on("listed-authors"),
        linkedLines: on("linked-lines"),
        articleUrl: declared && on("external-headings") ? input.url : undefined,
      };
      if (content && on("clean-article"))
        cleanArticle(content, meta, { ...cleaning, heldCards: !declared && !productLike && on("held-cards") ? heldCards : undefined });
      const keptWords = bodyCopy && content ? countWords(readableText(content)) : 0;
      // The same measure over the words outside tables: a long table in the body (a list of names and
      // addresses, a season's results) can win Readability's choice from the paragraphs around it.
      const tableProse = on("table-fragment");
      const keptProse = bodyCopy && content && tableProse ? keptWords - tableWords(content) : 0;
      const fragmentOf = (body: Element, words: number) =>
        keepsFragment(keptWords, words) || (tableProse && keepsFragment(keptProse, words - tableWords(body)));
      if (bodyCopy && content && fragmentOf(bodyCopy, bodyWords)) {
        if (on("clean-article")) cleanArticle(bodyCopy, meta, cleaning);
        if (fragmentOf(bodyCopy, countWords(readableText(bodyCopy)))) content = bodyCopy;
      }
      if (content && intros.length) {
        missingIntro = missingIntros(intros, readableText(content));
        if (on("clean-article")) for (const intro of missingIntro) cleanArticle(intro, meta, cleaning);
      }
      if (content && faq && faqMissing(faq, readableText(content))) {
        missingFaq = faq.section;
        if (on("clean-article")) cleanArticle(missingFaq, meta, cleaning);
      }
      if (content && lead && leadMissing(lead, readableText(content))) {
        if (on("clean-article")) cleanArticle(lead, meta, cleaning);
        content.insertBefore(lead, content.firstChild);
      }
      if (content && series) content = seriesOverReadability(series, content, meta, on("clean-article") ? cleaning : null) ?? content;
    }

    // Read once: the word count, the listing rule and the repeated-items rule all use it.
    const contentText = content ? readableText(content) : "";
    let words = content ? countWords(contentText) : 0;
    const signals: RegionSignals = { readabilityWords: words, regionWords: 0, items: 0, article: declared };
    // Only on a declared page: elsewhere the repeated-items rule may take the region the listing rule parsed.
    if (listingLike && declared && listingOutOfReach(contentText, teaserText, declared)) listingLike = false;
    // The main region is read from a fresh parse of the same HTML (the boilerplate rules and Readability
    // have changed this document), and only when it could win: most articles never pay for it.
    let region: Element | undefined;
    const fragmentLike = !aimed && on("fragment") && fragmentMayWin(contentText.length, bodyChars, thread !== null);
    // Whether a rule may take the region. Only this decides the result: an analysis reads the region of
    // every page, and its article must still be the one htmlToArticle returns (scripts/bench-wcxb.ts).
    const regionWanted =
      !aimed && (listingLike || fragmentLike || regionMayWin(signals) || sectionsMayWin({ ...signals, article: oneArticle }));
    // Readability kept a later part of the article alone: the region holds its opening (front-prose.ts).
    // It is parsed for this, but no other rule may take it on that account (they ask regionWanted).
    const frontWanted =
      paragraphs !== null && thread === null && words > 0 && frontProseMissing(frontProseWords(paragraphs, contentText), words);
    // A recipe page whose result names few of the ingredients its structured data lists (recipe.ts).
    const ingredients = !aimed && on("recipe") ? recipeIngredients(document) : [];
    const recipeWanted = ingredients.length > 0 && recipeMissing(ingredients, contentText);
    if (!aimed && !readabilityOnly && (analyze || regionWanted || frontWanted || recipeWanted)) {
      const fresh = readied(page.reparse());
      if (productLike) pruneProduct(fresh.body);
      region = mainRegion(fresh, on("prose-outside-main")) ?? undefined;
      if (region) {
        if (on("clean-region"))
          cleanRegion(region, {
            pricedLinks: on("priced-links"),
            endBoxes: on("end-boxes"),
            consentBanners: on("consent-banners"),
            cardFooters: on("card-footers"),
            wrappedLinks: on("wrapped-links"),
          });
        signals.regionWords = countWords(readableText(region));
        signals.items = repeatedItems(region);
      }
    }
    // A list of teasers (a news hub, a blog's index): the region's whole series is the content (listing.ts).
    const listing = region !== undefined && listingLike && listingPage(listingSignals(region, readableText, contentText), declared);
    const useRegion =
      region !== undefined &&
      ((regionWanted &&
        (listing ||
          (on("region") && chooseRegion(signals)) ||
          (on("sections") && sectionedPage({ ...signals, article: oneArticle }, linkShare(region))) ||
          (on("fragment") && readabilityFragment({ ...signals, thread: thread !== null }, contentText, region, readableText)))) ||
        (recipeWanted && recipeInRegion(ingredients, readableText(region))));
    // Wherever the region is the content (a listing, a grid of cards), a card written twice (phone and
    // desktop layouts) is said once (listing.ts).
    if (useRegion && region && on("teaser-copies") && withoutTeaserCopies(region, readableText) > 0)
      signals.regionWords = countWords(readableText(region));
    // A thread, listing or grid: Readability kept one post or card of the series (repeated-items.ts).
    // Decided before the candidates are converted: a converted element is used up (consumedMarkdown).
    const found = region && regionWanted && !declared && on("repeated-items") ? findRepeatedItems(region) : null;
    let repeated: Element | null = null;
    if (found) {
      const itemsText = found.items.map((item) => readableText(item)).join(" ");
      const itemWords = countWords(itemsText);
      const readabilityWords = signals.readabilityWords;
      const overlap = content && readabilityWords > 0 ? coverage(contentText, itemsText) : 0;
      const itemSignals = { readabilityWords, itemWords, items: found.items.length, overlap, article: declared };
      if (repeatedPage({ ...itemSignals, regionWords: useRegion ? signals.regionWords : 0 })) repeated = repeatedCandidate(found, region!);
    }
    const excerpt = meta.excerpt ?? (content ? firstParagraph(content) : null);
    if (content && missingIntro.length && !useRegion && !repeated) {
      for (const intro of missingIntro.reverse()) content.insertBefore(intro, content.firstChild);
      words = countWords(readableText(content));
    }
    if (content && missingFaq && !useRegion && !repeated) {
      content.appendChild(missingFaq);
      words = countWords(readableText(content));
    }
    if (content && heldCards.length && !useRegion && !repeated && restoreHeldCards(content, heldCards) > 0)
      words = countWords(readableText(content));
    const readabilityMarkdown = content && words > 0 && (analyze || !useRegion) ? consumedMarkdown(content, baseUrl, on) : "";
    const regionMarkdown =
      region && signals.regionWords > 0 && (analyze || useRegion || frontWanted) ? consumedMarkdown(region, baseUrl, on) : "";
    let markdown = useRegion ? regionMarkdown : readabilityMarkdown;
    const front = frontWanted && !useRegion && !repeated && regionMarkdown ? withFrontProse(markdown, regionMarkdown, words) : null;
    if (front) {
      markdown = front.markdown;
      words += front.words;
    }
    if (useRegion) words = signals.regionWords;
    if (repeated) {
      words = countWords(readableText(repeated));
      markdown = consumedMarkdown(repeated, baseUrl, on);
    }
    // A listing's region (or its series of items) is final: its dated teasers are not a thread's posts,
    // unless the page's declared posting opens the thread (a thread's posts are a series of teasers' shape).
    const listed = listing && !thread?.opens ? { markdown, words } : null;
    let threadWon = false;
    // A thread: every post with its author and date line, without each post's furniture (thread.ts).
    if (thread) {
      const messages = thread.messages.map((m) => readableText(m));
      const chosenText = withoutLinkTargets(markdown);
      const threadWords = countWords(readableText(thread.element));
      const chosenWords = markdown ? words : 0;
      const signals = {
        threadWords,
        chosenWords,
        chosenInThread: chosenWords ? textOverlap(chosenText, messages) : 0,
        // With the header lines: a thread whose posts add no more than names and dates to a candidate
        // holding them is not taken on this signal (check part: taking it lost 0.04 on forum pages).
        threadInChosen: chosenWords ? textOverlap(readableText(thread.element), chosenText) : 0,
        discussion: thread.discussion,
        authors: thread.authors,
        messagesInChosen: chosenWords ? textOverlap(messages, chosenText) : 0,
        leadWords: chosenWords ? leadWords(messages, chosenText) : 0,
        opens: thread.opens,
        printed: thread.printed,
        marked: thread.source === "microdata",
      };
      if (threadWins(signals)) {
        markdown = consumedMarkdown(thread.element, baseUrl, on);
        words = threadWords;
        threadWon = true;
      }
    }
    if (listed) ({ markdown, words } = listed);
    // The edits of the Markdown below revise the word count by the words (link targets left out) they
    // cut or change.
    const textWords = (md: string) => countWords(withoutLinkTargets(md));
    const cutFrom = (edit: { markdown: string; cut: string }) => {
      if (!edit.cut) return;
      markdown = edit.markdown;
      words = Math.max(0, words - textWords(edit.cut));
    };
    const replaceWith = (next: string) => {
      if (next === markdown) return;
      words = Math.max(0, words - textWords(markdown) + textWords(next));
      markdown = next;
    };
    // A category page's grid of priced cards that the content lacks (its introduction or guide was kept) goes after it.
    if (grid && !threadWon && !listed) {
      const gridText = readableText(grid);
      if (coverage(gridText, withoutLinkTargets(markdown)) < THRESHOLDS.pricedGridMaxCovered) {
        const gridMarkdown = consumedMarkdown(grid, baseUrl, on);
        if (gridMarkdown) replaceWith(markdown ? `${markdown}\n\n${gridMarkdown}` : gridMarkdown);
      }
    }
    // A grid's sorting, filtering and view controls and its count of results, and the shop's offer bar
    // above the page, are not the page's text.
    if (
      !declared &&
      !threadWon &&
      (on("grid-toolbar") || on("offer-banner") || on("repeated-prices") || on("card-badges") || on("swatch-counts"))
    ) {
      let plain = on("grid-toolbar") ? withoutGridToolbar(markdown) : markdown;
      if (on("offer-banner")) plain = withoutOfferBanner(plain);
      if (on("repeated-prices")) plain = withoutRepeatedPrices(plain);
      if (on("card-badges")) plain = withoutCardBadges(plain);
      if (on("swatch-counts")) plain = withoutSwatchCounts(plain);
      replaceWith(plain);
    }
    const analysis: Analysis | undefined = analyze
      ? { readabilityMarkdown, regionMarkdown, signals, chosen: useRegion ? "region" : "readability" }
      : undefined;
    // Pages rendered by scripts often carry the whole text only in their structured data. When the
    // page states an articleBody with more than twice the words found in the markup, that is the
    // article (as plain paragraphs: structured data has no markup; or, where it holds the article's
    // HTML, as that HTML, counted by its text: stated-html.ts). Its tags only add words, so a body
    // too short as a string is too short as HTML, and is not parsed.
    const outweighsMarkup = (stated: number) => stated >= THRESHOLDS.statedBodyMinWords && stated > 2 * words;
    const plainWords = meta.articleBody ? countWords(meta.articleBody) : 0;
    if (!aimed && on("article-body") && meta.articleBody && outweighsMarkup(plainWords)) {
      const box = on("stated-html") ? statedHtml(meta.articleBody, document) : null;
      const stated = box ? countWords(readableText(box)) : plainWords;
      if (outweighsMarkup(stated)) {
        markdown = box ? consumedMarkdown(box, baseUrl, on) : plainTextToMarkdown(meta.articleBody);
        words = stated;
      }
    } else if (statedText) {
      // A how-to's stated steps or a job advert's stated text, on the same terms (stated-text.ts writes them as HTML).
      const box = statedHtml(statedText, document);
      const stated = box ? countWords(readableText(box)) : 0;
      if (box && outweighsMarkup(stated)) {
        markdown = consumedMarkdown(box, baseUrl, on);
        words = stated;
      }
    }
    // An article's Markdown ends before the site's other stories and its author's or newsletter box.
    // Also on a page that declares nothing, unless it is a shop's (its grids' "Recommended" headings are its content).
    const endSections = () =>
      declared ||
      (!aimed && on("undeclared-end-sections") && hasEndHeading(markdown) && countPrices(markdown) < THRESHOLDS.endSectionsMaxPrices);
    if (!productLike && !threadWon && !listed && on("end-sections") && endSections()) cutFrom(withoutEndSections(markdown));
    // …and before a run of the site's other stories that no heading names.
    if (!productLike && !threadWon && !listed && on("trailing-teasers")) cutFrom(withoutTrailingTeasers(markdown, input.url));
    // …and before the site's list of stories that names this one among them.
    if (!productLike && !threadWon && !listed && on("own-title-teasers"))
      cutFrom(withoutOwnTitleTeasers(markdown, [meta.title, cleanText(result?.title), firstTitle(markdown)], input.url));
    // A product page's Markdown ends before the shop's sections about other products and opinions.
    if (productLike && !threadWon && on("product-sections")) {
      cutFrom(withoutShopperSections(markdown, { languages: on("shop-languages") }));
      // Feature blurbs, spec lists and price lines laid out twice (for phones and for desktops) are said once.
      if (on("product-repeats")) replaceWith(withoutRepeatedParagraphs(markdown));
      // "Add to cart", "Out of stock", "Free shipping on orders over $75": the shop's, not the product's.
      if (on("product-shop-lines")) replaceWith(withoutShopLines(markdown, { languages: on("shop-languages") }));
      // The shop's menu, account links and breadcrumb above the product's title: links, not the product.
      if (titleText) replaceWith(withoutLinksBeforeTitle(markdown, titleText));
      // "Purchasing this product earns 176XP": the shop's loyalty points, not the product.
      if (on("reward-lines")) replaceWith(withoutRewardLines(markdown));
      // "Sale price $24.95", "49,35€": after the product's own price, the prices of other things it sells.
      if (on("later-prices")) replaceWith(withoutLaterPrices(markdown));
      // Nothing but the site's link lists: the product itself was left to the page's scripts.
      if (on("product-links-only") && onlyLinks(markdown)) markdown = "";
    }
    // A page of no known type loses the sections a shop adds under a product ("Customers also bought",
    // "Customer reviews"): a product page whose structured data does not say so.
    const untyped = !threadWon && !productLike && !documentation && !(declared && !listed);
    if (untyped && on("shop-sections")) cutFrom(withoutShopSections(markdown));
    // "NEWNEW": a label's phone and desktop copies with nothing between them, said once.
    if (!aimed && on("glued-twins")) replaceWith(withoutGluedTwins(markdown));
    // A gallery's slide and its thumbnail, one address twice in a row: one picture.
    if (on("repeated-pictures")) replaceWith(withoutRepeatedPictures(markdown));
    // A promo bar's text for each country, one after another: the versions of one notice, said once.
    if (!aimed && on("variant-runs")) replaceWith(withoutVariantRuns(markdown));
    // "Sign up for our newsletter", "Join our mailing list!": the site's, not the article's. This rule and
    // the site's lines below (follow prompts, appeals, notices, credits, a form's notices and messages)
    // run on a thread's posts too: a news page read as a thread prints them between its posts, and no
    // one posts them bare. A post's byline and dates stay: they head the post (relative-dates aside).
    if (on("invitations")) cutFrom(withoutInvitations(markdown));
    // "## We do newsletters, too" over its one-line pitch: a box whose form the clean-up took.
    if (on("newsletter-boxes")) cutFrom(withoutNewsletterBoxes(markdown));
    // Lines that are the site's, not the page's, each known by a test of the line alone: the tests of
    // one group read the Markdown in one pass (a line's verdict does not hang on the lines around it).
    const withoutLinesWhereAny = (tests: (false | ((line: string) => boolean))[]) => {
      const active = tests.filter((test) => test !== false);
      if (active.length > 0) replaceWith(withoutLinesWhere(markdown, (line) => active.some((test) => test(line))));
    };
    withoutLinesWhereAny([
      // "Log in to save to favorites", "Already have an account? Sign in", a thread's "Join to see EXIF
      // info": the site's, not the page's.
      !aimed && on("sign-in-prompts") && isSignInPrompt,
      // "To view the full story, please subscribe …", "Möchten Sie weiterlesen?": a paywall's prompt, not the story.
      !aimed && on("paywall-prompts") && isPaywallPrompt,
      // "Follow me on Instagram", "Join the Facebook group": the site's, not the page's.
      !aimed && on("follow-prompts") && isFollowPrompt,
      // "Donate today!", "Help me spread the word about this podcast!", "Follow the author": the site's asks.
      !aimed && on("reader-appeals") && isReaderAppeal,
      // "Get $130 in value", "Unlock up to 55% OFF …": the site's offers (a product page's are its shop lines).
      !aimed && !productLike && !threadWon && on("offer-lines") && isOfferLine,
    ]);
    // "Advertisement", "Sponsored", "## Advertisement: New AI Book!": the ads' labels and an ad's section,
    // in a thread's posts too: no one posts a bare "- Advertisement -", and a news page read as a thread
    // would keep its ads' labels.
    if (!aimed && on("ad-labels")) cutFrom(withoutAdLabels(markdown));
    // "Not combinable with other offers… Subject to credit approval.": the shop's terms under the page.
    if (!aimed && !declared && !threadWon && on("fine-print")) cutFrom(withoutFinePrint(markdown));
    withoutLinesWhereAny([
      // "Guidelines | FAQ | API | Contact": a bar of the site's links, not the page's text (unless the
      // caller asked for the whole page or chose the parts).
      !aimed && on("link-bars") && isLinkBar,
      // "© 2026 Example Ltd. All rights reserved.", "Written by Jane Doe": about the page, not of it.
      !aimed && on("copyright-lines") && isCopyrightLine,
      !aimed && !threadWon && on("bylines") && ((line: string) => isBylineLine(line) || isCategoryLine(line)),
      // "5 min read", "Tags: [Helena](…), [thermostats](…)": the post's meta data, not its text.
      !aimed && !threadWon && on("post-meta") && isPostMetaLine,
      // A licence footer, a comment form's consent line, a feed's "The post … appeared first on …".
      !aimed && on("site-notices") && isSiteNotice,
      // "… ohne dein Einverständnis keine Verbindung zu Twitter her": an embed's stand-in, not the embed.
      !aimed && on("embed-placeholders") && isEmbedPlaceholder,
      // "Image source: Getty Images", "Foto: dpa": a picture's credit, whose picture the Markdown may not even show.
      !aimed && on("credit-lines") && isCreditLine,
      // "By subscribing, you agree to receive marketing emails …", "You can opt out any time.": a form's
      // fine print.
      !aimed && on("form-notices") && isFormNotice,
      // "Please enter a valid ZIP Code.", "Select a valid country.": a field's message, hidden until it is filled in wrong.
      !aimed && on("validation-messages") && isValidationMessage,
    ]);
    // "We use cookies to …": a consent banner no name marked, left as a paragraph.
    if (!aimed && on("cookie-notices")) replaceWith(withoutCookieNotices(markdown));
    // "This post contains affiliate links …" above or under the article: the site's notice.
    if (!aimed && !threadWon && on("disclosures")) replaceWith(withoutDisclosures(markdown));
    // "Jane Doe is a freelance writer living in Denver.": the box about the page's writer under the post.
    if (!aimed && !threadWon && meta.byline && on("author-bios")) replaceWith(withoutAuthorBio(markdown, meta.byline));
    // "Read more", "Back to top", "Page 1 of 8": a control's label left without its control.
    withoutLinesWhereAny([
      !aimed && on("control-labels") && isControlLabel,
      // "Share this:", "Teilen Sie dies mit:", "Like Loading…": a sharing widget's label, its buttons gone.
      !aimed && on("share-labels") && isShareLabel,
      // "Related reads:", "Mehr zum Thema": other stories' label as a paragraph (a listing's own stays).
      !aimed && !threadWon && !listed && on("story-labels") && isStoryLabel,
    ]);
    // "- 1", "- 2", "- 3": a slider's dots or a pager's page numbers, as a list of numbers.
    if (!aimed && on("number-lists")) replaceWith(withoutNumberLists(markdown));
    // A post header's "**anna** · 2 years ago": true on the day it was fetched, not of the thread.
    if (threadWon && on("relative-dates")) replaceWith(withoutRelativeDates(markdown));
    // "Join Date: Aug 2008", "Posts: 1,077", "Sent from my phone using …": about a post's writer, not the post.
    if (!aimed && on("member-panels")) replaceWith(withoutMemberPanels(markdown));
    // A heading the Markdown ends on heads nothing: a form's title, a list the clean-up took. Not on a
    // product page, whose last headings are often tabs' labels whose panels the page draws by script.
    if (!productLike && on("trailing-headings")) cutFrom(withoutTrailingHeadings(markdown));
    // "Get a quote", "Talk to an expert": a landing page's buttons. After the trailing headings, so the
    // heading a button closed a section under is not left trailing and taken with it.
    // "Learn more about privacy", "See all integrations", "Read full details": a button pointing to more.
    withoutLinesWhereAny([
      !aimed && !threadWon && on("cta-links") && isCallToAction,
      !aimed && !threadWon && on("more-links") && isMoreLink,
    ]);
    // "View pricing", "More Info", "0 comments": a button or a card's control standing alone, on a page of
    // no known type (an article's, a product's or a manual's lone links are its own).
    if (!aimed && untyped && on("lone-links")) replaceWith(withoutLoneLinks(markdown));
    // A recipe whose content lacks the method its structured data states: the steps go after it.
    if (!aimed && !threadWon && on("recipe-steps") && markdown) {
      const steps = statedRecipeSteps(document);
      if (steps && statedShare(steps.texts, withoutLinkTargets(markdown)) < THRESHOLDS.recipeStepsMinKeptShare) {
        const box = statedHtml(steps.html, document);
        const method = box ? consumedMarkdown(box, baseUrl, on) : "";
        if (method) replaceWith(`${markdown}\n\n${method}`);
      }
    }
    // A product whose description is only in its structured data: name and description first.
    if (product) replaceWith(withStatedProduct(markdown, product));
    // A product page whose content shows neither its name nor a price lost its buy box: the name goes first.
    if (productTitle && !threadWon) replaceWith(withProductTitle(markdown, productTitle));
    // …and the product's price, when the clean-up took the buy box it stood in (stated-price.ts).
    if (listPrice && price && !threadWon) replaceWith(withStatedPrice(markdown, listPrice.cents, price));
    // …and the product's code, under the title and the price (stated-code.ts).
    if (listCode && code && !threadWon) replaceWith(withStatedCode(markdown, listCode.code, code));
    // The rules above cut lines blocks stood on: a rule may be left under a line of text, a hard break
    // may end its block, a line opening a block may be indented as code (withBlocksSettled; spaces and
    // blank lines only: the count of words stands).
    markdown = withBlocksSettled(markdown);
    // Whether the content is a candidate other than Readability's result (extractOrFallBack).
    const replaced = useRegion || repeated !== null;
    if (!markdown) return { article: null, analysis, replaced };

    const article: Article = {
      title: meta.title ?? cleanText(result?.title),
      byline: meta.byline ?? cleanBylineText(result?.byline),
      siteName: meta.siteName ?? cleanText(result?.siteName),
      excerpt,
      lang: meta.lang,
      publishedTime: meta.publishedTime,
      markdown,
      words,
      // A listing's teasers are not one article, whatever the page declares (listing.ts).
      pageType: threadWon
        ? "forum"
        : productLike
          ? "product"
          : documentation
            ? "documentation"
            : declared && !listed
              ? "article"
              : category
                ? "collection"
                : null,
    };
    return { article, analysis, replaced };
  } finally {
    await page.close();
  }
}

/**
 * Readability compares a heading with the page's title (and the title with the structured data's name)
 * by their words, split at every character that is not an ASCII letter or digit (REGEXPS.tokenize,
 * /\W+/). A Russian, Greek, Arabic, Chinese or Japanese title has no such word, so its heading never
 * matched and stayed atop the text, where an English page's goes. Its reader splits at characters that
 * are not letters or digits of any script; for Latin text (accents split the same way on both sides) the
 * comparison answers as before: no page of WCXB, the snippet corpus or Readability's test pages moved.
 */
function readWordsOfEveryScript(reader: object): void {
  const own = reader as { REGEXPS: Record<string, RegExp> };
  own.REGEXPS = { ...own.REGEXPS, tokenize: /[^\p{L}\p{N}]+/u };
}

/** The section series (cleaned like Readability's result) when it, not `content`, is the page (section-series.ts). */
function seriesOverReadability(series: Element, content: Element, meta: PageMetadata, cleaning: CleaningOptions | null): Element | null {
  if (cleaning) cleanArticle(series, meta, cleaning);
  const readabilityText = readableText(content);
  const seriesText = readableText(series);
  const signals = {
    readabilityWords: countWords(readabilityText),
    seriesWords: countWords(seriesText),
    overlap: coverage(readabilityText, seriesText),
  };
  return seriesPage(signals) ? series : null;
}

/**
 * toMarkdown() of an element nothing reads afterwards, without turndown's deep copy of it: turndown
 * copies its input because it trims the copy's whitespace in place, and the copy took 40% of the
 * conversion's time on WCXB pages. The element is detached first, as a copy is, so no rule sees its
 * ancestors; it is used up.
 */
function consumedMarkdown(el: Element, baseUrl: string, on: (rule: RuleName) => boolean): string {
  el.remove();
  if (on("card-furniture")) removeCardFurniture(el, on("sentence-links"));
  if (on("screen-reader-text")) removeScreenReaderText(el);
  Object.defineProperty(el, "cloneNode", { value: () => el, configurable: true });
  return toMarkdown(el, baseUrl, {
    repeatedRuns: on("repeated-runs"),
    listTwins: on("list-twins"),
    headingParts: on("heading-parts"),
    codeLines: on("code-lines"),
    escapedTwice: on("escaped-twice"),
    definitionPairs: on("definition-pairs"),
    sparseTables: on("sparse-tables"),
  });
}

/** A copy of the body's children in one block (the marked article body and the lead kept before it). */
function copyOfBody(document: Document): Element {
  const copy = document.createElement("div");
  for (let c = document.body.firstElementChild; c; c = c.nextElementSibling) copy.append(c.cloneNode(true));
  return copy;
}

/**
 * The words inside the tables of `root`, and inside table rows Readability kept without their table (it
 * renames the table's body it chose to a `<div>`, leaving the rows, when readability-tables is left out).
 */
function tableWords(root: Element): number {
  let words = 0;
  for (const table of Array.from(root.querySelectorAll("table, tr"))) {
    if (!table.parentElement?.closest("table, tr")) words += countWords(readableText(table));
  }
  return words;
}

/** Whether Readability's result (`words`) is a fragment of the page's marked article body (`bodyWords`). */
function keepsFragment(words: number, bodyWords: number): boolean {
  return bodyWords >= THRESHOLDS.markedBodyMinWords && words < bodyWords * THRESHOLDS.markedBodyMinShare;
}

/**
 * Whether the page may hold a formula's MathML or TeX script (math.ts); a page without either skips the
 * formula pass. Plain substring searches: a case-blind pattern over a page of megabytes costs more.
 */
function mayHoldFormulas(html: string): boolean {
  return html.includes("<math") || html.includes("<MATH") || html.includes("math/tex");
}

// A label's opening tag anywhere in the page's HTML.
const HAS_LABEL = /<label[\s>/]/i;

function cleanText(value: string | null | undefined): string | null {
  const s = value?.replace(/\s+/g, " ").trim();
  return s ? s : null;
}
