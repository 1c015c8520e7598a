import { t, type TSchema } from "elysia";
import { PAYMENT_REASONS } from "../payments/terms.ts";

/**
 * The schemas that validate requests and shape responses; @elysiajs/openapi generates
 * /openapi.json from these same objects, so the document cannot drift from the code.
 *
 * Response objects whose fields are all known are closed (`additionalProperties: false`): the
 * contract test (tests/contract) then fails when a route sends a field its schema lacks.
 * Request schemas stay open so a client sending an extra field is not refused.
 */
export const Closed = { additionalProperties: false } as const;
// Note: t.UnionEnum gives itself `default: <first value>` (for its error messages); the codes
// below clear it, since a default error code would tell a client something false.

export const ErrorBody = (codes: readonly string[], description: string) =>
  t.Object(
    {
      error: t.UnionEnum(codes as [string, ...string[]], { description: "stable snake_case error code", default: undefined }),
      message: t.String({ description: "one human sentence" }),
      retryAfterSeconds: t.Optional(t.Integer({ minimum: 0 })),
      upstreamStatus: t.Optional(t.Integer()),
    },
    { description, ...Closed },
  );

export const PaymentAccept = t.Object(
  {
    scheme: t.Literal("exact"),
    network: t.String({ examples: ["eip155:8453"] }),
    amount: t.String({ description: "atomic USDC units (6 decimals); the minimum purchase" }),
    maxAmountRequired: t.String({ description: "same as amount" }),
    asset: t.String({ description: "USDC contract address" }),
    payTo: t.String({ description: "treasury address" }),
    maxTimeoutSeconds: t.Integer(),
    extra: t.Object({ name: t.String(), version: t.String() }, Closed),
  },
  Closed,
);

/**
 * The x402 `bazaar` discovery extension (coinbase/x402 extensions/bazaar): `info` describes the
 * HTTP input (and an output example), `schema` is the JSON Schema (2020-12) that `info` satisfies.
 */
export const BazaarExtension = t.Object(
  {
    info: t.Object(
      {
        input: t.Record(t.String(), t.Unknown(), { description: "type http, method, and the body (bodyType json) or queryParams" }),
        output: t.Optional(t.Object({ type: t.String(), example: t.Record(t.String(), t.Unknown()) }, Closed)),
      },
      Closed,
    ),
    schema: t.Record(t.String(), t.Unknown(), { description: "JSON Schema (2020-12) of info" }),
  },
  { ...Closed, description: "x402 bazaar discovery extension: how to call the resource, for x402 crawlers" },
);

/** `resource` of a 402 (x402 v2 ResourceInfo); the discovery entries carry the same facts. */
export const ResourceInfo = t.Object(
  {
    url: t.String({ format: "uri" }),
    description: t.String(),
    mimeType: t.String(),
    serviceName: t.String({ maxLength: 32 }),
    tags: t.Array(t.String({ maxLength: 32 }), { maxItems: 5 }),
    iconUrl: t.String({ format: "uri" }),
  },
  Closed,
);

/** The x402 `sign-in-with-x` extension of a 402: a fresh CAIP-122 challenge (src/payments/siwx.ts). */
export const SiwxExtension = t.Object(
  {
    info: t.Object(
      {
        domain: t.String(),
        uri: t.String(),
        statement: t.String(),
        version: t.Literal("1"),
        nonce: t.String({ description: "single use" }),
        issuedAt: t.String({ description: "ISO 8601" }),
        expirationTime: t.String({ description: "ISO 8601; issuedAt + 5 minutes" }),
        resources: t.Array(t.String()),
      },
      Closed,
    ),
    supportedChains: t.Array(t.Object({ chainId: t.String(), type: t.Literal("eip191") }, Closed)),
    // A JSON Schema of the proof: free-form, so a record (like the bazaar extension's schemas).
    schema: t.Record(t.String(), t.Unknown()),
  },
  {
    ...Closed,
    description:
      "Sign the EIP-4361 text of `info` with the paying wallet and send it base64-encoded as SIGN-IN-WITH-X to spend the wallet's calls without paying again",
  },
);

