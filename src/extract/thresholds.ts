/**
 * Every number the extraction rules decide by, in one table, with the reason for each (the way
 * trafilatura keeps its settings in settings.cfg). Rules import from here; nothing else hard-codes a
 * threshold. Values were set on the tuning part of the WCXB development split (scripts/bench-wcxb.ts)
 * and checked on its held-out part and on the article benchmark.
 */
export const THRESHOLDS = {
  /**
   * An image declared at most this many pixels wide and high is an icon (boilerplate.ts, removeCaptions):
   * the short text beside it is a label, not a caption. Checkmarks and feature symbols are 16-48 px; a
   * captioned picture is hundreds. Keeping icon labels: WCXB service +0.28 / +0.04 (tuning / check).
   */
  iconMaxPx: 64,
  /**
   * A titled card beside an image (boilerplate.ts, removeCaptions) has at least this many characters of
   * blurb besides its heading: a feature's sentence; a product card's price or a member's post count is shorter.
   */
  cardBlurbMinText: 40,
  /**
   * A block named as a widget among the text's paragraphs is content when it holds at least this many
   * characters of prose outside links (boilerplate.ts): a product box with a paragraph or two of verdict;
   * a call to action or a one-line teaser is shorter.
   */
  widgetInTextMinProse: 500,
  /**
   * Parts of cards named as a widget are the grid's text (boilerplate.ts unnameWidgetCards) when at least
   * widgetCardMinCards of them share their class and their block's class (a grid, not one box), and
   * together they hold at least widgetCardsMinProse characters of prose outside links (blurbs of a
   * sentence or two, not the cards' prices or buttons' labels).
   */
  widgetCardMinCards: 3,
  widgetCardsMinProse: 240,
  /**
   * A block named as furniture by its class (a "collection-banner-hero") that holds the page's <h1> is the
   * page's title block when its text is shorter than this (boilerplate.ts): a title and a line or two of
   * introduction. WCXB: 200 and 500 change the same pages; at 2,000 a product check page loses 0.012.
   */
  titleBannerMaxText: 500,
  /** …and its parent holds at least this many paragraphs of its own, each of at least runningParagraphProse characters. */
  runningTextParagraphs: 2,
  runningParagraphProse: 80,
  /**
   * A note, tip or warning box among a text's paragraphs becomes a quote Readability keeps when it holds
   * at most this many characters (boilerplate.ts quoteAdmonitions): a few sentences; a longer block
   * named so ("release-notes") is a section of its own, left to the other rules.
   */
  admonitionMaxText: 1500,
  /**
   * A link list kept because the paragraph before it announces it with a colon (boilerplate.ts
   * announcedList): the paragraph has at least this many words, a sentence ("For more information,
   * see:") rather than a label ("Related links:", "See also:").
   */
  announcingSentenceWords: 4,
  /**
   * A <main>/role=main element is the page's main region only when it holds at least this share of
   * the body's text: some sites wrap a single widget in <main> and put the content beside it.
   */
  mainRegionMinShare: 0.25,
  /**
   * The body, not the <main>, is the region when the paragraphs outside <main> (and outside page
   * furniture) hold at least this many times the paragraph text inside it (region.ts, mainRegion): a
   * shop's category description placed after a <main> that wraps only the product grid. On the WCXB
   * tuning part the rule changes two collection pages (+0.45 each) and no other page at 0.5, 1 or 2.
   */
  proseOutsideMainMinRatio: 1,
  /** …and at least this many characters (a few paragraphs): a short note below <main> is not the page. */
  proseOutsideMainMinChars: 500,
  /**
   * Readability keeps one container. When what it kept is less than this share of the main region's
   * words, it has picked one fragment of a page made of many parts (a listing, a thread, a product).
   */
  readabilityMinShare: 0.5,
  /** …and the main region must repeat at least this many sibling items (posts, cards, rows). */
  minRepeatedItems: 4,
  /** An item counts towards the repetition when it has at least this many characters of text. */
  repeatedItemMinText: 20,
  /**
   * Readability results of at least this many words are kept whatever the region holds: a real article
   * surrounded by comments and other stories is the usual page of that shape (the article benchmark).
   * Pages that declare themselves one article (og:type, JSON-LD) keep it from readabilityMinWords.
   */
  readabilityMaxWords: 100,
  /** Readability results below this many words are too thin to trust on any page. */
  readabilityMinWords: 40,
  /**
   * The main region is never taken when it is more than this many times Readability's words: the region
   * then carries a page's worth of extra material (comments, other stories) around a real article.
   */
  regionMaxGrowth: 20,
  /**
   * When Readability kept less than this share of the cleaned main region's words, it kept one part of
   * an article cut into separately wrapped parts, and the region is taken even on a page that declares
   * one article (fragment.ts). On the WCXB tuning part, 19 pages fall below 0.15: Readability's result
   * scores 0.33 there on average and the region 0.71; between 0.15 and 0.25 the region wins only as
   * often as it loses.
   */
  readabilityFragmentShare: 0.15,
  /**
   * …unless the region holds a dated series (comments, other stories' teasers) that Readability's text is
   * not part of: then Readability kept the article and the series is what follows it. Part of it means
   * this many consecutive words from the middle of Readability's text occur in the series (Readability
   * kept one post of a thread, and the series is the content); a run, not a share of shared words, since
   * any long series holds the common words of any text.
   */
  fragmentProbeWords: 8,
  /**
   * Lead rule (lead.ts): the block around the page's one <h1> is its title and introduction when its
   * paragraphs hold at least this many characters (a subtitle or a date line holds less)…
   */
  leadMinProse: 200,
  /** …and its parent holds at least this many times its text (the body beside it)… */
  leadBodyRatio: 3,
  /** …and it is found before the climb from the <h1> reaches a block of more than this many characters (the whole text). */
  leadMaxText: 4000,
  /** The lead is missing from Readability's result when the first this many words of its first paragraph of that length are. */
  leadProbeWords: 8,
  /**
   * Front prose (front-prose.ts): the paragraphs of prose before the first one Readability kept are the
   * article's opening when they hold at least this many words (a standfirst or a notice holds fewer, and
   * ground truths disagree over standfirsts: prepending every paragraph between the title and the
   * result lost 0.42 summed on the WCXB tuning part's articles). 100 words and a share of 0.3 change no
   * page of WCXB or the snippet corpus; 60 and 0.15 take two collection pages' product blurbs for an
   * opening (tuning −0.257, one article +0.111) and gain the corpus two passages for one boilerplate one…
   */
  frontProseMinWords: 150,
  /** …and at least this share of the words Readability kept (a long article's preface is not its opening). */
  frontProseMinShare: 0.5,
  /** A paragraph of prose: at least this many words… */
  frontProseParagraphWords: 15,
  /** …at most this share of them a link's text. */
  frontProseMaxLinkShare: 0.3,
  /** A paragraph is found again by its first this many words. */
  frontProseProbeWords: 8,
  /**
   * Recipes (recipe.ts): a page whose JSON-LD Recipe lists at least this many ingredients (fewer is a
   * drink's or a dish's note, not a recipe to follow)…
   */
  recipeMinIngredients: 3,
  /** …and whose Readability result names under this share of them lacks its recipe… */
  recipeMaxKeptShare: 0.5,
  /** …which the main region holds when it names at least this share of them. */
  recipeMinRegionShare: 0.8,
  /**
   * A recipe's stated method (stated-text.ts statedRecipeSteps) goes after the content when the content
   * says the first statedStepProbeWords words of fewer than this share of its steps: a text that names
   * most of them holds the method, in its own words and pictures.
   */
  recipeStepsMinKeptShare: 0.5,
  /** …a step looked for by its first this many words (a step's opening is its own; six words rarely recur in another step). */
  statedStepProbeWords: 6,
  /**
   * A text the structured data states (a JSON-LD articleBody, a HowTo's steps, a JobPosting's
   * description) replaces the markup's when it holds at least this many words and more than twice the
   * markup's: a stated summary of a sentence or two is no article.
   */
  statedBodyMinWords: 50,
  /**
   * Question buttons (mend-html.ts): a button whose text is a question of at least this many words and
   * at most questionButtonMaxChars characters is an FAQ's question and keeps its text (a control's
   * label is a command or a name: "Add to cart", "Show more"). Three words kept call-to-action and
   * tooltip labels ("Need help planning?", "Did you know?"): product −0.005 on the check part, listing
   * −0.003 on the tuning part; with four, no type lost on either part…
   */
  questionButtonMinWords: 4,
  /**
   * A link hidden from screen readers that repeats a shown link's target keeps its text when it holds at
   * least this many words (unhide.ts revealHiddenBlurbs): a card's blurb of a sentence; a "Read more", a
   * title's second copy or a picture's link is shorter.
   */
  hiddenBlurbMinWords: 8,
  questionButtonMaxChars: 200,
  /** …read only from a button of at most this many characters of markup (its icons included). */
  questionButtonMaxMarkup: 2000,
  /**
   * A button's or media element's content (mend-html.ts): read for its end, or for a parent's end tag
   * that closes it first, over at most this many tags. A fallback text or a button's label is a few
   * tags; past this its own end tag is sought as for raw text (once per page when none is left), so a
   * page of unclosed elements costs a bounded walk each.
   */
  elementContentMaxTags: 200,
  /**
   * Split intro (intro.ts): a block is an article's introduction set apart from its body when its
   * paragraphs hold at least this many characters (a subtitle or a teaser line holds less)…
   */
  splitIntroMinProse: 150,
  /** …at most this many in all (more is a part of the body, which Readability weighs on its own)… */
  splitIntroMaxText: 3000,
  /** …this share of them in paragraphs (a list of links or a form is not an introduction)… */
  splitIntroMinProseShare: 0.6,
  /** …and at most this share in links, as is the body after it. */
  splitIntroMaxLinkShare: 0.3,
  /** Blocks of fewer characters between the intro and its body are furniture (a sign-up box, a disclosure)… */
  splitIntroMaxBetween: 200,
  /** …and at most this many of them stand between. */
  splitIntroMaxBlocksBetween: 4,
  /** The body holds at least this many times the intro's characters in its paragraphs. */
  splitIntroBodyRatio: 3,
  /** The intro or body is found in Readability's text by the first this many words of its first paragraph of that length. */
  splitIntroProbeWords: 8,
  /** An intro holds a paragraph of at least this many words (a sentence or two; contact lines and notices are shorter). */
  splitIntroMinParagraphWords: 25,
  /** An intro holding this many child blocks of one tag and class is a series (cards, reviews), not an introduction. */
  splitIntroMaxSeries: 3,
  /**
   * Questions section (faq-section.ts): a heading named "FAQ" or "Frequently asked questions" heads such a
   * section when the blocks after it hold at least this many questions (one is a call to action)…
   * WCXB, declared articles stating an FAQPage (tuning / check, F1 summed): article +0.206 / 0, three
   * pages up (0.93 -> 0.99, 0.94 -> 1.00, 0.67 -> 0.75), none lower, no other type changed.
   */
  faqMinQuestions: 2,
  /** …each an element's whole text of at least this many words ("Why?" is a label)… */
  faqQuestionMinWords: 3,
  /** …and at most this many (a paragraph ending in a question is prose)… */
  faqQuestionMaxWords: 30,
  /** …and at most this many characters in all (more is a page of questions, which Readability weighs itself). */
  faqMaxChars: 20000,
  /** The section is found in Readability's text by the first this many words of its first question. */
  faqProbeWords: 8,
  /**
   * Series gaps (series-gaps.ts): sibling blocks of one tag and class, at least this many, are a series
   * (a ranking's entries, a page's sections of one block type, an accordion's questions); fewer is a pair
   * of columns. Three gained over four on WCXB (F1 summed +0.21 tuning, +0.01 check: services and accordions).
   */
  seriesGapsMinEntries: 3,
  /**
   * The share of a series Readability's result must hold for the entries it left out to go back: a third
   * (0.3) gained over a half (0.5) on WCXB (F1 summed +0.07 tuning, +0.53 check, all on articles and services).
   */
  seriesGapsMinKept: 0.3,
  /** An entry goes back when one of its paragraphs has this many words (not mostly a link's text). */
  seriesGapsProseWords: 8,
  /** <noscript> holding at least this much text is content (server-rendered posts), not a notice. */
  noscriptContentMinText: 200,
  /** A cookie/consent box by name is only removed when shorter than this (a page about cookies is not). */
  consentBoxMaxText: 1500,
  /** A <header> inside the region is kept when it holds an <h1> (the page's own title) or this much prose. */
  headerKeepMinProse: 300,
  /**
   * A list whose items are each one link of at most this many characters on average is a menu (the
   * site's sections, a footer's columns) even without <nav>; a listing's items are longer titles.
   */
  menuItemMaxText: 24,
  /** …and has at least this many items. */
  menuMinItems: 3,
  /**
   * A list whose entries hold lists of their own, every entry a link, is a mega-menu or a site map (a
   * firm's practice areas with their services) when its links average at most this many characters of
   * text (a flat menu's bound, menuItemMaxText, is per top entry, which carries its sub-list)…
   */
  nestedMenuLinkMaxText: 40,
  /** …and it has at least this many links (a short nested list is an outline, not a menu). */
  nestedMenuMinLinks: 8,
  /**
   * A block that is nothing but one link this short ("Log in", "Open app", "Skip to main content") is a
   * control, not content, when it stands alone outside running text and lists.
   */
  controlLinkMaxText: 24,
  /**
   * A block holding nothing but 2 to this many short links is a row of controls (calls to action, a
   * footer's legal links); more are a menu, which the list and name rules catch.
   */
  controlRowMaxLinks: 6,
  /**
   * An element named as a menu, breadcrumb, header, footer or share bar (region.ts) is removed when at
   * least this share of its text is link text: those are link furniture; a block of prose with such a
   * class name (a page-builder "header" section with a paragraph) has far less.
   */
  namedFurnitureMinLinkShare: 0.5,
  /** …and holds at most this share of the region's text (a wrapper of the whole page can carry any name). */
  namedFurnitureMaxShare: 0.3,
  /**
   * Boilerplate rules before Readability (boilerplate.ts): an element named as furniture or as a hover
   * card is not removed when it holds more than this share of the page's prose outside links (a wrapper
   * of the whole page, a ranking's table named for its rows' tooltips can carry any name).
   */
  furnitureMaxPageShare: 0.3,
  /**
   * A box named a footer or newsletter sign-up (region.ts removeEndBoxes) goes when it begins after this
   * share of the region's text: before it, "footer" names a card's bottom row (price, rating),
   * "subscription" a product and "modal" a product's details. Without the bound WCXB collection lost 0.13
   * summed on the tuning part and service 0.09 on the check part (footer names), product 0.23 on the
   * tuning part (modal names); with it no type is lower.
   */
  endBoxMinStart: 0.5,
  /** …holds at most this share of the region's text (a wrapper of the whole page can carry any name)… */
  endBoxMaxShare: 0.3,
  /**
   * …and at most this many headings: a footer's box has a title at most; a named band of several headed
   * parts is a section of the page (a product's editions in a "footer-global-downloads" band: one product
   * page 0.88 -> 0.84 without this guard).
   */
  endBoxMaxHeadings: 1,
  /**
   * …and its links average at most this many characters: menu entries and breadcrumbs are short, a link
   * wrapping a whole card (heading and blurb, a "nav card" grid of a service's offers) is content.
   */
  menuLinkMaxText: 40,
  /**
   * The region's text before its one <h1> (the site's header, alert bars, login boxes) is removed when it
   * holds at most this share of the region. Tuning part, region candidates cut at the title: 0.3 gains on
   * every page type (service +0.79, article +1.58, product +0.56 summed F1; one article page loses);
   * 0.5 and above cut documentation and listing pages whose content starts before a late title.
   */
  titleLeadMaxShare: 0.3,
  /**
   * Sections rule (sections.ts): on a page that does not declare itself one article, the main region
   * replaces Readability's container when it holds at least this many times its words: Readability kept
   * one section of a page made of several (a landing page's features and pricing, a product's
   * description beside its specifications). Below it the region only adds furniture Readability rightly
   * dropped. Tuning part: 1.3 to 2.0 all gain; 1.5 gains most on service and product pages.
   */
  sectionsMinGrowth: 1.5,
  /**
   * …and at most this many times: beyond it the region is mostly other material (a grid of other
   * products, comments, link lists) around a short text that Readability found correctly.
   */
  sectionsMaxGrowth: 15,
  /**
   * …and only while Readability kept fewer than this many words: a longer result is a long-form text
   * that the region mostly pads with other material, and skipping the rule there spares those pages the
   * region's second parse. Tuning part, whole set: 800 gains most (500: -0.003 per page, 1500: -0.001).
   */
  sectionsMaxReadabilityWords: 800,
  /**
   * …and only when at most this share of the region's text is link text: more is menus the furniture
   * rules missed (an undeclared news page whose region was its mega-menu, article benchmark). On the
   * tuning part no product, service or documentation page the rule took had more than 0.4.
   */
  sectionsMaxLinkShare: 0.5,
  /**
   * A hidden element (style or `hidden` attribute) holding at least this share of the body's text is the
   * page hidden until its scripts run (unhide.ts), not a collapsed menu or dialog: its hiding is lifted.
   * Menus and dialogs hold a small share; a page-wide wrapper holds nearly all of it. So are the boxes
   * hidden from screen readers (`aria-hidden`) outside the navigation that hold this share together:
   * the page behind a dialog (pageBehindDialog). A marketplace's item pages saved with a dialog open hold
   * 0.65 to 0.81 of their text in such boxes; of WCXB's 1,355 pages and the product corpus' 140, 301
   * hold any, two of them half or more in one box (lifted by the page-wide test already), the next
   * 0.498, 0.46 and 0.45, which stay hidden.
   */
  pageHiddenMinShare: 0.5,
  /**
   * A hidden panel that a control opens (unhide.ts) is a dropdown menu, not an accordion's answer,
   * when more than this share of its text is link text (as the sections rule's region limit).
   */
  disclosureMaxLinkShare: 0.5,
  /**
   * An accordion drawn without ARIA (unhide.ts accordionAnswer): a hidden block is an item's answer when
   * the block before it, its title, is a heading or a question of at most this many characters…
   */
  accordionTitleMaxText: 200,
  /**
   * …and the item holding both has at least this many items of its tag and class beside it, itself
   * counted (the accordion's other questions). WCXB tuning part, hidden blocks after such a title:
   * with the series, 5,632 characters of ground-truth text against 477 of other text; without it,
   * 5,921 against 11,401; a series of the hidden blocks themselves instead, 244 against 4,586.
   */
  accordionMinItems: 2,
  /**
   * A hidden block of a shown sibling's tag and class is a tab's panel (unhide.ts siblingPanel) from this
   * many characters: a tab holds paragraphs, a grid or a table, while a hidden sibling of a sentence or
   * two is a message waiting to be shown or a price toggle's other price. WCXB tuning part, summed over
   * the pages that change: 100 characters +0.336 (five pages up, one down), 200 +0.432 (three up, one
   * down by 0.003), 400 +0.435 (three up, none down); check part unchanged at each.
   */
  siblingPanelMinText: 400,
  /**
   * A filter entry's count (boilerplate.ts isCountedChoice) is at most this many characters, "(1,791)"
   * or "158", read from the statistics before the sibling's text is, so a long sibling is never
   * scanned; sixteen characters hold a count in the billions with separators and parentheses.
   */
  facetCountMaxChars: 16,
  /**
   * A line among the last of an article that holds an e-mail address is a contact card, and goes, when
   * fewer than this many other words stand beside the address: a name, an office and a label ("Dr. Jane
   * Roe, Institute of Physics, E-Mail: …") take under a dozen; a sentence naming whom to ask and how
   * ("Further information from … at the council's office for older people, 02382 59743, …") is the
   * article's text (boilerplate.ts contactLine).
   */
  trailerContactMaxWords: 12,
  /**
   * A heading that is one link stays in Readability's result (boilerplate.ts describedHeading) when the
   * block right after it has at least this many characters of text, of which at most
   * describedLinkMaxLinkShare is link text: a documentation hub's entry and its one-sentence summary.
   */
  describedLinkMinText: 40,
  describedLinkMaxLinkShare: 0.3,
  /**
   * A link list under a heading stays in Readability's result with one paragraph between them
   * (boilerplate.ts titledList) when that paragraph has at most this many characters, of which at most
   * listIntroMaxLinkShare is link text: a section's introduction of one to three sentences before its
   * list of parts ("BigQuery storage": three sentences, then "Learn about datasets …" links), not a
   * section of text that ends on a list of links. 500 rather than 300: three tuning pages gained
   * (documentation +0.019, a buying guide's "Buying options" +0.025, article +0.017), two lost under
   * 0.005 (a reference's list of external guides, a review's links to its sister pages); 800 changed
   * nothing more.
   */
  listIntroMaxText: 500,
  listIntroMaxLinkShare: 0.3,
  /**
   * At most this many items in such a list: a section's parts or a short selection, not a directory
   * (a company's dozens of locations under "Find the location nearest you").
   */
  listIntroMaxItems: 20,
  /**
   * A block whose id is one of our furniture names spelled from the heading it opens ("cookies" over
   * "Cookies") loses that id (boilerplate.ts withoutAnchorId) only when it holds at least this many
   * characters: a manual's section, not a consent bar or a sign-in panel of that name.
   */
  anchoredSectionMinText: 500,
  /**
   * Two sibling parts of a heading with no text between them are written apart (markdown.ts
   * spaceHeadingParts) only when each holds at least this many characters: an API reference's name
   * "id" and type "string" are two and more, while a heading animated one letter per span has one.
   */
  headingPartMinChars: 2,
  /**
   * A line that is one text said twice with nothing between is a theme's two copies of a label
   * (markdown.ts withoutGluedTwins) when each copy has at least this many characters: "NEWNEW" is,
   * "haha" is a word.
   */
  gluedTwinMinChars: 3,
  /**
   * A Markdown block that is one phrase of at most marqueeMaxPhraseWords words repeated at least
   * marqueeMinRepeats times, and nothing else, is a marquee (markdown.ts): a CSS ticker's copies. Ten
   * keeps a chorus sung six times, or a "ha" laughed eight times, in the text; tickers run to dozens.
   * On WCXB it fires on three pages (a "Book Now *" ticker, an "ENROL NOW" one, "Loading..." placeholders).
   */
  marqueeMaxPhraseWords: 8,
  marqueeMinRepeats: 10,
  /**
   * A definition list's term and its one value are written as one line, "Term: value" (markdown.ts,
   * rule definition-pairs), when each holds at most this many characters of inline content: a
   * specification's row ("Country of Origin" / "United States"), not a manual's entry, whose value is
   * paragraphs. Of WCXB's pairs with a value of at most 80 characters, the ground truths write 80 as
   * "Term: value", 116 as "Term value" and 46 on two lines; word-F1 and snippets do not read the colon.
   */
  definitionPairMaxText: 120,
  /**
   * A run of at least repeatedRunMinLines consecutive lines of text (paragraphs and headings; table rows
   * and code never count, list items only as the earlier copy of paragraphs: rule list-twins) holding at
   * least repeatedRunMinWords words, that the Markdown already holds word for word, is a second copy of one part of the page (markdown.ts): the mobile and
   * desktop versions of one feature band, a slider's cloned slides. WCXB word-F1 with the later copy
   * left out, tuning / check part summed: service +0.41 / +0.23, product +0.45 / 0, article +0.16 /
   * +0.23, forum +0.03 / +0.06, listing +0.02 / -0.03, collection -0.01 / 0; 44 of 1,355 pages change.
   * List items stay out of it (pricing plans repeat the same features in every plan: two such pages
   * lost 0.1 each), and so does a copy under a heading of higher rank than its own (a parallel section:
   * an article-benchmark meal plan's Plan B repeats Plan A's meals, 0.99 -> 0.64 without that exception).
   */
  repeatedRunMinLines: 4,
  repeatedRunMinWords: 30,
  /**
   * Versions of one notice (variant-runs.ts): at least variantRunMinParagraphs consecutive paragraphs
   * sharing a sentence of at least variantSentenceMinWords words, the shared sentences at least
   * variantSharedMinShare of each paragraph's words, are said once. Five: up to four paragraphs in a
   * row sharing a sentence may be items of one template (a page's own plans or courses, each named),
   * while a promo bar's versions for every country come by the dozen (WCXB: 14 on two pages) and a
   * server's warning printed on every call by the half dozen (the snippet corpus: 6 and 7); three
   * would also take an offer worded for each of three plans (one WCXB page, +0.02) and every test
   * page built of one filler sentence. Ten words: a specification's value ("12 V mit Adapter GAA
   * 12V-21", 7 words) said for several products in a row is not a notice. A third: a notice whose
   * versions differ in one sentence of three (an amount, a country) is still one notice, while a
   * refrain closing each stanza of a poem is a small part of it. WCXB word-F1 summed over the pages
   * changed, tuning / check part: article +0.40 / 0, service +0.36 / 0, documentation 0 / -0.01
   * (docs/extraction.md).
   */
  variantRunMinParagraphs: 5,
  variantSentenceMinWords: 10,
  variantSharedMinShare: 1 / 3,
  /**
   * A later version says at most this many words outside the sentences it shares (variant-runs.ts): a
   * notice's versions differ by a sentence naming an amount or a plan ("Free express shipping on
   * orders ₹11,230 or more.", 7 words; an offer's reworded lead, 22); a paragraph that repeats a
   * marquee's sentences and goes on for 73 words of its own is the page's text (WCXB: the one such
   * paragraph, which holds a `with` snippet).
   */
  variantMaxOwnWords: 30,
  /**
   * On a product page, a section headed "Reviews", "Related products", "Recently viewed" and the like
   * (product-page.ts, withoutShopperSections) is cut when it begins after this share of the page's
   * words: below the product, such sections are about other products and other people's opinions;
   * above it, a rating summary beside the title is the product's. WCXB, pages vellum calls product
   * (pageType), tuning / check part summed: product +1.16 / +0.20 (15 tuning pages change, 3 lose up to
   * 0.08: their ground truth keeps the reviews or a seller's feedback); no other type moves. A share of 0.5
   * gains less (+0.8 / +0.2); 0 cut whole pages whose first heading was "Recommended for you".
   */
  productSectionsMinShare: 0.3,
  /**
   * …and a section about other products ("Similar items", "People who viewed this item also viewed") when
   * it begins after this share: such a section is never the product's, but a page may open with one
   * ("Recommended for you") above its product. Tuning part, sum of F1 on pages vellum calls product:
   * +0.58 at 0, 0.05, 0.1 or 0.2 (two pages 0.21 -> 0.46 and 0.31 -> 0.63; two lose 0.001 and 0.004);
   * the headings "complete the look", "often viewed", "top rated" and the like add +0.10 (two pages),
   * "get the look", "as seen on", "accessories for" and "top sellers" +0.05 more (two pages).
   */
  productOtherSectionsMinShare: 0.1,
  /**
   * A section of other products' cards (product-page.ts, withoutShopperSections) ends at a heading of a
   * lower rank over a block without a price holding this many words outside links: a card holds a name,
   * a price and a word or two ("In stock"), often unlinked; a product's own description or
   * specifications below a carousel hold more and no price (a Latvian shop's 20-word description under
   * "### Produkta apraksts", after "## Preces, kas Jums varētu patikt"). Set on the product corpus of
   * docs/extraction.md ("Shops in other languages"); WCXB measured in the same place.
   */
  productCardsEndMinWords: 15,
  /**
   * A paragraph or list item of at least this many words on a product page is dropped when the Markdown
   * already said it word for word (product-page.ts, withoutRepeatedParagraphs). First built for
   * paragraphs of 8 words (+0.27 over 11 tuning pages, none lower; over all pages it lost on
   * documentation, -0.04: a reference repeats its sentences on purpose, hence product pages only).
   * List items and lines of 2 words and more added (the fifteenth session; tuning / check F1 summed on
   * product pages): 2 words +0.531 / +0.264, 1 word +0.527 / +0.270, 3 +0.477 / +0.243, 5 +0.199 / +0.188;
   * paragraphs alone at 2 words +0.155 / +0.046 (the repeats are mostly spec lists and price lines laid
   * out twice). The loss is a comparison of variants whose cards repeat their attribute lines (-0.17).
   * Lines compared by their words alone (markup, link targets, pictures aside), headings too when what
   * they head is a copy as well (fourteenth session): +0.180 / +0.022 more, no other type changed.
   */
  productRepeatMinWords: 2,
  /**
   * A description-list value read as a stored field's bare address (product-page.ts, withoutStoredFields)
   * is at most this long: an address, not a paragraph that happens to have no spaces.
   */
  storedFieldMaxLength: 400,
  /**
   * A clipped text (unhide.ts, revealClippedText) gives way to the hidden text it begins when it holds at
   * least this many characters before its ellipsis: a short label ("Size...") may begin anything.
   */
  clippedTextMinLength: 40,
  /**
   * A product page's Markdown is only link lists (product-page.ts, onlyLinks) when at most this share of
   * the words outside its headings lies outside links: the product was rendered by scripts and what is
   * left is the site's footer. WCXB tuning part: the two product pages that fall below are such footers
   * (their ground truth is empty); the lowest other page vellum calls product has 0.74, and listing pages
   * go down to 0.1 (a listing's teasers are links, which is why the rule is for product pages only).
   */
  productLinksOnlyMaxShare: 0.05,
  /**
   * Repeated-items rule (repeated-items.ts): a sibling counts as an item (a post, a card, a listing
   * row) when it holds at least this many characters: a product card's name and price, a listing's
   * title; shorter siblings are menu entries and buttons.
   */
  repeatedItemMinChars: 30,
  /** …and a page's repeated structure has at least this many items (fewer are sections, not a series). */
  repeatedMinItems: 3,
  /**
   * Card furniture (card-furniture.ts): a grid's cards are same-shaped siblings (repeatedItemMinChars
   * each) and there are at least this many of them: fewer are sections of a page, whose shared words
   * are headings and labels of its content.
   */
  cardFurnitureMinCards: 4,
  /**
   * …a card's control or screen-reader label is furniture when at least this share of the grid's cards
   * repeat it word for word: a label on one card in three is that card's own (a badge, a state).
   */
  cardFurnitureMinShare: 0.5,
  /** …and it has at most this many characters ("Add to wishlist", "Unit price", "Quick view"). */
  cardFurnitureMaxChars: 30,
  /**
   * Screen-reader text (screen-reader.ts) is a label, a phrase or two: an element of the convention's
   * class holding more than this many characters is a page hiding content by mistake or until a script
   * shows it, and stays.
   */
  screenReaderTextMaxChars: 200,
  /**
   * The items replace Readability's container only when at least this share of Readability's words
   * occurs in them: Readability then kept one post or one card of the series, not a separate article.
   */
  repeatedMinOverlap: 0.8,
  /** …and when they hold at least this many times its words (the other posts and cards it dropped). */
  repeatedMinGrowth: 1.5,
  /** …and at most this many times: beyond it the series is something else (a comment wall, link lists). */
  repeatedMaxGrowth: 30,
  /** When Readability found nothing, the items are taken when they hold at least this many words. */
  repeatedMinWordsAlone: 50,
  /**
   * Readability results under this many words need not lie in the items: such a result is a fragment
   * beside the series (the thread's title, a category heading), not a separate article.
   */
  repeatedFragmentMaxWords: 150,
  /**
   * Listing rule (listing.ts): a region is a list of teasers when it holds at least this many linked
   * headings (headings that are links to the item, or sit in one)… Tuning part, this signal alone: 5
   * takes 11 listing pages whose region beats Readability's pick (+0.043 on listing); on other types it
   * also took 26 of 312 sampled pages (articles with related-story blocks, documentation with linked
   * section titles), which the guards below leave out. With them the rule changes 40 of 1,355 pages:
   * listing 0.656 -> 0.688 (check part 0.659 -> 0.685), no type lower, no article-benchmark page taken.
   */
  listingMinLinkedHeadings: 5,
  /**
   * …and at least this share of its headings are linked: an article's headings name its own sections and
   * link nowhere, so an article with a few linked related-story titles stays below it.
   */
  listingMinLinkedShare: 0.6,
  /**
   * …and it shows at most this many prices per linked heading: more is a product grid, whose category
   * pages (WCXB "collection") are as often judged by their category text as by their cards; there the
   * region lost to Readability on the tuning part (grids of 24 priced cards beside a long category
   * text: about -0.4 each).
   */
  listingMaxPricesPerHeading: 0.5,
  /**
   * …and at least this share of its text lies in the teasers (each linked heading with its date and
   * blurb): an article followed by a few related-story teasers has most of its text outside them.
   */
  listingMinTeaserShare: 0.5,
  /**
   * …and, on a page that declares one article (og:type, JSON-LD), Readability's result holds at most this
   * many words outside the teasers: a declared hub's Readability pick is teaser fragments (near 0 words
   * outside them), while a short declared news story beside a "Most popular" list of linked headlines
   * has its own text there (an article-benchmark story with 118 such words was replaced by the list: 0.99
   * -> 0.54). A declared hub's intro (the paragraph under its title that Readability keeps) lies outside
   * the teasers too: 52 and 67 words on two WCXB hubs (a course index, a recipe category), which 40 left
   * to Readability's intro alone (0.86 -> 0.97 and 0.31 -> 0.91 with their teasers); 150 took the story.
   */
  listingMaxReadabilityOutsideDeclared: 80,
  /**
   * A teaser (a linked heading with its date, blurb and link line) holds at most this many characters
   * (about 450 words) and never the page's <h1>: a larger block around a lone linked heading is the
   * article it sits in (article benchmark: two news articles whose author box or "read next" heading
   * made the whole article a teaser at 8,000, 0.996 -> 0.446 and 0.985 -> 0.95; none at 4,000). Hubs
   * that print their lead story or a newsletter issue whole under its linked title need more than
   * 2,000: with it two WCXB listing pages kept only Readability's pick of that story (0.67 -> 0.99 and
   * 0.68 -> 0.97 at 3,000).
   */
  teaserMaxChars: 3000,
  /**
   * …and Readability's result has at most this many words outside the teasers: more is an article
   * Readability found beside them, whose related stories the teasers are (article benchmark: a news
   * video page with 415 such words under a wall of teasers). A listing's Readability result is one
   * teaser, a lead story or a short intro or footer.
   */
  listingMaxReadabilityOutside: 300,
  /**
   * On a page that declares one article, the region is parsed for the listing rule only when
   * Readability's text has at most this many times the rule's bound of words outside the whole page's
   * teasers (listing.ts, listingOutOfReach): on the article benchmark 81 of 181 pages have enough linked
   * headings for the rule, nearly all of them articles whose text lies far outside their related-story
   * teasers. Two leaves room for teasers the region's clean-up enlarges. The output of every WCXB and
   * article-benchmark page stayed byte for byte the same; the benchmark's in-process p50 fell from about
   * 34 to 25 ms. (On undeclared pages the parse stays: the repeated-items rule may take the region the
   * listing rule parsed, and two WCXB pages lost 0.2 and 0.27 when it did not.)
   */
  listingPrefilterSlack: 2,
  /**
   * When the whole main region was chosen, it is narrowed to its series of items when they hold at
   * least this share of its words: the rest is the page's furniture (sidebars, signatures, menus).
   * Lower (0.6) also cuts a landing page's hero and FAQ down to its feature cards: service pages lost
   * 0.005 on both parts; 0.8 gains on the tuning and the check part.
   */
  repeatedMinRegionShare: 0.8,
  /**
   * Priced grid (priced-grid.ts): a product card is a name and a price, often under
   * repeatedItemMinChars ("Black Dress Shoes $30"), so a card needs only this many characters…
   */
  pricedCardMinChars: 8,
  /** …a grid at least this many cards (a pricing table's plans are three or four)… */
  pricedGridMinCards: 6,
  /** …and at least this share of its cards show a price. */
  pricedGridMinShare: 0.6,
  /** The grid is added when less than this share of its words are in the chosen content. */
  pricedGridMaxCovered: 0.5,
  /** A grid's toolbar line ("Sort: Best Match", "1–30 of 296 products") is short: longer lines are never read as one. */
  toolbarLineMaxChars: 60,
  /**
   * A badge line ("Best seller", "Top Rated") goes when the Markdown prints it at least this many times
   * (priced-grid.ts withoutCardBadges): several cards' ribbon. One "New" or "Sale" may be a menu's or a
   * section's word.
   */
  cardBadgeMinRepeats: 2,
  /**
   * Fine print (fine-print.ts): a paragraph saying this many different phrases of an offer's terms
   * ("while supplies last", "at checkout", "subject to credit approval") is the shop's terms. One is a
   * product's own line ("Choose your colour at checkout").
   */
  finePrintMinTerms: 2,
  /**
   * …and such paragraphs go only while they hold less than this share of the Markdown's words: a
   * promotion's rules page is all terms, and they are its content.
   */
  finePrintMaxShare: 0.2,
  /**
   * Offer banner (priced-grid.ts withoutOfferBanner): a shop's offer bar ("Free shipping on orders over
   * £30") is read among the Markdown's first lines only, before its first heading…
   */
  offerBannerMaxLines: 12,
  /** …and is one short line: a longer one is a paragraph about the page's own terms. */
  offerLineMaxChars: 100,
  /**
   * Thread rule (thread.ts): a thread has at least this many posts (an opening post and one reply): a
   * single dated block is an article with its date, not a discussion.
   */
  threadMinPosts: 2,
  /** …found by structure when at least this share of the same-shaped siblings carry a date (<time>, [datetime]). */
  threadMinDatedShare: 0.6,
  /**
   * A dated sibling of the series' tag joins it when it shares at least this share of its classes
   * (Jaccard): the opening post or an accepted answer carries one or two classes more.
   */
  threadVariantMinSharedClasses: 0.6,
  /** A post's message is at the place (path of shapes) found in at least this share of the posts. */
  threadBodyMinPostShare: 0.5,
  /** An author name or a date line longer than this is not one (a sentence that happens to link a profile). */
  threadHeaderMaxChars: 60,
  /**
   * A line of a message that holds the post's date (its header's) and at most this many other words
   * ("Posted", "1 yr", "(edited)") only repeats the header; an edit note ("Edited … by anna") has three.
   */
  threadDateLineMaxExtraWords: 2,
  /** …an author name at most this long. */
  threadAuthorMaxChars: 40,
  /** A name printed as text before a post's date has at most this many words ("Anna Maria Smith"); more is a sentence. */
  threadAuthorMaxWords: 3,
  /** The thread is taken only when its posts hold at least this many words. */
  threadMinWords: 30,
  /**
   * The thread replaces the candidate chosen so far when at least this share of the candidate's words
   * occurs in the thread (Readability kept one post, or the thread with its furniture), or this share of
   * the thread's words occurs in the candidate…
   */
  threadMinOverlap: 0.8,
  /**
   * …and then the thread holds at least this share of the candidate's words: comments under an article
   * are a small part of a candidate that holds the article too.
   */
  threadMinShareOfChosen: 0.5,
  /**
   * …and, on a page not declaring a discussion, the posts name at least this many authors: dated
   * reviews without names (a product page) and one author's dated teasers (a listing) are not a
   * conversation. Whole set: the one product page and two listing pages the rule took had 0 or 1.
   */
  threadMinAuthors: 2,
  /**
   * On a page declaring a discussion, a candidate that is not the thread is a fragment beside the posts
   * (title, controls, sign-in boxes) when the thread holds at least this many times its words.
   */
  threadMinGrowth: 2,
  /**
   * A quote (<blockquote>) in a post is a repeat of earlier posts, and left out, when at least this share
   * of its word trigrams is in the thread's earlier messages: the rest is its "X said:" line and trims.
   */
  threadQuoteMinRepeat: 0.6,
  /**
   * On a declared discussion whose posts name 2+ authors, a candidate holding the posts' messages (the
   * threadMinOverlap share) is the thread with its furniture (user panels, comments under answers) when at
   * most this many of its words come before the first message: a title, a "thread starter" line and the
   * first post's user panel (tuning pages: 0 to 56 words); an article before its comments is longer.
   * Tuning part: four forum pages 0.26-0.74 -> 0.49-0.95, no other page type has such a thread.
   */
  threadMaxLeadWords: 100,
  /**
   * …and a candidate shorter than the thread with at least this share of its words in the posts is a
   * part of the thread (Readability kept some posts and a summary box): tuning page 0.64 -> 0.92.
   */
  threadPartMinOverlap: 0.5,
  /**
   * A link preview in a post (link-cards.ts) holds at most this many words besides its title: the site's
   * name, a page's description of a sentence or three, a date. A block with more is the member's text.
   */
  linkCardMaxWords: 80,
  /**
   * A link list's item says more than its link with at least this many characters of its own (a phone
   * number "(512) 993-8230", a rating "★★★★★(189)"); a list with half its items so is kept (boilerplate.ts
   * describedItems). A bullet or a "|" between links is not.
   */
  listItemMinOwnChars: 8,
  /**
   * …unless it is only a price ("$635,000", "€ 1.234,56 –"): a text this long or shorter is read for one
   * (boilerplate.ts PRICE_ONLY, whose parts can each take a run of "$", "." or ",", and so read a long run
   * once per character of it); a longer text is no price alone.
   */
  priceOnlyMaxChars: 40,
  /**
   * Product rule (product.ts): a JSON-LD Product's description is added to the Markdown when fewer than
   * this share of its words are already there (the markup lacked it, or the choice dropped it); above,
   * it is there and adding it would repeat it.
   */
  productDescriptionMinCoverage: 0.5,
  /** …and only a description of at least this many words: a one-line tagline adds nothing. */
  productDescriptionMinWords: 8,
  /**
   * Product-page rule (product-page.ts): a block with its own price and a link to another page is a
   * card of another product when it holds at most this many characters (name, price, delivery line,
   * seller's rating: 40-400 on the tuning part); longer blocks are the product's own sections.
   */
  productCardMaxText: 1000,
  /**
   * A page without product markup is a product page when its title heading (its only <h1>, or the one
   * its <title> holds) shares a block of at most this many characters with a price and an add-to-cart
   * control (the buy box); a grid's title shares its block with the grid. Raised from 3,000 in the
   * twenty-eighth session: a marketplace's buy box (title, price, options, delivery, cart) beside its
   * gallery took 3,063 to 5,293 characters on nine pages of the product corpus (docs/extraction.md,
   * "Shops in other languages"), which became product pages; no WCXB or snippet-corpus page changed at
   * either value (a grid's block holds far more, or a control per card: productBuyBoxMaxControls).
   */
  /**
   * Among several <h1>s, the one the document's <title> holds is the product's title (product-page.ts,
   * titleHeading) when it has at least this many characters: a marketplace heads "About this item" with
   * an <h1> too, and a short heading ("Shop") is in many titles by chance. Four marketplace pages of the
   * product corpus (docs/extraction.md, "Shops in other languages") became product pages; no WCXB or
   * snippet-corpus page changed.
   */
  productTitleMinChars: 10,
  productBuyBoxMaxText: 5500,
  /**
   * A weak sign of a product page (og:type product, a product without offers, a buy box) is not taken
   * when the page has a series of at least this many product cards: that is a category page's grid.
   * Tuning part: product pages' carousels hold 3-15 cards; category pages stating og:type product or a
   * product without offers hold 30-73.
   */
  productCategoryMinCards: 20,
  /** …and at most this many add-to-cart controls (a product's own, maybe one per option); a grid has one per card. */
  productBuyBoxMaxControls: 2,
  /** …and its siblings of the same tag make a series of at least this many cards (a carousel, a grid)… */
  productCardMinItems: 3,
  /** …that are at least this share of those siblings (the rest: a "see all" link, a heading). */
  productCardMinShare: 0.5,
  /**
   * Individual reviews: at least this many same-shaped siblings inside an element named reviews (two:
   * the "most helpful favorable / critical" pair some shops show); the reviews' summary stays, its rows
   * being links or unrated. Tuning part: 2 gains 0.004 on product pages over 3 (three pages, none lower).
   */
  productReviewMinItems: 2,
  /** …with at least this many characters each on average (an opinion, its author and date; not a filter button)… */
  productReviewMinText: 50,
  /**
   * …and at least this share of them carrying a rating (stars, "4 out of 5"): customers' reviews rate the
   * product; testimonials without ratings are kept (the ground truth of a course page keeps them).
   */
  productReviewMinRatedShare: 0.5,
  /** …the name (class, id, itemprop, label) found on the item or up to this many ancestors above it. */
  productReviewNameDepth: 6,
  /**
   * Section-series rule (section-series.ts): sibling elements of one shape are a page's sections when
   * at least this many of them each open with a heading of its own (a manual page's NAME / SYNOPSIS /
   * DESCRIPTION / OPTIONS blocks, a landing page's feature sections). Tuning part (documentation and
   * service pages): 2 takes two service pages more than 3 (0.61 -> 0.84, 0.89 -> 0.99), none lower;
   * two sections under one title were an article printed twice (article benchmark, 0.99 -> 0.47), so
   * the titles must differ.
   */
  sectionSeriesMinSections: 2,
  /** …each holding at least this many characters (a heading with a paragraph, not a menu entry)… */
  sectionSeriesMinChars: 200,
  /** …with at most this share of it in links (a section of prose, not a block of link cards)… */
  sectionSeriesMaxLinkShare: 0.3,
  /**
   * …and together at least this share of the page's text left after the boilerplate rules (0.3 took no
   * more tuning page than 0.4: the series that matter hold most of the page).
   */
  sectionSeriesMinShare: 0.4,
  /**
   * The series replaces Readability's result when at least this share of Readability's words lie in the
   * series (Readability kept one of its sections, not a text beside it)…
   */
  sectionSeriesMinOverlap: 0.8,
  /**
   * …and the series holds at least this many times its words (the sections Readability dropped; a
   * manual page's OPTIONS is most of it, so its other sections add 20-50%)…
   */
  sectionSeriesMinGrowth: 1.2,
  /** …and at most this many times (beyond it Readability found a short text beside a long series). */
  sectionSeriesMaxGrowth: 5,
  /**
   * A block of at most this many characters made of loading placeholders ("Loading…", "Loading
   * prices for your region...") is left out of the Markdown (markdown.ts, isPlaceholder); the bound
   * keeps the pattern's work small.
   */
  placeholderMaxChars: 200,
  /**
   * A page marking its article body (itemprop=articleBody) keeps the article's summary marked before it
   * (itemprop=description, boilerplate.ts describedLead) when it holds at least this many characters
   * (a sentence; a date or a label is shorter)…
   */
  articleLeadMinChars: 40,
  /** …and at most this many (a lead of a paragraph or two; more is a block of other text so marked). */
  articleLeadMaxChars: 1000,
  /**
   * A page marking its article body once (itemprop=articleBody) has its body taken whole when
   * Readability's result holds less than this share of the body's words (html-to-article.ts,
   * keepsFragment): Readability scores the body's blocks one by one and, where ad slots split the
   * body into wrappers of one or two paragraphs, keeps one wrapper…
   */
  markedBodyMinShare: 0.5,
  /**
   * A link list is kept by the clean-up whatever its links' share when it holds at least this share of
   * the content's text (boilerplate.ts holdsTheText): a post that is a roundup of links is that list…
   */
  wholeListMinShare: 0.7,
  /** …and at least this many characters (a dozen linked titles; a short menu left alone is no post). */
  wholeListMinChars: 500,
  /** …and the body holds at least this many words (a teaser so marked is not an article). */
  markedBodyMinWords: 100,
  /**
   * End sections (end-sections.ts): a heading naming other stories ("Related posts") or over an
   * author's or newsletter box is the site's, not the article's, when it begins after this share of the
   * article's words (above it, "Recommended courses" or "About the author" may head the article's own
   * text).
   */
  endSectionsMinShare: 0.5,
  /**
   * A list of numbers counting 1, 2, 3 … is a slider's dots or a pager's page numbers (control-labels.ts
   * withoutNumberLists) from this many entries: a list "1, 2" may be the page's own short answer.
   */
  numberListMinEntries: 3,
  /**
   * …and they are cut on a page that does not declare itself one article only when its Markdown holds
   * fewer prices than this: a shop's category page heads its grids "Recommended" or "Related products", and they are its
   * content (WCXB collection −1.07 / −0.24 without this bound; with it, the article-like pages that
   * declare nothing keep the gain).
   */
  endSectionsMaxPrices: 3,
  /** …other stories are cut when every line under the heading is a heading or holds at most this many words (a teaser's title or blurb; a recipe card or a last section of prose has longer lines)… */
  endTeaserMaxWords: 50,
  /**
   * A paragraph naming other stories ("Related reads:", "Mehr zum Thema") is their label up to this many
   * words (end-sections.ts isStoryLabel); "More from Cornell on climate change and gardening:" (eight)
   * opens the article's own list of readings.
   */
  storyLabelMaxWords: 6,
  /** …a line of at most this many words that is no sentence is a teaser's title or category… */
  endTitleMaxWords: 12,
  /** …and an author's or newsletter box when its section holds at most this many words. */
  endBoxMaxWords: 200,
  /**
   * Other stories an article ends on without a heading naming them (end-sections.ts,
   * withoutTrailingTeasers): at least this many headings that each link to another page of the site…
   * (two may be a series' "previous" and "next"; the runs seen were 5 to 8)
   */
  trailingTeasersMin: 3,
  /** …each with at most one paragraph of at most this many words (the runs seen quote a story's first 30 to 103 words; a listicle's entries run longer and are most of their article). */
  trailingTeaserBlurbMaxWords: 120,
  /**
   * The site's list of stories that names the page itself (end-sections.ts withoutOwnTitleTeasers): each
   * heading over at most this many short lines (a blurb, and the next story's date or category above
   * its heading; an article's own sections run longer).
   */
  ownTitleTeaserLines: 3,
  /** …and a line of at most this many words above the first heading (its date, "Aktuell") goes with the run. */
  ownTitleTeaserLabelWords: 4,
  /**
   * A heading the Markdown ends on goes when it has at most this many words (end-sections.ts,
   * withoutTrailingHeadings): longer ones are statements set large ("Start building with … at over
   * 500,000 organizations. Join them.", 17 words) that WCXB's ground truth keeps; the calls to action
   * and form titles it drops have 2 to 13 ("Ready to ditch … ? Start your free trial today.", 10).
   */
  trailingHeadingMaxWords: 15,
  /**
   * A link's or button's label said twice, glued (markdown.ts isEchoCopy), is taken for a screen
   * reader's or a phone layout's copy only up to this many characters: a button's words ("View all
   * revisions", "Talk to an Expert", 17 characters on WCXB's pages) and not a card's text.
   */
  echoLabelMaxChars: 100,
  /**
   * A paragraph asking the reader to join a newsletter goes when it has at most this many characters
   * (invitations.ts): the invitations on WCXB's tuning pages have 30 to 200; a longer paragraph that
   * says so is the article's own text going on about something else.
   */
  invitationMaxChars: 250,
  /**
   * Fewest sibling elements of one kind that make a code block with no line break one line per element
   * (markdown.ts codeText): two lines are the shortest program a highlighter splits; a single element is
   * just a wrapper.
   */
  minCodeLineElements: 2,
  /**
   * A line of nothing but links with bars or middle dots between them is a site's link bar when it holds
   * at least this many links (link-bars.ts): two joined by a bar are as often a pair of the text's own
   * sources ("[paper](…) | [code](…)").
   */
  linkBarMinLinks: 3,
  /**
   * A copyright notice is a line of at most this many characters (site-lines.ts): a footer's "© 2026
   * Example Ltd. All rights reserved. Privacy | Terms" fits; a longer paragraph saying the rights are
   * reserved is a licence the page states.
   */
  copyrightLineMaxChars: 200,
  /** A byline standing alone is a line of at most this many characters ("Written by Jane Doe on May 2, 2025"). */
  bylineMaxChars: 80,
  /**
   * A post's tags standing alone ("Tags: [Helena](…), [smart thermostat](…)") are a line of at most this
   * many characters as a reader sees it (post-meta.ts): those on WCXB's tuning pages have 30 to 110; a
   * longer paragraph opening on "Topic:" is the text's own.
   */
  tagLineMaxChars: 300,
  /**
   * A newsletter's or follow box's title (newsletter-boxes.ts) has at most this many words ("We do
   * newsletters, too", "Want updates to your inbox?"); a longer heading naming a newsletter is a section
   * of the text.
   */
  newsletterBoxTitleMaxWords: 10,
  /**
   * …and the one paragraph under it, its pitch, at most this many: those on WCXB's tuning pages have 6
   * to 25 ("Discover tips, technical guides, and best practices in our biweekly newsletter just for devs.").
   */
  newsletterBoxPitchMaxWords: 50,
  /**
   * A site's notice (a licence footer, a comment form's consent line, a feed's "The post … appeared first
   * on …") is a paragraph of at most this many characters (site-lines.ts): a documentation site's licence
   * footer naming two licences and a trademark runs to about 350.
   */
  siteNoticeMaxChars: 600,
  /**
   * A site's notice that it sets cookies (site-lines.ts withoutCookieNotices), or the stand-in for an
   * embed that waits for the reader's consent (isEmbedPlaceholder), is a paragraph of at most this many
   * characters: a banner naming what its cookies are for and who else reads them runs to about 450; a
   * privacy policy's paragraph about cookies is longer, and its other lines keep it anyway.
   */
  cookieNoticeMaxChars: 600,
  /**
   * A bio of the page's writer (site-lines.ts withoutAuthorBio) is a paragraph of at most this many
   * characters (a few sentences about the writer; more is the text's own portrait of its subject)…
   */
  bioMaxChars: 700,
  /** …among this many last lines of the Markdown holding text (the box under the post, maybe beside a link to more of the writer's posts). */
  bioEdgeLines: 3,
  /**
   * A line that is a credit label and then at most this many words is a picture's credit
   * (site-lines.ts isCreditLine: "Image source: Getty Images", "Titelbild: Fachy Marín on Unsplash");
   * more is a caption saying what the picture shows.
   */
  creditMaxWords: 8,
  /**
   * An affiliate disclosure is a paragraph of at most this many characters (site-lines.ts): those on
   * WCXB's tuning pages have 80 to 330; a longer paragraph mentioning affiliate links is the writer's text.
   */
  disclosureMaxChars: 400,
  /**
   * ... and says so within its first this many characters ("Disclosure: …", "We may earn a commission …"
   * in its first sentence); a paragraph of the writer's own that ends on "(affiliate link)" stays.
   */
  disclosureLeadChars: 150,
  /**
   * A disclosure goes only among the first or last this many lines of text (headings and lines of
   * pictures not counted), or where the text says it twice: where sites set it, above the article or
   * under it. One in the middle is the writer's aside, which WCXB's ground truth keeps as often as it
   * drops (everywhere: article +0.127 / −0.011 on tuning / check; at the ends: +0.089 / +0.006).
   */
  disclosureEdgeLines: 3,
  /**
   * A prompt to follow the site elsewhere is a line of at most this many characters (invitations.ts):
   * "Follow us on Telegram, Facebook, Instagram, YouTube and X for the latest news and updates." fits.
   */
  followPromptMaxChars: 200,
  /**
   * An appeal to the reader on the site's behalf (to donate, share, rate a recipe, follow the author) is
   * a line of at most this many characters (invitations.ts): a recipe's "Did you make one of my recipes?
   * Please take a moment to leave a star rating. Also, … follow … on Facebook" runs to about 300.
   */
  readerAppealMaxChars: 400,
  /**
   * A line asking the reader to log in or sign up ("Log in to save to favorites", "Register for free site
   * membership to access direct comparisons and more") goes when it has at most this many characters
   * (invitations.ts): the prompts on WCXB's tuning pages have 20 to 90; a longer line starting so is a
   * sentence of the text ("Join us to see the latest launches, and to learn …").
   */
  signInPromptMaxChars: 100,
  /**
   * A paywall's prompt ("To view the full story, please subscribe to …", "Möchten Sie weiterlesen?") goes
   * when it has at most this many characters (invitations.ts isPaywallPrompt): the prompts in the snippet
   * corpus have 21 to about 130 characters (one names the plans and their prices); twice that leaves room
   * for a longer offer, and a longer paragraph starting so is the text's own.
   */
  paywallPromptMaxChars: 250,
  /**
   * A lone link calling the reader to act ("Get a quote", "Start 14-day free trial") goes when its text
   * has at most this many characters (cta-links.ts): the buttons on WCXB's tuning pages have 4 to 45; a
   * longer link is a title that happens to start with the verb ("Download the complete guide to …").
   */
  callToActionMaxChars: 60,
  /**
   * A lone link pointing to more ("Learn more about privacy", "Read full details", "See all
   * integrations") goes when its text has at most this many characters (more-links.ts): on WCXB's
   * tuning pages such buttons have 9 to 52; a longer link is a title or a sentence of its own.
   */
  moreLinkMaxChars: 60,
  /**
   * On a page of no known type, a link standing alone between lines of text (no lone link right before or
   * after it) goes when its text has at most this many words (lone-links.ts): a button or a card's
   * control ("View pricing", "More Info", "0 comments"). WCXB tuning part, the rule at 2 words: service
   * +0.009, listing +0.091, collection +0.015 summed F1, no type lower; at 3, collection −0.049 (a card's
   * product names); at 4, collection −0.155.
   */
  loneLinkMaxWords: 2,
  /** A product page's fieldset of at least this many radio buttons is a picker (variant-pickers.ts). */
  variantPickerMinChoices: 2,
  /** …when its text has at most this many characters: a form's questions and fine print run longer. */
  variantPickerMaxChars: 300,
  /**
   * A line offering an amount off or in credit ("Get $130 in value", "Unlock up to 55% OFF your …
   * subscription today!") goes when it has at most this many characters (offers.ts): those on WCXB's
   * tuning pages have 17 to 130; a longer paragraph naming a discount is the text's own account of it.
   */
  offerMaxChars: 160,
  /**
   * A form's fine print ("By subscribing, you agree to receive marketing emails …", "You can opt out any
   * time.") goes when its paragraph has at most this many characters (form-notices.ts): those on WCXB's
   * tuning pages have 25 to 260 (a consent line naming the site's products and its privacy policy);
   * a longer paragraph that opens so is the text's own account of an agreement.
   */
  formNoticeMaxChars: 400,
  /**
   * A form's validation message (form-notices.ts isValidationMessage) is one short line: "Please enter up
   * to 7 characters for the postcode" is 47 characters; a longer line is a guide's instruction.
   */
  validationMessageMaxChars: 80,
  /**
   * On a product page, a line pitching the shop's loyalty points ("Purchasing this product earns 176XP",
   * "Become a member to earn 239 points today. Members enjoy FREE SHIPPING over $49+.") goes when it has at
   * most this many characters (product-page.ts): those on WCXB's tuning pages have 80 to 130; a longer
   * paragraph naming points is the product's own account of them (a gift card's, a game's).
   */
  rewardLineMaxChars: 200,
  /**
   * On a product page, how many lines that are only a price stay: the first (product-page.ts
   * withoutLaterPrices). The lines after it price other things (a bundle, another edition, the kits of a
   * comparison grid: WCXB tuning pages of Steam, iFixit, REI and Uplift) or repeat the product's; one
   * shop's ground truth keeps its add-ons' prices. Keeping none: product +0.045 / −0.006 (tuning / check,
   * simulated on the Markdown; the ground truths mostly leave the product's own price out too, but not all).
   */
  productPricesKept: 1,
  /**
   * On a product page whose Markdown shows neither the product's name nor a price, the page's one
   * `<h1>` is put first when it has at most this many characters (product-page.ts soleH1Title): WCXB's
   * product titles run to 130 (a marketplace's, naming every fitting); a longer `<h1>` is a sentence.
   */
  productTitleMaxChars: 200,
  /**
   * A product's price as its page shows it (stated-price.ts shownPrice) is the text of an element of at
   * most this many characters: a sign or code and an amount ("EUR 1.759,99", "£136.00"); an element
   * holding more is a line of text around the price, not the price.
   */
  statedPriceMaxChars: 24,
  /** …in at most this many nodes (a tag split into a sign, the units and the cents is a handful). */
  statedPriceMaxNodes: 40,
  /**
   * A product code the structured data states (stated-code.ts) is one word of at least this many
   * characters ("B12"; a one- or two-character value is a size or a placeholder)…
   */
  productCodeMinChars: 3,
  /** …and at most this many (a GTIN-14 is 14, a shop's SKU with its variant 20 to 30; more is text). */
  productCodeMaxChars: 40,
  /**
   * The line a page prints its product's code in is the text of an element of at most this many
   * characters besides white space around it: a label and the code ("Referência produto: 3410048",
   * "Codice articolo: 103066", 18 to 26); an element holding more is a paragraph, a table or a
   * breadcrumb ending in the code ("/ Camping and Hiking / Hiking Backpacks / Daypacks / #227955", 50).
   */
  productCodeLineMaxChars: 40,
  /**
   * A page at a documentation address (page-type.ts: "docs." host, /docs/, /api/, /guide/ path) is named
   * documentation when it holds at least this many `<code>` elements (or a link to edit its source). WCXB
   * tuning part, pages named / right: 53 / 0.98 at 1, 51 / 0.98 at 3, 49 / 0.98 at 5 (the one wrong page,
   * a tutorial article, has 9). 3 rather than 1: a guide of a magazine or a shop that quotes one command or
   * a file name in code is not a manual; documentation pages hold dozens (median over 100).
   */
  documentationMinCode: 3,
  /**
   * A page's text is taken as UTF-8 encoded twice (mojibake.ts) when its title and Markdown hold at least
   * this many runs no one writes ("â€™", a C1 control character). One is proof: on WCXB's tuning part, 18
   * pages' Markdown holds such runs, two of them a single one (a broken dash), the others 2 to 74; no
   * page written right holds any. Text that only looks like a run ("Ã¤" written to show broken text) is
   * never counted, whatever this number.
   */
  mojibakeMinSequences: 1,
  /**
   * Two inline elements side by side (inline-gaps.ts) get a space between them only where the word the
   * first one ends with has at least this many characters: one letter is a drop cap or a brand's first
   * letter ("<b>i</b><span>Phone</span>"). The word after may be one character ("1h 54m" and a rating, "R").
   * WCXB tuning part, meetings of the kinds the rule separates whose words the ground truths hold: with
   * a word of two or more characters before, 1,052 written apart and 6 together; of one, 1 apart, 3 together.
   */
  inlineGapMinWordChars: 2,
  /**
   * A byline the page marks (byline.ts) is read from an element of at most this many characters: a name
   * with its label and date ("Posted by Realiberry on 21. Juli 2019"); a block about the writer or a
   * comment marked "author" is a paragraph. Snippet corpus, tuning part: the marked bylines its metadata
   * annotates hold 6 to 90 characters.
   */
  bylineBlockMaxChars: 160,
  /**
   * ...and its name, once label and date are gone, at most this many characters and words: two or three
   * people ("Roland Brockmann und Sebastian Drescher", "Die Redaktion von Battery News"); more is a
   * sentence.
   */
  bylineNameMaxChars: 80,
  /**
   * A byline no name marks is looked for in at most this many elements after the page's one <h1>: the
   * kicker, the standfirst, the picture and the line of the writer's name and the date come first.
   */
  bylineAfterHeadlineElements: 12,
  /**
   * A byline after a writer's label anywhere on the page ("Autor: Fritz Imhof", byline.ts labelledByline)
   * is looked for in at most this many labelled elements: a page of thousands of "Text" cells costs no
   * more than a page of a few.
   */
  labelledBylinesRead: 50,
  /**
   * A date is read from the words of an element named for a date (page-date.ts) of at most this many
   * characters: "Published: 23. Juli 2019 um 10:52 Uhr" fits; a teaser or a paragraph that mentions a
   * date is longer, and its date need not be the page's.
   */
  datedElementMaxChars: 80,
  /**
   * A date line by the page's one <h1> whose markup names no date (page-date.ts, source 7) is looked for
   * in the elements after the headline (as many as bylineAfterHeadlineElements) and in at most this many
   * before it: a kicker or a dateline set above the headline ("24.01.2022").
   */
  datedLineBeforeHeadlineElements: 4,
  /**
   * ...a line of at most this many characters ("Pressemitteilung vom 25. Januar 2022, 10:30 Uhr")...
   */
  datedLineMaxChars: 60,
  /**
   * ...whose words beside the date and its time are at most this many: a label or a place ("Veröffentlicht
   * am", "Stand:", "Lübeck,"); a line saying more ("Das Konzert am 24.01.2022 fällt aus") is not a date line.
   */
  datedLineMaxWords: 3,
  /**
   * A labelled date (page-date.ts, source 8) is looked for in at most this many lines opening with a
   * publication's label, the first in the page: the page's own comes before its lists', and a page of
   * thousands of "Date" cells is read no further.
   */
  dateLabelsRead: 50,
  /**
   * A page's one <h1> is its title over the stated one (metadata.ts headlineOver) when it holds at most
   * this many characters (a headline; a longer <h1> wraps a teaser or the whole page)...
   */
  headlineTitleMaxChars: 300,
  /**
   * ...and shares half its words with the stated title or has at least this many words: a story's
   * headline; a shorter one sharing few words is a section's name ("Design", "Home").
   */
  headlineTitleMinWords: 4,
  /**
   * A kicker set in the headline's own element (metadata.ts headlineAfterKicker) has at most this many
   * words: a topic or a series' name ("Einheit der Woche", "Immobilienkrise"), not a headline's first half.
   */
  kickerMaxWords: 6,
  /**
   * A class naming an author (boilerplate.ts listedAuthor) set on at least this many elements names
   * each item's author in a list; the page's own byline is set once, or twice (over and under the text).
   */
  listedAuthorsMinRepeats: 3,
  /** A "By …" line of an item is short (boilerplate.ts byLine reads at most 120 characters): a longer element's text is not read for one. */
  creditLineMaxChars: 200,
  /**
   * A footer (a <footer>, a box named so) is a card's own bottom row (card-footer.ts: the teaser's author
   * and date, its comment count, its tags) when it holds at most this many characters...
   */
  cardFooterMaxText: 200,
  /**
   * ...and an ancestor at most this many levels up holds the card's linked title: a card wraps its title
   * and footer in a box or two ("card__content" > "card__data" > title and footer)...
   */
  cardFooterLevels: 3,
  /** ...and at most this many characters: a teaser's title, blurb and footer; the page's footer has no ancestor so small. */
  cardMaxText: 1000,
  /** The elements of a card read for its title: a card of little text may hold thousands of empty elements. */
  cardElementsRead: 400,
  bylineNameMaxWords: 8,
  /**
   * A description of at most this many words whose one separator parts the site's name from the rest
   * ("nachtkritik.de - das unabhängige Theaterportal") is the site's tagline, not the page's summary; a
   * longer one ("Site – a sentence saying what the story tells …") is read as the page's.
   */
  siteDescriptionMaxWords: 10,
  /**
   * The moves of a React streamed render made at most (streamed.ts): the pages of WCXB dev make up to 45;
   * a page of many thousands is a hostile one, and each move is a walk of the fallback it replaces.
   */
  streamedMaxMoves: 1000,
  /**
   * An embedded post (a tweet, an Instagram post) with at least this many characters is a quote worth
   * lifting out of its wrapper (boilerplate.ts protectEmbeddedQuotes); shorter is an empty embed's stub.
   */
  embeddedQuoteMinChars: 20,
  /**
   * An element marked once as the article's body (itemprop=articleBody) holding at least this many
   * characters is where Readability looks (boilerplate.ts prepareDocument); shorter is a template's
   * empty or teaser node, and the page is read as a whole.
   */
  markedArticleMinChars: 500,
  /**
   * A link, or an element named as furniture inside a paragraph, with more than this many characters of
   * text around it is part of a sentence and stays (boilerplate.ts): "see our earlier story"; a link or
   * label with only a few characters beside it is a line of its own.
   */
  sentenceAroundMinChars: 20,
  /**
   * A block of the article whose text is a "By …" line names a writer (and perhaps a role or a date) in
   * at most this many characters and words (boilerplate.ts byLine): a longer one, or one ending in a
   * stop, is a sentence ("By the numbers, the plan costs …"). The same length bounds a block that is a
   * date or byline line (isDateOrBylineLine). A byline line of the Markdown is bylineMaxChars, above.
   */
  byLineBlockMaxChars: 120,
  byLineBlockMaxWords: 12,
  /**
   * A box of one image and less than this many characters of text in other elements is a captioned
   * image, and that text its caption, removed unless the box is a titled card (boilerplate.ts
   * removeCaptions); more text beside an image is a paragraph and stays.
   */
  captionMaxChars: 150,
  /**
   * A list is a list of links (related stories, tags, a menu) when at least linkListMinShare of its
   * text is links and its items are shorter than linkListItemMaxChars on average (boilerplate.ts
   * cleanArticle): a list of described items or of sentences is longer per item.
   */
  linkListMinShare: 0.5,
  linkListItemMaxChars: 120,
  /**
   * A block other than a list is a link line ("SEE MORE: …", a breadcrumb) when at least linkLineMinShare
   * of a text shorter than shortBlockMaxChars is links, or linkBlockMinShare of one shorter than
   * linkBlockMaxChars (boilerplate.ts cleanArticle): a paragraph that cites a few links is mostly words.
   */
  linkLineMinShare: 0.75,
  linkBlockMinShare: 0.85,
  linkBlockMaxChars: 600,
  /**
   * A link line is no link line when one of its links runs over a line break with words on both sides
   * and holds at least this many characters (boilerplate.ts cleanArticle): a song's annotated lyrics, a
   * stanza per link. A menu entry of two lines ("Kamera" over "(On Location)") and a specification's
   * name over its anchor are shorter and stay link lines (parser fixtures: a lyrics page lost all but
   * one verse; at any length, one WCXB tuning page and one snippet page kept such a menu).
   */
  linesLinkMinChars: 80,
  /**
   * A short block (boilerplate.ts): furniture text (a caption, a credit, a date line) is matched against
   * blocks of at most this many characters only; a paragraph is longer and its words are the article's.
   */
  shortBlockMaxChars: 200,
  /**
   * Teasers of other stories are at least teaserArticlesMin <article> elements of fewer than
   * teaserArticleMaxChars characters each (boilerplate.ts cleanArticle): the article itself is longer,
   * and a page that cuts one story into <article> sections has long sections.
   */
  teaserArticleMaxChars: 400,
  teaserArticlesMin: 3,
  /**
   * A furniture label ("More Great Stories") takes the list after it along when at least this share of
   * the list's text is links (boilerplate.ts cleanArticle): a list of the story's own points has few.
   */
  labelledListMinLinkShare: 0.3,
  /**
   * Contact lines, promotions and notices are removed from the end of the article while they are at most
   * trailerMaxChars long, among its last trailerMaxBlocks blocks (boilerplate.ts cleanArticle): an
   * article's last paragraph is longer, and a site's trailer is a few lines.
   */
  trailerMaxChars: 400,
  trailerMaxBlocks: 4,
  /**
   * An element whose whole text is a JSON object (or an array of objects) of at least this many
   * characters is state a page's scripts read, printed where a style sheet hides it (json-text.ts): a
   * shop grid's settings ran to 33,000 characters. A short example a writer set in running text stays.
   */
  jsonTextMinChars: 200,
} as const;
