/**
 * The extraction rules by name, so the quality benchmark can leave each out alone and measure what it
 * does (scripts/bench-ablation.ts; the figures are in docs/extraction.md). The service never
 * leaves a rule out: `ArticleInput.without` (html-to-article.ts) is set by the benchmarks only.
 */
export const RULES = [
  /** mojibake.ts: a page whose UTF-8 was encoded twice ("itâ€™s") gets its characters back ("it’s"). */
  "mojibake",
  /** html-to-article.ts extractOrFallBack: when the region or a series of items was taken and the clean-up left nothing of it, Readability's result is the content. */
  "empty-fallback",
  /** escaped-twice.ts: a character reference in a page's text (escaped twice: "&amp;#39;" in the HTML) is written as its character outside code ("'", not "&#39;"). */
  "escaped-twice",
  /** markdown.ts: a <dt> and its one short <dd> of inline content are one line, "Country of Origin: United States", not two paragraphs. */
  "definition-pairs",
  /** byline.ts: where the metadata names no author, or names the site, the byline the page marks (hCard, microdata, rel=author, a class naming the author) is the result's byline. */
  "visible-byline",
  /** metadata.ts headlineOver: a page's one <h1> is its title where it tells the same story as the title its metadata states. */
  "headline-title",
  /** page-date.ts: where the metadata states no date, the date of any JSON-LD node, microdata and hAtom, the address and a date-named element is the result's publishedTime. */
  "page-dates",
  /** metadata.ts onlyNamesSite: a description that only names the site (its name, its host, "Site - tagline") is passed over for the page's next one, failing all its first paragraph. */
  "site-descriptions",
  /** page-date.ts dateByHeadline: where nothing else states a date, a line by the page's one <h1> that is a date and little else ("Veröffentlicht am 16.08.2019", "November 22, 2011") is the result's publishedTime. */
  "headline-dates",
  /** page-date.ts localMidnight: a publishedTime stated in UTC at Central Europe's midnight, on a page in one of its languages, is that midnight with its offset (its day is the page's). */
  "local-midnights",
  /** page-date.ts: where nothing else states a date, the first short line anywhere opening with a publication's label and a date ("Datum: 18.10.2021", "Published on March 2, 2020") is the result's publishedTime. */
  "labelled-dates",
  /** metadata.ts headlineAfterKicker: a kicker set in the headline's own element (`<small>`, a class naming a kicker) is left out of the title. */
  "headline-kickers",
  /** metadata.ts LOGIN_NAME: an author the metadata names by an account's login ("michael.andrusio", "wordpressadmin", an address) gives way to the byline the page prints, where it prints one. */
  "login-bylines",
  /** metadata.ts webPageWithAuthor, twitterLabelled: on a page with no article node, the author its WebPage node names; with no author meta, the one its Twitter card labels "Written by" ("Verfasst von", "Écrit par"). */
  "page-authors",
  /** byline.ts labelledByline: where nothing else names the writer, the name after a writer's label anywhere on the page ("Autor: Fritz Imhof", "<h4>Autor</h4><p>Nikolai Huke</p>") is the result's byline. */
  "labelled-bylines",
  /** markdown.ts mostlyEmpty: a table without header cells whose cells are mostly empty (a page laid out in a table, its controls gone) is written as blocks, not as a GFM table of blank columns. */
  "sparse-tables",
  /** invisible.ts: soft hyphens and zero-width spaces, which draw nothing, no longer cut words in the text ("Guar­an­tee"). */
  "invisible-characters",
  /** cents.ts: a price whose cents the shop prints raised ("$549<sup>00</sup>") says "$549.00", not "$54900". */
  "superscript-cents",
  /** mend-html.ts: markup a DOM parser would drop the rest of the page after is mended first. */
  "mend-html",
  /** streamed.ts: a React streamed render's late parts (`<div hidden id="S:0">`) go where its scripts put them (`$RC`, `$RS`), in place of their fallbacks. */
  "streamed-render",
  /** math.ts: a formula comes back once, as TeX where the page holds it (`$…$`, `$$…$$`), not as MathML's leaves run together, twice, or not at all. */
  "math",
  /** mend-html.ts: a disclosure's button that opens a heading (an accordion's question) keeps its words when the button goes. */
  "disclosure-titles",
  /** mend-html.ts questionText, unhide.ts unwrapQuestionLinks: a button, or a link opening a panel, whose text is a question (an FAQ's, opening its answer) keeps that text. */
  "question-buttons",
  /** mend-html.ts: a link inside an element inside another link (a card's swatches inside the card's link) becomes a span, so its block keeps it. */
  "nested-links",
  /** mend-html.ts: a video's or audio element's fallback content ("Your browser does not support the video tag.") goes. */
  "media-fallback",
  /** orphan-labels.ts: a label whose form control the pre-pass cut (a card's "Size" over its drop-down list, named by id or held inside) goes with it. */
  "orphan-labels",
  /** head-content.ts: body content a broken page left in <head> is moved back. */
  "head-content",
  /** named-anchors.ts: an <a name> with no href (a place to jump to, not a link) is unwrapped, so no link rule takes the sentence it holds. */
  "named-anchors",
  /** unhide.ts: a page hidden until its scripts run, and hidden tab and disclosure panels, are revealed. */
  "unhide",
  /** unhide.ts unnamedPanels: the hidden panel right after an expandable control that names no panel, and a <details> element's hidden content, are revealed. */
  "unnamed-panels",
  /** unhide.ts accordionAnswer: in a series of items each a heading or question and a hidden block after it (an accordion without ARIA), the blocks are revealed. */
  "accordion-answers",
  /** unhide.ts siblingPanel: a hidden block whose tag and class a shown sibling repeats (a tab set without ARIA: a shop's second grid, a product's specifications) is revealed. */
  "sibling-panels",
  /** unhide.ts pageBehindDialog: a page saved with a dialog open, its panels hidden from screen readers (`aria-hidden`) and together holding most of its text outside the navigation, is shown. */
  "behind-dialog",
  /** unhide.ts revealClippedText: a text clipped for a "Read more" control gives way to its whole text, hidden beside it. */
  "clipped-text",
  /** unhide.ts revealHiddenBlurbs: a card's blurb drawn as a second link to its page, hidden from screen readers only, keeps its text. */
  "hidden-blurbs",
  /** product-page.ts: a product page loses other products' cards and the individual reviews. */
  "product-page",
  /** thread.ts: a forum thread comes back with every post. */
  "thread",
  /** listing.ts: a list of teasers is the content of a hub page. */
  "listing",
  /** listing.ts withoutTeaserCopies: the teasers or cards of a region taken as the content lose their second copies (phone and desktop layouts, a title link laid over the card). */
  "teaser-copies",
  /** boilerplate.ts prepareDocument: furniture removed before Readability reads the page. */
  "boilerplate",
  /** boilerplate.ts describedLead: a page that marks its article body keeps the article's summary marked before it (itemprop=description, a news story's lead). */
  "article-description",
  /** html-to-article.ts: a page that marks its article body once has it taken whole when Readability kept less than half of its words (a body split between ad slots). */
  "marked-body",
  /** html-to-article.ts tableWords: the same, counting only the words outside tables (a long table of data in the body won Readability's choice from the article's paragraphs). */
  "table-fragment",
  /** boilerplate.ts cleanArticle: a link list holding most of the content's text stays (a post that is a roundup of links). */
  "whole-lists",
  /** site-lines.ts withoutAuthorBio: a paragraph among the last three that begins with the page's author's name and what the author is ("Jane Doe is a freelance writer …") goes. */
  "author-bios",
  /** site-lines.ts isCreditLine: a line that is only a picture's credit ("Image source: Getty Images", "Foto: dpa") goes. */
  "credit-lines",
  /** boilerplate.ts isRemovableFurniture: an inline element named as furniture inside a paragraph's sentence (a news story's dateline) stays with the sentence. */
  "inline-sentences",
  /** json-text.ts: an element outside code whose whole text is a JSON object (a script's state printed where a style sheet hides it) goes. */
  "json-text",
  /** boilerplate.ts withoutSentenceName: an inline element inside a paragraph's sentence loses a name Readability drops elements for ("footers" around a citation's number). */
  "sentence-names",
  /** boilerplate.ts isCountedChoice: a filter's entry keeps its label beside its count ("Accessories 1385"), where the filter stays. */
  "facet-labels",
  /** boilerplate.ts prepareDocument: a widget among the text's paragraphs holding prose is content (a buying guide's product boxes). */
  "widgets-in-text",
  /** boilerplate.ts unnameWidgetCards: a card's blurb named as a widget, said in three cards or more under one class, is the grid's text. */
  "widget-cards",
  /** boilerplate.ts isRemovableFurniture: a block named as furniture by its class alone ("collection-banner-hero") that holds an <h1> and little else is the page's title block. */
  "title-banners",
  /** boilerplate.ts isSectionHeader: an article's, section's or main's <header> holding the page's <h1> is the article's title block (headline and standfirst), not the site's banner, and stays. */
  "title-headers",
  /** boilerplate.ts isRemovableFurniture, region.ts isConsentDialog: a dialog named for cookies or consent goes however much text it holds (a list of hundreds of advertising partners is no page). */
  "consent-dialogs",
  /** boilerplate.ts isRemovableFurniture: a cell, row or row group of a table with header cells stays whatever its name ("footer_title_big" on a header cell), so the table keeps its header and columns. */
  "table-cells",
  /** boilerplate.ts listedAuthor: an element named for an author alone, on a class set on three elements or more (each item of a list naming its author), is the item's text, not the page's byline. */
  "listed-authors",
  /** card-footer.ts: a footer (a <footer>, a box named so) of a teaser in a list, under a small card with a linked title, is the card's text (its author and date), not the page's footer. */
  "card-footers",
  /** region.ts isConsentBox: a box named a consent banner ("cookiebanner", "cookie-notice", "consentPopup") goes however much text it holds; a box named for cookies alone only when short. */
  "consent-banners",
  /** boilerplate.ts prepareDocument: CSS utility classes of scrolling and clipping ("overflow-hidden", "scroll-mt-2") are dropped, so Readability does not weigh their boxes down. */
  "utility-classes",
  /** boilerplate.ts prepareDocument: a heading named a "header" ("section-header", "code-header") loses the name, which Readability's unlikely-candidate pass removes whatever the element. */
  "header-headings",
  /** header-tables.ts: a table with header cells named for its sticky header row ("sticky-header") loses the name, which Readability's unlikely-candidate pass removes the whole table for. */
  "header-tables",
  /** header-tables.ts restoreTables: a table Readability chose, or kept beside its choice, and turned into a box of rows is a table again. */
  "readability-tables",
  /** heading-wrappers.ts: on a documentation page, a <div> holding one heading and nothing else a reader sees (an anchor icon beside it) gives way to the heading before Readability, which drops such boxes. */
  "heading-wrappers",
  /** boilerplate.ts prepareDocument: a heading's class names holding "scroll" (its anchor offset) go before Readability, which drops an <h1> or <h2> named so. */
  "scroll-headings",
  /** boilerplate.ts prepareDocument: an id spelled from its heading's words ("link-headers") is an anchor, not a layout name Readability should drop the part for. */
  "anchor-ids",
  /**
   * boilerplate.ts prepareDocument: a note, tip or warning box among the text's paragraphs becomes a quote Readability keeps;
   * a note box named "see also" is no furniture and becomes a quote wherever it stands.
   */
  "admonitions",
  /** boilerplate.ts cleanArticle: furniture removed from Readability's result. */
  "clean-article",
  /** boilerplate.ts announcedList: a link list the sentence before it announces with a colon stays in Readability's result. */
  "announced-lists",
  /** boilerplate.ts announcedList: …unless the sentence announces the site's other stories ("If you liked this post you might also like:"). */
  "other-story-lists",
  /** boilerplate.ts removeCaptions: on a page declaring one article, a titled card beside a picture (heading and blurb) is not a caption. */
  "titled-cards",
  /**
   * boilerplate.ts removeCaptions, restoreHeldCards: on a page not declaring one article, a titled card beside a picture is
   * weighed as a caption while the candidates are chosen, and put back when Readability's result is the content.
   */
  "held-cards",
  /**
   * boilerplate.ts titledList: a link list right under a heading of the text (not "Related", "Sources", "Further reading"),
   * or after the section's one short introduction, stays in Readability's result.
   */
  "titled-lists",
  /** boilerplate.ts describedItems: a list of links whose items mostly say more than their links (a phone number, a rating, a publisher) is content, not a list of other pages. */
  "described-lists",
  /** boilerplate.ts describedHeading: a heading that is one link, followed by a summary of its own that is not links (a documentation hub's entry), stays in Readability's result. */
  "described-links",
  /** boilerplate.ts isRemovableFurniture: a heading is no furniture for a hump of a camelCase name ("anchorWithStickyNavbar"). */
  "heading-name-humps",
  /** boilerplate.ts codeCaption: a figure's caption over a code sample ("Listing 10-12: …") is no furniture. */
  "code-captions",
  /** html-to-article.ts: a page whose og:type is "website" is no one article for the sections rule, whatever its JSON-LD says. */
  "og-website",
  /** boilerplate.ts seeAlsoHeading: a section headed only "See also" (a manual's or wiki's pointers) keeps its heading and list. */
  "see-also-sections",
  /** boilerplate.ts anchorHeading: a section heading drawn as a link to an anchor of the page ("#installation") is no link-only line. */
  "anchor-headings",
  /** boilerplate.ts numberedHeading: a heading numbered outside its link ("3. <a>Blue Moving</a>", a ranking's entry) is no link-only line. */
  "numbered-headings",
  /** boilerplate.ts externalHeading: on a page declaring one article, a heading linking only to other sites (a section's subject) is no link-only line. */
  "external-headings",
  /** lead.ts: the block of a page's title and introduction beside the body's block goes before Readability's result when it lacks it. */
  "lead",
  /** intro.ts: an introduction set apart in a sibling block before the body goes before Readability's result when it kept the body alone. */
  "split-intro",
  /** faq-section.ts: an article's questions section ("Frequently asked questions" over an accordion) beside the body goes last when Readability's result lacks it. */
  "faq-section",
  /** series-gaps.ts: the entries of a series Readability kept a third or more of (a ranking's entries) go back where it left some out. */
  "series-gaps",
  /** front-prose.ts: the article's opening paragraphs, before the first one Readability kept and in blocks it left out, go first (the main region's). */
  "front-prose",
  /** recipe.ts: on a recipe page whose JSON-LD lists its ingredients, the main region replaces a Readability result that names few of them. */
  "recipe",
  /** section-series.ts: sibling sections of one shape replace the one Readability kept. */
  "section-series",
  /** region.ts chooseRegion: the main region replaces a thin or partial Readability result. */
  "region",
  /** region.ts mainRegion: the body is the region when most of the page's paragraphs are outside its <main>. */
  "prose-outside-main",
  /** region.ts cleanRegion: furniture removed from the main region. */
  "clean-region",
  /** region.ts removeMenus: a lone link that is only a price (a card's price linked to its product) is no control and stays. */
  "priced-links",
  /** site-lines.ts: a line that is only the site's copyright notice ("© 2026 Example Ltd. All rights reserved.") goes. */
  "copyright-lines",
  /** site-lines.ts: a line that is only a byline ("Written by Jane Doe") or the post's category ("in [Smart Home](…)") goes. */
  "bylines",
  /** post-meta.ts: a line that is only a post's reading time ("5 min read"), its tags ("Tags: [Helena](…), [thermostats](…)"), its view counter ("Post Views: 22"), its date ("Updated March 2, 2026") or its permalink ("Permalink: https://…", a list item too) goes. */
  "post-meta",
  /** relative-dates.ts: a thread header's date said relative to the fetch ("**anna** · 2 years ago") goes; the author stays. */
  "relative-dates",
  /**
   * site-lines.ts withoutSiteNotices: the site's notices (a licence footer, a comment form's consent line, a feed's
   * "The post … appeared first on …", a PHP error its server printed into the page, a theme's feed and trackback
   * line, an empty comment section's "Keine Kommentare") go.
   */
  "site-notices",
  /**
   * site-lines.ts withoutCookieNotices: the site's notice that it sets cookies ("We use cookies to …", "Durch die
   * Nutzung der Seite stimmst du der Verwendung von Cookies zu") goes, where every line naming cookies is one.
   */
  "cookie-notices",
  /**
   * site-lines.ts isEmbedPlaceholder: the stand-in for an embedded post, video or map that waits for the reader's
   * consent ("… ohne dein Einverständnis keine Verbindung zu Twitter her", "To view this content, please accept …",
   * or its label alone: "Externer Inhalt") goes.
   */
  "embed-placeholders",
  /** form-notices.ts: a form's fine print left without its form ("By subscribing, you agree to …", "You can opt out any time.") goes. */
  "form-notices",
  /** form-notices.ts isValidationMessage: a form's validation message left as a line ("Please enter a valid ZIP Code.", "Select a valid country.") goes. */
  "validation-messages",
  /**
   * site-lines.ts withoutDisclosures: an affiliate disclosure among the text's first or last lines ("This post contains
   * affiliate links …", "Dieser Artikel enthält Affiliate-Links"), or said twice anywhere, goes.
   */
  "disclosures",
  /** invitations.ts withoutReaderAppeals: a line asking the reader to donate, become a member, share, rate a recipe, follow the author or support the site's journalism goes (en, de, fr, es, it). */
  "reader-appeals",
  /** edit-links.ts: a wiki's bracketed link to edit a section ("Details [edit]", "[Bearbeiten | Quelltext bearbeiten]") goes from or beside its heading, and the box it shared with the heading gives way to it. */
  "edit-links",
  /** inline-gaps.ts: two inline elements side by side whose words could not be one ("<span>SKU: NKZ5M2K2</span><span>MFR: 2020</span>") get a space between them, not "NKZ5M2K2MFR". */
  "inline-gaps",
  /** html-to-article.ts readWordsOfEveryScript: Readability compares a heading with the title by words of every script, so a Russian or Chinese title's heading goes like an English one's. */
  "title-words",
  /** control-labels.ts: a line that is only a control's label ("Read more", "Back to top", "Page 1 of 8", "View in list", "Showing 1 to 24 of 1,093 results", "Quellen ausblenden") goes. */
  "control-labels",
  /** control-labels.ts isShareLabel: a sharing or liking widget's label left without its buttons ("Share this:", "Teilen Sie dies mit:", "Like Loading…"), heading or line, goes. */
  "share-labels",
  /** control-labels.ts withoutNumberLists: a list only of numbers counting 1, 2, 3 … (a slider's dots, a pager's page numbers) goes. */
  "number-lists",
  /** end-sections.ts isStoryLabel: off a listing and a thread, a paragraph that only names other stories ("Related reads:", "Mehr zum Thema") goes. */
  "story-labels",
  /** offers.ts: off product pages, a line offering an amount off or in credit ("Get $130 in value", "Unlock up to 55% OFF …") goes. */
  "offer-lines",
  /** invitations.ts: a line asking the reader to follow the site elsewhere ("Follow me on Instagram", "Folgen Sie uns auf X"), join its channel or download its app goes. */
  "follow-prompts",
  /** region.ts removeEndBoxes: a footer or newsletter sign-up built of <div>s, named so, in the region's second half. */
  "end-boxes",
  /** screen-reader.ts: the chosen content loses the text only a screen reader reads ("sr-only", "visually-hidden" labels). */
  "screen-reader-text",
  /** sections.ts: a page of many headed sections is its main region. */
  "sections",
  /** fragment.ts: Readability kept one wrapped part of the article. */
  "fragment",
  /** repeated-items.ts: a grid or series of items replaces the one Readability kept. */
  "repeated-items",
  /** priced-grid.ts: a category page's grid of priced cards that the chosen content lacks is added after it. */
  "priced-grid",
  /** priced-grid.ts withoutGridToolbar: a page not declaring one article loses its grid's sorting, filtering and view controls and counts of results ("Sort: Best Match", "1–30 of 296 products"). */
  "grid-toolbar",
  /** priced-grid.ts withoutOfferBanner: a page not declaring one article loses the shop's offer bar above its first heading ("Free shipping on orders over £30"). */
  "offer-banner",
  /** priced-grid.ts withoutRepeatedPrices: a page not declaring one article says a price twice in a row once ("$19.99" then "$19.99", "$30 ~~$30~~"). */
  "repeated-prices",
  /** priced-grid.ts withoutCardBadges: a badge line several cards carry ("Best seller", "Top Rated", "New") goes. */
  "card-badges",
  /** priced-grid.ts withoutSwatchCounts: a line that is only a card's count of colour swatches ("3 colors"), printed by several cards, goes. */
  "swatch-counts",
  /** html-to-article.ts: a JSON-LD articleBody twice as long as the markup's text is the article. */
  "article-body",
  /** stated-text.ts statedHowTo: a how-to whose steps only its JSON-LD HowTo states (the page draws them by script) comes back with its description, supplies, tools and steps, when they hold more than twice the words found in the markup. */
  "stated-how-to",
  /** stated-text.ts statedJobPosting: a job advert whose text only its JSON-LD JobPosting states comes back as that description, under a line naming the employer and the places of work, on the same terms. */
  "stated-job-posting",
  /** stated-text.ts statedRecipeSteps: a recipe whose content says the opening of fewer than half the steps its JSON-LD Recipe states gets those steps after it, as a numbered list. */
  "recipe-steps",
  /** stated-html.ts: a JSON-LD articleBody holding HTML (as it is, or escaped) is read as HTML: counted by its text, converted as markup. */
  "stated-html",
  /** product.ts: a product's name and description stated only in its structured data. */
  "stated-product",
  /** product-page.ts withoutShopperSections: a product page loses the reviews and related-products sections below it. */
  "product-sections",
  /** shop-languages.ts: a product page's sections of reviews and other products are known by their headings in twenty languages besides English ("Ähnliche Produkte", "Avis clients", "Похожие товары"), and its lines that are only a shop's control or promise by their words ("In den Warenkorb", "Auf Lager"). */
  "shop-languages",
  /** product-page.ts withoutRepeatedParagraphs: a product page says each of its paragraphs once. */
  "product-repeats",
  /** product-page.ts withoutShopLines: a product page loses its lines that are only a shop control or promise ("Add to cart", "Free shipping"). */
  "product-shop-lines",
  /** product-page.ts withoutLinksBeforeTitle: a product page loses the menu lines before the heading that says its title (two links or more, a menu's entries, a wall of brands' logos); the brand's link alone and the gallery stay. */
  "links-before-title",
  /** product-page.ts withoutRewardLines: a product page loses its lines pitching the shop's loyalty points ("Purchasing this product earns 176XP"). */
  "reward-lines",
  /** product-page.ts withoutLaterPrices: a product page loses its lines that are only a price after the first ("Sale price $24.95" of a kit in a comparison grid, a bundle's "49,35€"). */
  "later-prices",
  /** product-page.ts withProductTitle: a product page whose Markdown shows neither the product's name nor a price gets its one <h1> first (the buy box Readability left out). */
  "product-title",
  /** stated-price.ts: a product page whose Markdown lost the product's price gets the price as the page shows it, under the title. */
  "stated-price",
  /** stated-code.ts: a product page whose Markdown lost the product's code (SKU, part number, GTIN its structured data states) gets it under the title and price, as the page prints it. */
  "stated-code",
  /** product-page.ts withoutShopSections: a page of no known type loses the sections a shop adds under a product ("Customers also bought", "Customer reviews"). */
  "shop-sections",
  /** product-page.ts withoutStoredFields: a product page loses the description-list terms whose value is a bare web address (a template's stored fields). */
  "product-stored-fields",
  /** product-page.ts onlyLinks: a product page whose Markdown is nothing but links has no content. */
  "product-links-only",
  /** end-sections.ts: an article loses the other stories and the author's or newsletter box below it (a box also under a paragraph labelling it, "Über den Autor"), and a short post the sidebar after its comment form's heading. */
  "end-sections",
  /** end-sections.ts, html-to-article.ts: the end sections are cut on pages that declare no article too, unless the page is a shop's (endSectionsMaxPrices). */
  "undeclared-end-sections",
  /** invitations.ts: paragraphs asking the reader to join a newsletter or mailing list are left out. */
  "invitations",
  /** newsletter-boxes.ts: a heading naming a newsletter or following the site ("We do newsletters, too", "Follow Us"), with at most one short paragraph under it, goes. */
  "newsletter-boxes",
  /** invitations.ts withoutSignInPrompts: short lines asking the reader to log in or sign up ("Log in to save to favorites", "Join for free or log in") are left out. */
  "sign-in-prompts",
  /** invitations.ts isPaywallPrompt: a paywall's prompt where the story stops ("To view the full story, please subscribe to …", "Möchten Sie weiterlesen?") goes. */
  "paywall-prompts",
  /** cta-links.ts: a line of nothing but a link calling the reader to act ("Get a quote", "Talk to an expert") is left out. */
  "cta-links",
  /** more-links.ts: a line of nothing but a link pointing to more ("Learn more about privacy", "See all integrations") is left out. */
  "more-links",
  /** lone-links.ts: on a page of no known type, a link of a word or two alone between lines of text (a button, a card's "More Info") is left out. */
  "lone-links",
  /** variant-pickers.ts: on a product page, a fieldset of radio buttons with little text (a size or colour picker) is left out. */
  "variant-pickers",
  /** ad-labels.ts: an ad's label on a line of its own ("Advertisement", "Sponsored", "- Advertisement -") and a section headed "Advertisement: …" are left out, in a thread's posts too. */
  "ad-labels",
  /** fine-print.ts: on a page not declaring an article, a paragraph of an offer's or a credit card's terms ("While supplies last. Use coupon code … at checkout.") goes. */
  "fine-print",
  /** link-bars.ts: a line of nothing but three or more links with bars or dots between them (a footer's "FAQ | API | Contact") is left out. */
  "link-bars",
  /** member-panels.ts: a forum member's panel lines ("Join Date: Aug 2008", "Posts: 1,077") and phone signatures ("Sent from my … using …") are left out. */
  "member-panels",
  /** link-cards.ts: in a thread's post, a link preview (another site's page drawn as a card: its name, title, description) comes back as its title's link. */
  "link-cards",
  /** end-sections.ts withoutTrailingTeasers: a run of teasers the Markdown ends on (headings linking to other pages of the site, each with at most one blurb and its pictures, list items or not) is left out. */
  "trailing-teasers",
  /** end-sections.ts withoutOwnTitleTeasers: a run of teasers the Markdown ends on, one of them the page's own title (the site's latest stories, this one among them), is left out, linked or not. */
  "own-title-teasers",
  /** end-sections.ts withoutTrailingHeadings: the headings the Markdown ends on, which head nothing (a contact form's title), are left out. */
  "trailing-headings",
  /** card-furniture.ts: the labels and controls most cards of a grid repeat word for word are left out. */
  "card-furniture",
  /** card-furniture.ts inSentence: a card's title link said again inside a sentence of its text ("The <a>Canon EOS RP</a> is …") stays. */
  "sentence-links",
  /** markdown.ts withoutRepeatedRuns: the later verbatim copy of a band of text lines, or of a heading just said, is left out. */
  "repeated-runs",
  /** markdown.ts withoutRepeatedRuns listTwins: a band said as list items (phones) and again as paragraphs (desktops) is said once. */
  "list-twins",
  /** markdown.ts spaceHeadingParts: sibling parts of a heading with no text between them ("id" and its type "string") are written apart. */
  "heading-parts",
  /** markdown.ts withoutGluedTwins: a line that is one text said twice with nothing between ("NEWNEW", a label's phone and desktop copies) is said once. */
  "glued-twins",
  /** markdown.ts withoutRepeatedPictures: a picture shown again right after itself (a gallery's slide and its thumbnail, one address) is shown once. */
  "repeated-pictures",
  /** variant-runs.ts: versions of one notice in a row (a promo bar's text for each country, an offer for each plan) are said once, by the first. */
  "variant-runs",
  /** markdown.ts codeText, isCodeGutter: a code block with no line break, built of sibling elements of one kind, has one line per element; a code block laid out as a table loses its line-number gutter. */
  "code-lines",
  /** region.ts sentenceOf: a link set in bold or a span inside a sentence ("<b><a>Lady Gaga</a></b> shared …") is a word of it, not a control alone in its box. */
  "wrapped-links",
  /** boilerplate.ts linkedLines: a link line holding a long link whose words run over a line break (a song's annotated lyrics) is text. */
  "linked-lines",
  /** metadata.ts: an author named in the page's copyright line, the site's staff ("Us Weekly Staff") or a company ("mediagene Inc.") is the site's: the people a key names, a later author key or the printed byline name the writer. */
  "rights-holders",
] as const;

export type RuleName = (typeof RULES)[number];

/** Whether `name` is one of RULES (for the benchmark's command line). */
export function isRuleName(name: string): name is RuleName {
  return (RULES as readonly string[]).includes(name);
}