export const PaymentRequired = t.Object(
  {
    x402Version: t.Literal(2),
    error: t.UnionEnum([...PAYMENT_REASONS], {
      description: "why the call was not served (stable code; x402 reason codes for a refused payment or SIGN-IN-WITH-X proof)",
      default: undefined,
    }),
    message: t.String(),
    resource: ResourceInfo,
    accepts: t.Array(PaymentAccept),
    extensions: t.Object({ bazaar: BazaarExtension, "sign-in-with-x": SiwxExtension }, Closed),
  },
  { ...Closed, description: "x402 v2 PaymentRequired; also base64-encoded in the PAYMENT-REQUIRED header" },
);

const Nullable = <T extends TSchema>(schema: T) => t.Union([schema, t.Null()]);

export const FreeUsage = t.Object({ mode: t.Literal("free"), freeCallsRemainingToday: t.Integer({ minimum: 0 }) }, Closed);
export const PaidUsage = t.Object({ mode: t.Literal("paid"), callsRemaining: t.Integer({ minimum: 0 }), chargedUsd: t.Number() }, Closed);

export const ExtractResult = t.Object(
  {
    url: t.String({ description: "the URL that was extracted (after redirects)" }),
    title: Nullable(
      t.String({
        description:
          "the headline of the page: its one h1 where that tells the same story as the title its metadata states (half its words in it, or four words or more; not a kicker before the stated title, not the site name), written as the page writes it (its quotes, dashes and case), without a kicker set in its own element (a small element or a class naming a kicker or roofline), else og:title, the JSON-LD headline or the title element without the site name",
      }),
    ),
    byline: Nullable(
      t.String({
        description:
          "the author the metadata names (meta author, the Twitter card data labelled Written by or Verfasst von, the JSON-LD article people, or on a page with no article node those its WebPage node names; a key naming the page copyright holder, Condé Nast beside a copyright line naming it, the site staff, Us Weekly Staff, or a company, mediagene Inc., gives way to the people it names or to a later key such as article:author or og:article:author); where it names no one, only the site, its publisher or an organization, or names an account login (a lower-case login such as michael.andrusio, an admin account, an email address), the byline the page marks (schema.org microdata, the hCard author vcard, rel=author, a class naming the author or byline; not the authors of several items the page lists, such as the books of a book list) or writes under its one headline (By ..., Von ..., Par ...) or after a writer label anywhere on the page (Autor: Fritz Imhof, Text: ..., an Autor heading over the name), read line by line as a browser lays it out (the name over the paper and the date is the name alone), label and date taken off (a date opening with its weekday or label too, a month and a day such as Dec 15, a date in 年 and 月), a social handle, and a role or link label printed after the name (Chefredakteur, Staff Writer, Alle Artikel); a line of figures alone or a date alone (Dec 1st) is no byline",
      }),
    ),
    siteName: Nullable(t.String()),
    excerpt: Nullable(
      t.String({
        description:
          "the summary of the page: its og:description, else its meta description, twitter:description or JSON-LD description, passing over one that only names the site (its name, its host, or a short Site - tagline line); else its first paragraph",
      }),
    ),
    lang: Nullable(t.String()),
    publishedTime: Nullable(
      t.String({
        description:
          "ISO 8601 when the page states it: a day alone as 2019-10-24, a date-time with the offset the page states (2019-11-19T21:03:00-05:00, so its day is the day of the page), one stated otherwise in UTC (a day stated in UTC at the midnight of Central Europe, 2021-11-04T23:00:00Z on a page in German, is that midnight with its offset, 2021-11-05T00:00:00+01:00); from the metadata (article:published_time, the JSON-LD article datePublished, the date metas), else another JSON-LD node, schema.org microdata, an RDFa property naming the date (dc:date, schema:dateCreated) or hAtom, a permalink date (/2019/10/24/), a time element, a short element named for a date (post-date, or newsDate in camelCase; the year first too, 2019/04/04, 2019年4月4日, 2019년 4월 4일), a line by the one h1 that is a date and little else (Veröffentlicht am 16.08.2019), or a short line opening with a publication label and a date (Datum: 18.10.2021, Published on March 2, 2020)",
      }),
    ),
    pageType: t.Union(
      [t.Literal("article"), t.Literal("documentation"), t.Literal("forum"), t.Literal("product"), t.Literal("collection"), t.Null()],
      {
        description:
          "the kind of page, only where the extraction tells it reliably: forum (its thread of posts was taken), product (the page states one product, or its title shares a small buy box with a price and an add-to-cart control, in English or another shop language), documentation (a documentation address, such as a docs. host or a /docs/ or /api/ path, with code or a link to edit the page), article (the page declares one article), collection (a shop category page: a grid of priced cards, with og:type product.group or a series of at least 20 product cards); null otherwise, and for service and listing pages, PDFs, text documents and aimed calls (include/exclude/mode=full)",
      },
    ),
    words: t.Integer({
      minimum: 0,
      description:
        "words of the article text: Han and kana count one per character; Thai, Lao, Khmer and Myanmar, written without spaces between words, count the words of a dictionary (ICU), not the runs between spaces",
    }),
    length: t.Integer({ minimum: 0, description: "characters of the Markdown" }),
    markdown: t.String({
      description:
        'the main content as Markdown: links and images absolute (a picture declared one pixel wide or high, a spacer or a tracking pixel, left out), tables GFM with a header row (a cell spanning rows or columns leaves the cells it covers empty, so every cell stays under its header; a long data table that outscored the paragraphs around it stays a table; a table with header cells keeps every cell and row whatever its class names, footer_title_big on a header cell included, and a heading inside a cell is its text in bold; a table without header cells whose cells are mostly empty, its first row among them, is a page laid out in a table and is written as blocks), code fenced with its language, formulas once, as TeX between $ (inline) or $$ (displayed) where the page holds their TeX, else spelled out as text; text the page encoded twice (its UTF-8 read as windows-1252, "itâ€™s") comes back with the characters the author wrote, in the title, byline, siteName and excerpt too, and a no-break space so encoded leaves no Â glued to a word; characters that draw nothing (soft hyphens, zero-width spaces, word joiners) are left out, so a hyphenated word comes back whole, and out of the title, byline and excerpt of a page encoded twice too; the template around the text (navigation, other stories and the labels naming them in the languages most pages are in (Czytaj też: …, Lees ook: …), share and newsletter boxes and the labels a sharing widget leaves without its buttons (Share this:, Teilen Sie dies mit:), a consent banner notice that the site sets cookies where no name marks the banner (kept where the text says more about cookies, as a privacy policy does), the stand-in an embedded post or video shows until the reader consents (Externer Inhalt), the prompt of a paywall where the story stops (To view the full story, please subscribe), the asks of the site left as lines in English and the other languages most pages are in (to follow it, join its channel, install its app or allow its notifications, to donate or become a member, to sign up for its newsletter: Folgen Sie uns auf Instagram, Abonnieren Sie unseren Newsletter), an affiliate disclosure above or under the text or said twice, a PHP error the server printed into the page, a shop count of what the page shows (Showing 1–12 of 48 results), the prompt of a rating widget (Rate this article), the reading time, tags, view counter, date and permalink of a post standing alone in those languages (Lesezeit: 3 Minuten, Post Views: 22, Updated March 2, 2026, Permalink: …), the reservation of rights (Alle Rechte vorbehalten), the filing line of a blog theme and its line of feed and trackback links (Comment RSS · TrackBack URI), the line of an empty comment section (No comments yet, Keine Kommentare), the label of an ad (Advertisement, - Advertisement -), the sidebar of a short post after the heading of its comment form (Kommentar verfassen), the credit line of a picture, the box about the writer under a post, the dots of a slider or the page numbers of a pager left as a list of numbers, the choices of a drop-down in a form (a filter that stays keeps each entry as its label beside its count, Accessories 1385), a heading or bold label such as More topics: that the text ends on with nothing under it, a wiki section link [edit] beside its heading) is left out while the heading stays, an article title block keeps its standfirst (the deck between headline and body), a list of links set in columns under a section heading is that section list and stays, a post that is a list of links keeps its list, a post above its comments keeps its text, a By line under each of three listed items or more (the writers of a list of books) stays as the credit of its item, the hidden tabs of a tab set (marked with ARIA or drawn without it: a product specifications beside its description) come back, the parts a React streamed render sends late (hidden at the end of the page until its script moves them) come back where that script puts them, in place of their loading placeholder, a script state the page prints as JSON text where its style sheet hides it (the settings of a shop grid, thousands of product codes) is left out while JSON in code stays, a citation number inside a sentence (in a box named for footers, which Readability drops) stays, an article whose opening (150 words or more) sits in a block apart from the later part Readability kept gets it back, a recipe page comes back with the ingredients its JSON-LD Recipe lists and, when its text lost them, with the steps the Recipe states, a how-to or a job advert drawn by script comes back with the steps or the text its JSON-LD HowTo or JobPosting states (under the employer and places of work), a news site list of latest stories that names the page itself among them is left out where the text ends on it, bold or italic written as two elements side by side or one inside another of its kind is one run, a list item left with nothing in it (a logo strip whose images have no source) is no bare bullet, no-break and other odd spaces are plain ones folded like them outside code, an icon font glyph or ligature name (material-icons shopping_cart) is left out unless it is all of a table cell, words an element shown as a block sets apart stay apart, two inline elements side by side whose words cannot be one word are written apart (SKU: NKZ5M2K2 MFR: 2020, Width: 13 cm Height: 6 cm, not NKZ5M2K2MFR), and so are the blocks of a product title heading (FJANTIG Hook, black), a link label written twice for a screen reader or a phone layout is said once, a card whose link wraps its heading is written as that heading with the link inside it (## [Title](url)), a teaser in a list keeps the author and date its own footer holds (a footer element or a box named so, under a small card with a linked title: Renato Losio on Mar 08), a thread post keeps its date whole (11-29-2024, 09:03 AM, where the time sits in an element of its own; a date named Today or Yesterday is the day its title states), the price of a product page whose buy box the clean-up took goes under its title (as the page prints it, £136.00, or as the amount and currency code its structured data states, 136.00 GBP), a product page keeps its product over its questions and answers, a page whose other candidate the clean-up emptied (a shop menu taken for a grid) comes back as Readability kept it, a price whose cents the shop prints raised ($549<sup>00</sup>) says $549.00, the code of a product page (the SKU, part number or GTIN its structured data states) goes under its title and price when the clean-up took the buy box it stood in, as the page prints it (Codice articolo: 103066) or as SKU: 579695999, a page saved with a dialog open (its panels hidden from screen readers, together most of its text) comes back whole, a form validation message (Please enter a valid ZIP Code.) and a cart answer (Added to Basket) left as a line are left out, and so is the shop menu above a product title (lines of links, a breadcrumb), a picture shown again right after itself (a gallery slide and its thumbnail at one address) comes once, the control words of a video player left as text (Current Time 0:00, Loaded: 0%) are left out, a product page loses the sections of reviews and of other products below it and the lines of its buy box (Add to cart, In stock) also where the shop writes them in German, French, Spanish, Italian, Portuguese, Dutch, Polish, Russian or a dozen more languages (Ähnliche Produkte, Avis clients, In den Warenkorb), and the one article body a page marks (itemprop=articleBody) comes back whole, also where a long table inside it outweighed its paragraphs; a consent dialog (named for cookies or consent) and a box named a consent banner are left out however long they are (a list of 500 advertising partners, a table of every cookie the site sets), an article body the JSON-LD states as HTML, as it is or escaped (&lt;p&gt;), is read as HTML, never returned as tags, a heading or sentence wrapped in an old-style named anchor (a name, no href) is text, not a link, and a comment form prompt left as a line (Leave a Reply, Kommentar schreiben) and a cart panel line (Item is in your basket, Continue shopping) are left out; a character reference a page escaped twice (&amp;#39; in its HTML) is written as its character outside code, in text and alt text alike, so the Markdown reads as it renders, the control characters of ASCII other than white space are left out, and a list item whose first block the conversion left empty (an icon) starts with its text, not with a bare bullet, and a definition list term with its one short value is one line (Country of Origin: United States); a heading that says the page title is left out in every script (Russian, Chinese, Thai) as in English, and every rule that weighs a line by its words counts Chinese, Japanese and Thai words as a reader does (a link of a whole Chinese sentence is no button label); a backslash escape is written only where a CommonMark reader needs it: a number in a heading or a table cell (## 5. Support), a hyphen inside a word (GT-AX11000) and a bracketed note beside a word ([1], [citation needed]) are written plain, and so are a first character that no block mark could follow (-31dB, #WeRemember, 1.5 million) and a backslash of the text (C:\\Program Files), while a paragraph that starts 1. or - as text, brackets before a parenthesis and code keep theirs, and the Markdown renders the same either way; a heading ending in # keeps it escaped (Part #), a line of # alone (the ### that ends a press release) stays text, a heading permalink (the pilcrow of a documentation heading) is left out, and a line break that ends a paragraph or an item is left out while one inside a paragraph stays; a line break or a block (a heading, a code block) at the edge of a link, a span or any inline element stays a break or a block of its own, never glued to the words before it, and no line is indented into a code block by the white space of the page (the spaces between the sources of a picture) nor made a heading by a rule under it; emphasis is written so a CommonMark reader shows it as emphasis, not as asterisks: a sentence mark or quote at its edge right beside a letter goes outside the marks (**Skin type**:Oily, not **Skin type:**Oily; Chinese and Japanese full-width marks too), emphasis of marks alone (a bold period or plus sign) or of a picture alone is plain text, emphasis over several paragraphs is one run per paragraph, a line break inside emphasis stays a line break, two runs side by side where two letters meet are set apart by a space (or joined where a lowercase letter continues a word), and a heading, list or table inside emphasis keeps its own syntax, unmarked',
    }),
    truncated: t.Boolean({ description: "true when maxChars (or the PDF page limit) cut the Markdown at a block boundary" }),
    cache: t.UnionEnum(["hit", "miss"], {
      description: "hit: served from the extraction cache without fetching (charged like any call); miss: extracted now",
      default: undefined,
    }),
    cacheAgeSeconds: t.Optional(t.Integer({ minimum: 0, description: "on a hit: seconds since the answer was extracted" })),
    ms: t.Integer({ minimum: 0, description: "duration of the call in milliseconds" }),
    usage: t.Union([FreeUsage, PaidUsage]),
  },
  { ...Closed, description: "The article as Markdown with its metadata" },
);

export const TargetUrl = t.String({ description: "http(s) URL of the page, at most 2048 characters", format: "uri", maxLength: 2048 });
/** Options of /extract (src/server/extraction.ts), the same in the query string and the JSON body. */
const SelectorList = (what: string) =>
  t.Union([t.String(), t.Array(t.String(), { maxItems: 20 })], {
    description: `CSS selectors of elements to ${what}: repeat the parameter or separate with commas (at most 20, 300 characters each). An invalid selector is a 400 naming it.`,
    examples: ["article, .post-body"],
  });
export const ExtractOptions = {
  format: t.Optional(
    t.UnionEnum(["json", "markdown"], {
      description:
        "markdown: answer text/markdown (YAML front matter + the Markdown; billing in headers), as Accept: text/markdown does. Default json.",
      default: undefined,
    }),
  ),
  include: t.Optional(SelectorList("keep: only these become the content, without main-content detection")),
  exclude: t.Optional(SelectorList("remove before extraction (e.g. nav, footer, .ads)")),
  mode: t.Optional(
    t.UnionEnum(["article", "full"], {
      description:
        "article (default): detect the main content; full: convert the whole <body> (less scripts, styles and what exclude removes)",
      default: undefined,
    }),
  ),
  maxChars: t.Optional(
    // The range (1..10 000 000) is checked by src/server/extraction.ts, whose message names maxChars.
    // t.Number, not t.Integer: Elysia's Integer publishes a string-or-integer union (and so would the
    // bazaar and discovery schemas built from ExtractBody); whole numbers are checked by extraction.ts.
    t.Number({
      description:
        "A whole number from 1 to 10000000: cut the Markdown to at most this many characters, at a block boundary; the result then says truncated: true",
      examples: [4000],
    }),
  ),
};
/** The body of POST /extract; discovery's `inputSchema` and the bazaar extension publish it. */
export const ExtractBody = t.Object({ url: TargetUrl, ...ExtractOptions });
export const FreeFlag = t.Optional(t.Literal("1", { description: "use the free trial (5 calls per IP per UTC day)" }));
/** The query of GET /extract: the same URL as the POST body, plus the free flag. */
export const ExtractGetQuery = t.Object({ url: TargetUrl, free: FreeFlag, ...ExtractOptions });

export const Health = t.Object(
  {
    ok: t.Boolean({ description: "false (with HTTP 503) when the store cannot be written" }),
    reason: t.Optional(t.String({ description: "why ok is false, e.g. the database or disk is full" })),
    service: t.String(),
    version: t.String(),
    x402Version: t.Integer(),
    now: t.String({ description: "ISO 8601" }),
    endpoints: t.Array(t.String()),
    pricing: t.Object(
      {
        pricePerCallUsd: t.Number(),
        minimumPurchaseUsd: t.Number(),
        freeCallsPerDay: t.Integer(),
        kitPriceUsd: t.Number(),
        currency: t.String(),
      },
      Closed,
    ),
    payTo: Nullable(t.String()),
    network: t.String(),
    asset: t.Object({ address: t.String(), symbol: t.String(), name: t.String(), decimals: t.Integer(), network: t.String() }, Closed),
    payments: t.Object(
      {
        x402: t.Boolean({ description: "x402 `exact` payments (PAYMENT-SIGNATURE / X-PAYMENT) are settled by this service" }),
        redeem: t.Boolean({ description: "a USDC transfer to payTo can be redeemed at /redeem for a key" }),
        signInWithX: t.Boolean({ description: "a paying wallet spends its calls with a SIGN-IN-WITH-X proof" }),
      },
      { ...Closed, description: "which ways to pay are open" },
    ),
  },
  { ...Closed, description: "Status, version, pricing and where to pay" },
);

export const EXTRACT_ERRORS = {
  400: ["invalid_request"],
  403: ["robots_disallowed", "private_address"],
  405: ["method_not_allowed"],
  413: ["too_large"],
  422: ["no_content", "unsupported_content_type"],
  429: ["too_many_failures"],
  502: ["upstream_failed", "upstream_timeout"],
  // chain_unavailable, settler_unavailable, settlement_pending: an x402 payment or SIWX proof that
  // cannot be checked or settled now (src/server/paid-route.ts); nothing is charged.
  503: ["busy", "chain_unavailable", "settler_unavailable", "settlement_pending"],
} as const;

/** One entry of /.well-known/x402.json (docs/api-contract.md §2.6): how to buy /extract. */
export const DiscoveryResource = t.Object(
  {
    resource: t.String({ format: "uri", description: "absolute URL of the extract endpoint" }),
    type: t.Literal("http"),
    x402Version: t.Literal(2),
    method: t.Literal("POST"),
    serviceName: t.String({ maxLength: 32 }),
    description: t.String(),
    tags: t.Array(t.String({ maxLength: 32 }), { maxItems: 5 }),
    iconUrl: t.String({ format: "uri" }),
    mimeType: t.Literal("application/json"),
    accepts: t.Array(PaymentAccept, { description: "the same entries every 402 carries" }),
    inputSchema: t.Record(t.String(), t.Unknown(), {
      description: "JSON Schema of the request body: required url, a string in URI format",
    }),
    outputExample: t.Object({ title: Nullable(t.String()), markdown: t.String(), words: t.Integer({ minimum: 0 }) }, Closed),
    lastUpdated: t.Integer({ description: "Unix time in seconds when these payment terms last changed" }),
    metadata: t.Object({ category: t.String(), provider: t.String(), pricePerCallUsd: t.Number() }, Closed),
    settlement: t.String({ description: "self-serve settlement: pay on-chain, then POST the transaction hash to /redeem" }),
    docs: t.String({ format: "uri", description: "browsable API reference" }),
  },
  Closed,
);

export const DiscoveryDocument = t.Object(
  {
    x402Version: t.Literal(2),
    resources: t.Array(DiscoveryResource),
    items: t.Array(DiscoveryResource, { description: "the same entries as resources" }),
    pagination: t.Object({ limit: t.Integer(), offset: t.Integer(), total: t.Integer() }, Closed),
  },
  { ...Closed, description: "x402 payment discovery: the paid resources of this service" },
);

export const DiscoveryQuery = t.Object({
  limit: t.Optional(t.Integer({ minimum: 1, maximum: 100, default: 20, description: "entries per page (1..100)" })),
  offset: t.Optional(t.Integer({ minimum: 0, default: 0, description: "entries to skip" })),
});
