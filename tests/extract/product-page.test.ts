import { describe, expect, test } from "bun:test";
import { linkedomPage } from "../../src/extract/dom.ts";
import { htmlToArticle } from "../../src/extract/html-to-article.ts";
import {
  onlyLinks,
  productClutter,
  productOverArticle,
  productPage,
  pruneProductPage,
  soleH1Title,
  withoutLaterPrices,
  withoutLinksBeforeTitle,
  withoutRepeatedParagraphs,
  withoutShopLines,
  withoutShopperSections,
  withoutStoredFields,
  withProductTitle,
} from "../../src/extract/product-page.ts";
import { isShopLineInLanguages, namesOpinions, namesOtherProducts } from "../../src/extract/shop-languages.ts";

const URL_ = "https://shop.example/p/trail-sandal";

function parse(html: string): { doc: Document; close: () => Promise<void> } {
  return { doc: linkedomPage(html, URL_).document, close: async () => {} };
}

const ld = (value: unknown) => `<script type="application/ld+json">${JSON.stringify(value)}</script>`;
const PRODUCT_LD = ld({ "@context": "https://schema.org", "@type": "Product", name: "Trail Sandal Zero", offers: { price: "99.90" } });
const OG_PRODUCT = '<meta property="og:type" content="product">';

const DESCRIPTION =
  "<p>A waterproof trail sandal with a five millimetre rubber sole, an elastic cord that never chafes, and a strap you can wash and replace yourself after a season of rivers.</p>";
const SPECS = "<ul><li>Weight: 310 g per pair</li><li>Sole: recycled rubber, 5 mm</li><li>Strap: polyester webbing</li></ul>";
const BUY_BOX = '<div class="buy"><h1>Trail Sandal Zero</h1><p class="price">$99.90</p><button>Add to cart</button></div>';

const card = (name: string, price: string, href: string) =>
  `<li class="card"><a href="${href}"><img src="/i/${name}.jpg" alt=""><h3>${name}</h3></a><span>${price}</span></li>`;
const OTHER_PRODUCTS = `<section><h2>Customers also viewed</h2><ul class="carousel">${card("River Sandal", "$79.00", "/p/river")}${card(
  "Canyon Boot",
  "$149.00",
  "/p/canyon",
)}${card("Mesa Slide", "€39,95", "https://shop.example/p/mesa")}${card("Dune Runner", "£64", "/p/dune")}</ul></section>`;

const review = (author: string, text: string, stars: number) =>
  `<div class="review-item"><span class="stars" aria-label="${stars} out of 5 stars"></span><b>${author}</b><time>2024-05-02</time><p>${text}</p></div>`;
const REVIEWS = `<section id="reviews"><h2>Customer reviews</h2><p class="summary">4.6 average from 212 reviews</p><div class="list">${review(
  "Ana",
  "Comfortable on long hikes and the sole still looks new after a whole summer.",
  5,
)}${review("Ben", "Sizing runs small, order one size up if you wear them with socks.", 4)}${review(
  "Cleo",
  "The strap came loose after a month, customer service replaced it quickly though.",
  3,
)}</div></section>`;

const productHtml = (head: string, main: string) =>
  `<html><head><title>Trail Sandal Zero</title>${head}</head><body><main>${main}</main></body></html>`;

describe("productPage: a page about one product", () => {
  test("og:type product, one JSON-LD Product (in any case) or one microdata Product is a product page", async () => {
    for (const html of [
      productHtml(OG_PRODUCT, BUY_BOX),
      productHtml(PRODUCT_LD, BUY_BOX),
      // The type in any case, as a shop writes it and product.ts reads it.
      productHtml(ld({ "@type": "product", name: "Trail Sandal Zero", offers: { price: "99.90" } }), "<p>A sandal.</p>"),
      productHtml("", `<div itemscope itemtype="https://schema.org/Product"><h1 itemprop="name">Zero</h1></div>`),
    ]) {
      const { doc, close } = parse(html);
      expect(productPage(doc)).toBe(true);
      await close();
    }
  });

  test("several microdata products: the one holding the page's only <h1> is the page's, the others are cards", async () => {
    const item = (name: string) => `<li itemscope itemtype="https://schema.org/Product"><span itemprop="name">${name}</span></li>`;
    const own = `<div itemscope itemtype="https://schema.org/Product"><h1 itemprop="name">Trail Sandal Zero</h1>${DESCRIPTION}</div>`;
    const titled = parse(productHtml("", own + `<ul>${item("River Sandal")}${item("Canyon Boot")}</ul>`));
    expect(productPage(titled.doc)).toBe(true);
    await titled.close();
    const untitled = parse(productHtml("", `<h1>Sandals</h1><ul>${item("River Sandal")}${item("Canyon Boot")}</ul>`));
    expect(productPage(untitled.doc)).toBe(false);
    await untitled.close();
  });

  test("without product markup: the only <h1> in a small block with a price and an add-to-cart control", async () => {
    const buyBox = `<div class="summary"><h1>Trail Sandal Zero</h1><p>$99.90</p><form><button name="add-to-cart">Add to cart</button></form></div>`;
    const { doc, close } = parse(productHtml("", buyBox + DESCRIPTION));
    expect(productPage(doc)).toBe(true);
    await close();
    // A grid's title shares its block with the grid's cards: far more text than a buy box.
    const cards = Array.from({ length: 40 }, (_, i) => card(`Sandal model number ${i} with a long name`, "$79.00", `/p/${i}`)).join("");
    const grid = `<div><h1>Sandals</h1><ul>${cards.replaceAll("</span>", "</span><button>Add to cart</button>")}</ul></div>`;
    const other = parse(productHtml("", grid));
    expect(productPage(other.doc)).toBe(false);
    await other.close();
  });

  test("among several <h1>s, the one the document's title holds is the product's title", async () => {
    const buyBox = `<div class="summary"><h1>Trail Sandal Zero</h1><p>$99.90</p><form><button name="add-to-cart">Add to cart</button></form></div>`;
    const page = (title: string) =>
      `<html><head><title>${title}</title></head><body><main>${buyBox}<h1>About this item</h1>${DESCRIPTION}</main></body></html>`;
    const titled = parse(page("Shop.example: Trail Sandal Zero : Shoes"));
    expect(productPage(titled.doc)).toBe(true);
    await titled.close();
    // A title holding neither heading, or both, names no title heading.
    for (const title of ["Shop.example: Sandals", "Trail Sandal Zero | About this item"]) {
      const untitled = parse(page(title));
      expect(productPage(untitled.doc)).toBe(false);
      await untitled.close();
    }
  });

  test("a marketplace's buy box of a few thousand characters is a buy box; a block of many more is not", async () => {
    const options = (chars: number) =>
      `<ul>${Array.from({ length: Math.ceil(chars / 60) }, (_, i) => `<li>Option ${i}: size and colour, delivered in two days</li>`).join("")}</ul>`;
    const box = (chars: number) =>
      `<div class="center"><h1>Trail Sandal Zero</h1><p>$99.90</p>${options(chars)}<form><input type="submit" name="submit.add-to-cart" value="Add to Cart"></form></div>`;
    const marketplace = parse(productHtml("", box(4_500) + DESCRIPTION));
    expect(productPage(marketplace.doc)).toBe(true);
    await marketplace.close();
    const large = parse(productHtml("", box(8_000) + DESCRIPTION));
    expect(productPage(large.doc)).toBe(false);
    await large.close();
  });

  test("a buy box whose control says add to cart in another language is a buy box; the words of other languages are shop-languages'", async () => {
    const box = (control: string) =>
      `<div class="summary"><h1>Bralne leče STICK-ON</h1><p>12,90 €</p><form>${control}</form></div>${DESCRIPTION}`;
    for (const control of [
      "<button>V košarico</button>",
      "<button>Dodaj u košaricu</button>",
      '<input type="submit" value="In den Warenkorb legen">',
      "<button>В корзину</button>",
      "<button>Do košíka</button>",
      "<a href='#'>加入購物車</a>",
      "<button aria-label='カートに入れる'></button>",
    ]) {
      const page = parse(productHtml("", box(control)));
      expect(productPage(page.doc)).toBe(true);
      expect(productPage(page.doc, { languages: false })).toBe(false);
      await page.close();
    }
    // The cart's own link ("Košík", "購物車") and a control saying something else are no add-to-cart control.
    for (const control of [
      "<a href='/basket'>Košík</a>",
      "<a href='/cart'>購物車</a>",
      "<button>Warenkorb anzeigen</button>",
      "<button>Primerjaj</button>",
    ]) {
      const page = parse(productHtml("", box(control)));
      expect(productPage(page.doc)).toBe(false);
      await page.close();
    }
    // A grid of cards, each with its own control in another language, is no buy box.
    const cards = Array.from({ length: 4 }, (_, i) =>
      card(`Sandala ${i}`, "39,00 €", `/p/${i}`).replace("</li>", "<button>V košarico</button></li>"),
    ).join("");
    const grid = parse(productHtml("", `<div><h1>Sandale za na plažo</h1><p>od 39,00 €</p><ul>${cards}</ul></div>`));
    expect(productPage(grid.doc)).toBe(false);
    await grid.close();
  });

  test("og:type product on a category page (a long series of product cards) is not a product page", async () => {
    const grid = (n: number) =>
      `<h1>Pots</h1><div class="grid">${Array.from({ length: n }, (_, i) => card(`Terracotta pot ${i}`, "$38.00", `/p/pot-${i}`)).join("")}</div>`;
    const category = parse(productHtml(OG_PRODUCT, grid(30)));
    expect(productPage(category.doc)).toBe(false);
    await category.close();
    // The same signal with a product page's carousel of a few other products.
    const product = parse(productHtml(OG_PRODUCT, BUY_BOX + DESCRIPTION + grid(6).replace("<h1>Pots</h1>", "")));
    expect(productPage(product.doc)).toBe(true);
    await product.close();
  });

  test("a product without offers (stars for a service page) on a page calling itself an article is not", async () => {
    const bare = ld({ "@type": "Product", name: "Pest Control Services", aggregateRating: { ratingValue: "5" } });
    const { doc, close } = parse(productHtml('<meta property="og:type" content="article">' + bare, DESCRIPTION + REVIEWS));
    expect(productPage(doc)).toBe(false);
    expect(productOverArticle(doc)).toBe(false);
    await close();
  });

  test("a grid (several products, an ItemList) and a plain article are not", async () => {
    const two = ld({
      "@graph": [
        { "@type": "Product", name: "A" },
        { "@type": "Product", name: "B" },
      ],
    });
    const list = ld({ "@type": "ItemList", itemListElement: [{ position: 1 }, { position: 2 }] });
    const microdata = `<div itemscope itemtype="https://schema.org/Product">A</div><div itemscope itemtype="https://schema.org/Product">B</div>`;
    for (const html of [
      productHtml(two, BUY_BOX),
      productHtml(OG_PRODUCT + list, BUY_BOX),
      productHtml("", microdata),
      productHtml('<meta property="og:type" content="article">', DESCRIPTION),
      productHtml('<meta property="og:type" content="product.group">', DESCRIPTION),
    ]) {
      const { doc, close } = parse(html);
      expect(productPage(doc)).toBe(false);
      await close();
    }
  });
});

describe("productOverArticle: one product outweighs og:type article", () => {
  const OG_ARTICLE = '<meta property="og:type" content="article">';
  test("a shop page on a blog engine (og:type article, one JSON-LD Product) is read as a product page", async () => {
    const { doc, close } = parse(productHtml(OG_ARTICLE + PRODUCT_LD, BUY_BOX));
    expect(productOverArticle(doc)).toBe(true);
    expect(productPage(doc)).toBe(true);
    await close();
  });

  test("a page stating an article too, or no product, stays an article", async () => {
    const article = ld({ "@type": "NewsArticle", headline: "Sandals tested" });
    for (const html of [
      productHtml(OG_ARTICLE + PRODUCT_LD + article, DESCRIPTION),
      productHtml(OG_ARTICLE, DESCRIPTION),
      productHtml(OG_ARTICLE + PRODUCT_LD, `<div itemprop="articleBody">${DESCRIPTION}</div>`),
    ]) {
      const { doc, close } = parse(html);
      expect(productOverArticle(doc)).toBe(false);
      await close();
    }
  });

  test("through htmlToArticle: the reviews of such a page go, its description stays", async () => {
    const md = (await htmlToArticle(productHtml(OG_ARTICLE + PRODUCT_LD, BUY_BOX + DESCRIPTION + REVIEWS), { url: URL_ }))!.markdown;
    expect(md).toContain("five millimetre rubber sole");
    expect(md).not.toContain("Sizing runs small");
  });
});

describe("pruneProductPage: other products' cards", () => {
  test("a carousel of other products with prices and links goes; the product's own parts stay", async () => {
    const { doc, close } = parse(productHtml(OG_PRODUCT, BUY_BOX + DESCRIPTION + SPECS + OTHER_PRODUCTS));
    expect(pruneProductPage(doc.body, URL_)).toBe(4);
    const text = doc.body.textContent ?? "";
    for (const gone of ["River Sandal", "Canyon Boot", "Mesa Slide", "Dune Runner", "$149.00"]) expect(text).not.toContain(gone);
    for (const kept of ["Trail Sandal Zero", "$99.90", "five millimetre rubber sole", "Weight: 310 g", "Strap: polyester"])
      expect(text).toContain(kept);
    await close();
  });

  test("purchase options (each titled by an <h1>) and priced variants linking to this page are not cards", async () => {
    const option = (name: string, price: string) =>
      `<div class="option"><h1>Buy ${name}</h1><a href="/p/bundle-${name}">Bundle info</a><span>${price}</span></div>`;
    const variant = (size: string, price: string) => `<div class="variant"><a href="#size-${size}">Size ${size}</a> ${price}</div>`;
    const main =
      option("Standard", "$20") +
      option("Deluxe", "$40") +
      option("Ultimate", "$60") +
      variant("S", "$99") +
      variant("M", "$99") +
      variant("L", "$109");
    const { doc, close } = parse(productHtml(OG_PRODUCT, main));
    expect(productClutter(doc.body, URL_)).toHaveLength(0);
    await close();
  });

  test("a series of linked blocks without prices (a menu, features) is not a grid of products", async () => {
    const feature = (t: string) => `<div class="feature"><a href="/f/${t}"><img src="/${t}.png" alt="">${t} in every pair</a></div>`;
    const { doc, close } = parse(productHtml(OG_PRODUCT, feature("Grip") + feature("Comfort") + feature("Drainage")));
    expect(productClutter(doc.body, URL_)).toHaveLength(0);
    await close();
  });
});

describe("pruneProductPage: individual reviews", () => {
  test("rated reviews inside an element named reviews go; the heading and the summary stay", async () => {
    const { doc, close } = parse(productHtml(OG_PRODUCT, BUY_BOX + DESCRIPTION + REVIEWS));
    const found = productClutter(doc.body, URL_);
    expect(found.map((f) => f.kind)).toEqual(["review", "review", "review"]);
    pruneProductPage(doc.body, URL_);
    const text = doc.body.textContent ?? "";
    for (const gone of ["Comfortable on long hikes", "Sizing runs small", "strap came loose"]) expect(text).not.toContain(gone);
    for (const kept of ["Customer reviews", "4.6 average from 212 reviews", "five millimetre rubber sole"]) expect(text).toContain(kept);
    await close();
  });

  test("a pair of featured reviews (most helpful favorable and critical) goes too", async () => {
    const pair = `<div class="featured-reviews">${review("Dana", "Light, breathable and the hip belt pockets fit a phone easily.", 5)}${review(
      "Eli",
      "The rain cover is sold separately, which I only noticed on the trail.",
      2,
    )}</div>`;
    const { doc, close } = parse(productHtml(OG_PRODUCT, BUY_BOX + DESCRIPTION + pair));
    expect(pruneProductPage(doc.body, URL_)).toBe(2);
    expect(doc.body.textContent).not.toContain("rain cover");
    expect(doc.body.textContent).toContain("five millimetre rubber sole");
    await close();
  });

  test("testimonials without ratings, and rated blocks in an element not named reviews, stay", async () => {
    const quote = (t: string) => `<article class="quote"><time>Mar 2024</time><p>${t}</p></article>`;
    const testimonials = `<div id="review_module">${quote("This course gave me a clear map of how open source projects are run.")}${quote(
      "The quizzes at the end of every section confirmed what I had learned.",
    )}${quote("Simple and concise information to get into the world of open source.")}</div>`;
    const rated = `<div class="compare">${review("A", "Compared with the older model the sole is lighter and grips better.", 5)
      .replace(/review-item/g, "row")
      .repeat(3)}</div>`;
    const { doc, close } = parse(productHtml(OG_PRODUCT, testimonials + rated));
    expect(productClutter(doc.body, URL_)).toHaveLength(0);
    await close();
  });
});

describe("product pages through htmlToArticle", () => {
  const body = BUY_BOX + DESCRIPTION + SPECS + OTHER_PRODUCTS + REVIEWS;

  test("the Markdown of a product page has the product, not the other products or the reviews", async () => {
    const article = (await htmlToArticle(productHtml(PRODUCT_LD, body), { url: URL_ }))!;
    const md = article.markdown;
    expect(md).toContain("five millimetre rubber sole");
    expect(md).toContain("Weight: 310 g per pair");
    expect(md).not.toContain("Canyon Boot");
    expect(md).not.toContain("Sizing runs small");
    expect(article.pageType).toBe("product");
  });

  test("a product page aimed at with include has no page type: the caller chose the content", async () => {
    const article = (await htmlToArticle(productHtml(PRODUCT_LD, body), {
      url: URL_,
      aim: { include: [".buy"], exclude: [], mode: "article" },
    }))!;
    expect(article.markdown).toContain("Trail Sandal Zero");
    expect(article.pageType).toBeNull();
  });

  test("the same markup on a page that states no product keeps its reviews but for the shop's sections", async () => {
    // The product rules need a statement; the shop-sections rule alone takes the section headed "Customer reviews".
    const kept = (await htmlToArticle(productHtml("", body), { url: URL_, without: new Set(["shop-sections"]) }))!.markdown;
    expect(kept).toContain("five millimetre rubber sole");
    expect(kept).toContain("Sizing runs small");
    const md = (await htmlToArticle(productHtml("", body), { url: URL_ }))!.markdown;
    expect(md).toContain("five millimetre rubber sole");
    expect(md).not.toContain("Sizing runs small");
  });
});

describe("withoutShopperSections: what a shop appends below the product", () => {
  const description = "A waterproof trail sandal with a five millimetre rubber sole and a strap you can wash. ".repeat(4);
  const page = [
    "# Trail Sandal Zero",
    "4.6 out of 5 stars",
    "## Description",
    description,
    "## Frequently asked questions",
    "Can I wash the strap? Yes, by hand or in a machine at thirty degrees.",
    "## Customer reviews",
    "Comfortable on long hikes. Sizing runs small, order one size up.",
    "### Most helpful",
    "The strap came loose after a month.",
    "## Shipping",
    "Free shipping on orders over fifty dollars, returns within thirty days.",
    "## You may also like",
    "River Sandal $79",
  ].join("\n\n");

  test("reviews and other products below the product go, each up to the next heading of its rank", () => {
    const { markdown, cut } = withoutShopperSections(page);
    expect(markdown).not.toContain("Sizing runs small");
    expect(markdown).not.toContain("came loose");
    expect(markdown).not.toContain("River Sandal");
    expect(cut).toContain("Sizing runs small");
    // The seller's FAQ and the shipping terms are the product's own; so is the rating beside the title.
    expect(markdown).toContain("Can I wash the strap?");
    expect(markdown).toContain("Free shipping on orders over fifty dollars");
    expect(markdown).toContain("4.6 out of 5 stars");
  });

  test("what other people say about it is a shopper section; what the seller says about itself is not", () => {
    for (const heading of ["What Customers Say", "What our buyers are saying", "What critics think", "Have a question?"]) {
      const said = [
        page.split("## Shipping")[0],
        `## ${heading}`,
        "Five stars from a reader in Oslo.",
        "## Shipping",
        "Free shipping.",
      ].join("\n\n");
      const { markdown } = withoutShopperSections(said);
      expect(markdown).not.toContain("a reader in Oslo");
      expect(markdown).toContain("Free shipping.");
    }
    const own = [page.split("## Customer reviews")[0], "## What makes it waterproof", "Sealed seams and a closed-cell foam footbed."].join(
      "\n\n",
    );
    expect(withoutShopperSections(own).markdown).toContain("Sealed seams");
  });

  test("the shop's other offers below the product go: more sellers, more ways to pay, more brands", () => {
    for (const heading of [
      "More seller options (2)",
      "More ways to pay",
      "More Brands",
      "Discover more options",
      "What other items do customers buy after viewing this item?",
    ]) {
      const offers = [page.split("## Customer reviews")[0], `## ${heading}`, "Starting from $59 at Sandal Outlet"].join("\n\n");
      const { markdown } = withoutShopperSections(offers);
      expect(markdown).not.toContain("Sandal Outlet");
      expect(markdown).toContain("Can I wash the strap?");
    }
    const own = [page.split("## Customer reviews")[0], "## More comfort on long hikes", "A softer footbed."].join("\n\n");
    expect(withoutShopperSections(own).markdown).toContain("A softer footbed.");
  });

  test("things to buy with the product below it go: add-ons, accessories, what pairs with it", () => {
    const headings = [
      "Choose your *add-ons*",
      "Accessories",
      "Accompany With",
      "Pairs well with",
      "Complete your set",
      "Items available for this game",
    ];
    for (const heading of headings) {
      const extras = [
        page.split("## Customer reviews")[0],
        `## ${heading}`,
        "### Spare Strap",
        "A second strap in black.",
        "## Shipping",
        "Free shipping.",
      ].join("\n\n");
      const { markdown } = withoutShopperSections(extras);
      expect(markdown).not.toContain("A second strap in black.");
      expect(markdown).toContain("Free shipping.");
    }
    // A heading saying more about the product's own add-ons or accessories stays.
    for (const heading of ["Accessories included in the box", "Add-ons extend the battery"]) {
      const own = [page.split("## Customer reviews")[0], `## ${heading}`, "A strap and a pouch."].join("\n\n");
      expect(withoutShopperSections(own).markdown).toContain("A strap and a pouch.");
    }
  });

  test("the same sections headed in other languages go; the product's own sections in them stay", () => {
    const foreign = [
      "Ähnliche Produkte",
      "Kunden, die diesen Artikel gekauft haben, kauften auch",
      "Vous aimerez aussi",
      "Productos relacionados",
      "Potrebbe interessarti anche",
      "Também te pode interessar",
      "Vaak samen gekocht",
      "Podobne produkty",
      "Похожие товары",
      "Cumpărate frecvent împreună",
      "Samankaltaisia tuotteita",
      "Külastajad on olnud huvitatud ka järgnevast:",
      "Kundenbewertungen (12)",
      "Avis clients",
      "Opiniones de clientes",
      "Domande e risposte",
      "Отзывы о товаре",
      "Recenzie",
      "לקוחות שרכשו מוצר זה רכשו גם...",
      "相关商品",
      "상품평",
    ];
    for (const heading of foreign) {
      const other = [page.split("## Customer reviews")[0], `## ${heading}`, "Sandale Fluss 79,00 €", "## Shipping", "Free shipping."].join(
        "\n\n",
      );
      expect(withoutShopperSections(other).markdown).not.toContain("Sandale Fluss");
      expect(withoutShopperSections(other).markdown).toContain("Free shipping.");
      // Left out (the benchmarks' `shop-languages`), the section stays: the rule is what removes it.
      expect(withoutShopperSections(other, { languages: false }).markdown).toContain("Sandale Fluss");
    }
    // A product's own sections, and words that only begin like a shop's ("Avisos" is not "Avis").
    const own = [
      "Produktbeschreibung",
      "Description du produit",
      "Характеристики",
      "Descrizione",
      "Produkta apraksts",
      "Avisos de seguridad",
      "Recommandations d'entretien",
      "Bewertungsmaßstab der Stiftung",
    ];
    for (const heading of own) {
      const text = [page.split("## Customer reviews")[0], `## ${heading}`, "Wasserdichte Sohle aus Naturkautschuk."].join("\n\n");
      expect(withoutShopperSections(text).markdown).toContain("Wasserdichte Sohle");
    }
  });

  test("through htmlToArticle: a German shop's product page loses its reviews and similar products, not its description", async () => {
    const body = `${BUY_BOX}<h2>Produktbeschreibung</h2>${DESCRIPTION}${SPECS}<h2>Kundenbewertungen</h2><p>Sehr bequem auf langen Wanderungen, die Größe fällt aber klein aus.</p><h2>Ähnliche Produkte</h2><p><a href="/p/fluss">Sandale Fluss</a> 79,00 €</p><p><a href="/p/canyon">Stiefel Canyon</a> 149,00 €</p>`;
    const md = (await htmlToArticle(productHtml(PRODUCT_LD, body), { url: URL_ }))!.markdown;
    expect(md).toContain("five millimetre rubber sole");
    expect(md).not.toContain("Größe fällt aber klein aus");
    expect(md).not.toContain("Sandale Fluss");
    const without = (await htmlToArticle(productHtml(PRODUCT_LD, body), { url: URL_, without: new Set(["shop-languages"]) }))!.markdown;
    expect(without).toContain("Größe fällt aber klein aus");
  });

  test("a section headed at the top rank ends at the next section heading too", () => {
    const chaotic = [
      "# Trail Sandal Zero",
      "## Description",
      description,
      "# Feedback",
      "Would you like to tell us about a lower price?",
      "## Product description",
      "Sealed seams and a closed-cell foam footbed.",
      "## Customer reviews",
      "Sizing runs small.",
    ].join("\n\n");
    const { markdown } = withoutShopperSections(chaotic);
    expect(markdown).not.toContain("lower price");
    expect(markdown).toContain("Sealed seams");
    expect(markdown).not.toContain("Sizing runs small");
  });

  test("a section of other products' cards ends at a lower heading over the product's own text, not at a card's", () => {
    const carousel = [
      page.split("## Customer reviews")[0],
      "## Customers also bought",
      "### River Sandal",
      "$79.00",
      "### Canyon Boot",
      "In stock",
      "### Product details",
      "Upper of recycled polyester webbing, a footbed of closed-cell foam, a sole of natural rubber five millimetres thick, weight 310 g per pair.",
      "## You may also like",
      "### Mesa Slide",
      "A slide for the beach and the campsite, with a contoured footbed of soft foam and a strap of recycled webbing, $39.",
    ].join("\n\n");
    const { markdown } = withoutShopperSections(carousel);
    expect(markdown).not.toContain("River Sandal");
    expect(markdown).not.toContain("Canyon Boot");
    expect(markdown).toContain("closed-cell foam, a sole of natural rubber");
    // A card with a price is a card, however long its blurb; so is one under its picture.
    expect(markdown).not.toContain("Mesa Slide");
    expect(markdown).not.toContain("contoured footbed");
    const pictured = carousel.replace("### Product details", "![Solar Roof](/i/solar.jpg)\n\n### Solar Roof");
    expect(withoutShopperSections(pictured).markdown).not.toContain("closed-cell foam");
    const priced = carousel.replace("### Product details", "Now $129.00\n\n### Solar Roof");
    expect(withoutShopperSections(priced).markdown).not.toContain("closed-cell foam");
  });

  test("testimonials below the product are other people's opinions and go", () => {
    const said = [
      page.split("## Customer reviews")[0],
      "## User testimonials",
      "##### Such joy!",
      "Worn every day this summer.",
      "## Shipping",
      "Free shipping.",
    ].join("\n\n");
    const { markdown } = withoutShopperSections(said);
    expect(markdown).not.toContain("Worn every day");
    expect(markdown).toContain("Free shipping.");
  });

  test("a heading of that kind near the top is the product's (its rating summary), and code is never read", () => {
    const top = ["# Trail Sandal Zero", "## Ratings", "4.6 from 212 reviews", "## Description", description].join("\n\n");
    expect(withoutShopperSections(top)).toEqual({ markdown: top, cut: "" });
    const code = `# Firmware\n\n${description}\n\n\`\`\`\n## Related\nconfig = 1\n\`\`\``;
    expect(withoutShopperSections(code).markdown).toBe(code);
  });

  test("through htmlToArticle only a product page loses them; the ablation leaves the rule out by name", async () => {
    const reviewsBelow = `<h2>Ratings and reviews</h2><p>${"Great sandal for rivers, would buy again. ".repeat(6)}</p>`;
    const body = BUY_BOX + DESCRIPTION + SPECS + reviewsBelow;
    const product = (await htmlToArticle(productHtml(PRODUCT_LD, body), { url: URL_ }))!.markdown;
    expect(product).toContain("five millimetre rubber sole");
    expect(product).not.toContain("would buy again");
    const ablated = (await htmlToArticle(productHtml(PRODUCT_LD, body), { url: URL_, without: new Set(["product-sections"]) }))!.markdown;
    expect(ablated).toContain("would buy again");
    const noProduct = (await htmlToArticle(productHtml("", body), { url: URL_ }))!.markdown;
    expect(noProduct).toContain("would buy again");
  });
});

describe("onlyLinks: a product page whose markup holds nothing but the site's link lists", () => {
  const languages = ["Deutsch", "Français", "Español", "Italiano", "Nederlands", "Polski", "Português", "Svenska"]
    .map((name) => `<a href="https://${name.toLowerCase()}.shop.example/">${name}</a>`)
    .join(", ");
  const categories = ["Sandals", "Boots", "Socks", "Jackets", "Tents", "Backpacks", "Stoves"]
    .map((name) => `<a href="/c/${name.toLowerCase()}">${name}</a>`)
    .join(", ");
  const footer = `<div class="links"><h5>Shop in your language</h5><p>${languages}</p><h5>Browse by category</h5><p>${categories}</p></div>`;

  test("has no content: the product is left to the page's scripts", async () => {
    expect(await htmlToArticle(productHtml(PRODUCT_LD, footer), { url: URL_ })).toBeNull();
    const ablated = await htmlToArticle(productHtml(PRODUCT_LD, footer), { url: URL_, without: new Set(["product-links-only"]) });
    expect(ablated!.markdown).toContain("Browse by category");
  });

  test("a product with a text of its own keeps its links", async () => {
    const md = (await htmlToArticle(productHtml(PRODUCT_LD, BUY_BOX + DESCRIPTION + footer), { url: URL_ }))!.markdown;
    expect(md).toContain("five millimetre rubber sole");
  });

  test("the share of words outside links, headings aside", () => {
    expect(onlyLinks("##### Browse\n\n[Sandals](/c/s), [Boots](/c/b), [Socks](/c/x)")).toBe(true);
    expect(onlyLinks("# Trail Sandal Zero\n\n$99.90\n\n[Sandals](/c/s), [Boots](/c/b)")).toBe(false);
    expect(onlyLinks("![photo](/i/a.jpg)")).toBe(false);
  });
});

describe("withoutShopperSections: other products' sections come out earlier than opinions", () => {
  const description = "A waterproof trail sandal with a five millimetre rubber sole and a strap you can wash. ".repeat(5);
  test("a section about other products high on the page goes; a rating summary there stays", () => {
    const page = [
      "# Trail Sandal Zero",
      "$99.90, in stock, ships tomorrow from our warehouse in the valley.",
      "## People who viewed this item also viewed",
      "River Sandal $79 Canyon Boot $149",
      "## Customer reviews",
      "4.6 out of 5 stars from 212 reviews",
      "## Description",
      description,
    ].join("\n\n");
    const { markdown } = withoutShopperSections(page);
    expect(markdown).not.toContain("Canyon Boot");
    expect(markdown).toContain("4.6 out of 5 stars");
    expect(markdown).toContain("five millimetre rubber sole");
  });

  test("the shop's other ways of naming other products", () => {
    for (const heading of [
      "Complete the look",
      "Often viewed with each other",
      "Accessories for Trail Sandal",
      "Get the look",
      "Top Sellers",
    ]) {
      const page = [
        "# Trail Sandal Zero",
        description,
        `## ${heading}`,
        "River Sandal $79 Canyon Boot $149",
        "## Care",
        "Rinse in fresh water.",
      ].join("\n\n");
      const { markdown } = withoutShopperSections(page);
      expect(markdown).not.toContain("Canyon Boot");
      expect(markdown).toContain("Rinse in fresh water.");
    }
  });

  test("a page opening with its recommendations keeps what follows them", () => {
    const page = ["## Recommended for you", description, "# Trail Sandal Zero", description].join("\n\n");
    expect(withoutShopperSections(page).markdown).toBe(page);
  });
});

describe("withoutRepeatedParagraphs: a product page says each paragraph once", () => {
  test("the later copy of a paragraph, a list item or a heading goes; one-word lines and table rows keep their repeats", () => {
    const blurb = "The larger sensor balances bright and shadowy areas when the subject is backlit.";
    const page = [
      "# Trail Camera",
      "## Low light",
      blurb,
      "- Weight: 310 g",
      "$149.00",
      "Black",
      "| Battery | 6 months |",
      "## Low light",
      blurb,
      "- Weight: 310 g",
      "$149.00",
      "Black",
      "| Battery | 6 months |",
      "- Weight: 310 grams",
    ].join("\n\n");
    const once = withoutRepeatedParagraphs(page);
    expect(once.split(blurb).length).toBe(2);
    expect(once.split("- Weight: 310 g\n").length).toBe(2);
    expect(once.split("$149.00").length).toBe(2);
    expect(once).toContain("- Weight: 310 grams");
    expect(once.split("## Low light").length).toBe(2);
    expect(once.split("Black").length).toBe(3);
    expect(once.split("| Battery | 6 months |").length).toBe(3);
  });

  test("a copy in other markup goes (bold, linked); a heading said again goes with its copied text, not over new text", () => {
    const page = [
      "# Trail Camera",
      "**Night vision up to 30 metres**",
      "### [Trail Camera](https://shop.example/trail-camera)",
      "Night vision up to [30 metres](https://shop.example/range)",
      "Night vision up to 30 metres, with no glow the animals see.",
      "> Night vision up to 30 metres",
      "## Field story",
      "A ranger counted eleven foxes in one winter night.",
      "## Field story",
      "A farmer found the badger that raided his hens.",
      "###### FIELD STORY",
      "A ranger counted eleven foxes in one winter night.",
    ].join("\n\n");
    const once = withoutRepeatedParagraphs(page);
    expect(once).toContain("# Trail Camera");
    expect(once).not.toContain("[Trail Camera]");
    expect(once).toContain("**Night vision up to 30 metres**");
    expect(once).not.toContain("[30 metres]");
    expect(once).toContain("with no glow the animals see");
    expect(once).toContain("> Night vision up to 30 metres");
    expect(once.split("## Field story").length).toBe(3);
    expect(once).toContain("the badger that raided his hens");
    expect(once).not.toContain("FIELD STORY");
    expect(once.split("eleven foxes").length).toBe(2);
  });

  test("on a product page only", async () => {
    const blurb = "<p>Each pair is stitched by hand in our workshop and checked twice before it ships.</p>";
    const body = BUY_BOX + DESCRIPTION + blurb + SPECS + blurb;
    const product = (await htmlToArticle(productHtml(PRODUCT_LD, body), { url: URL_ }))!.markdown;
    expect(product.split("stitched by hand").length).toBe(2);
    const article = (await htmlToArticle(productHtml("", `<h1>Workshop notes</h1>${DESCRIPTION}${blurb}${SPECS}${blurb}`), { url: URL_ }))!
      .markdown;
    expect(article.split("stitched by hand").length).toBe(3);
  });
});

describe("withoutShopLines: the shop's controls and promises beside a product", () => {
  test("lines that are only a control or a promise go; lines saying more stay", () => {
    const page = [
      "# Trail Sandal Zero",
      "**Out of stock**",
      "- Free shipping on orders over $75.",
      "Notify me when back in stock",
      "# Adding to Basket...",
      "# Added to Basket",
      "# Not Added",
      "Loading recommendations for you",
      "## Item is in your basket",
      "We do not have any recommendations at this time",
      "**Continue shopping**",
      "Have one to sell?",
      "A waterproof trail sandal with a rubber sole.",
      "Continue shopping for the rest of the set below: a strap and a second sole.",
      "Have one to sell? Our trade-in desk buys used sandals back for store credit.",
      "Added to your order at no cost: a second pair of laces.",
      "Returns: 30 days, free of charge, from any of our shops.",
      "- Sole: recycled rubber",
      "```",
      "Add to cart",
      "```",
    ].join("\n\n");
    const out = withoutShopLines(page);
    expect(out).not.toContain("Out of stock");
    expect(out).not.toContain("Free shipping");
    expect(out).not.toContain("Notify me");
    expect(out).not.toContain("Basket");
    expect(out).not.toContain("Not Added");
    expect(out).not.toContain("recommendations");
    expect(out).not.toContain("**Continue shopping**");
    expect(out).not.toContain("\n\nHave one to sell?\n\n");
    expect(out).toContain("Continue shopping for the rest of the set below");
    expect(out).toContain("Have one to sell? Our trade-in desk");
    expect(out).toContain("A waterproof trail sandal");
    expect(out).toContain("Added to your order at no cost");
    expect(out).toContain("Returns: 30 days");
    expect(out).toContain("- Sole: recycled rubber");
    expect(out).toContain("- Sole: recycled rubber\n\n```\n\nAdd to cart\n\n```");
    expect(out).not.toContain("\n\n\n");
  });

  test("the same lines in other languages go, left out by the rule's switch; sentences about them stay", () => {
    const lines = [
      "In den Warenkorb",
      "**Nur noch 1 auf Lager (mehr ist unterwegs).**",
      "Derzeit nicht verfügbar.",
      "# Aggiunto al Carrello",
      "# Non aggiunto",
      "[Condividi](mailto:?body=Vorrei%20suggerire%20questo%20prodotto)",
      "Partilhar",
      "## L'article est dans votre panier",
      "Continua lo shopping",
      "Caricamento dei suggerimenti di oggi",
      "Non abbiamo suggerimenti in questo momento",
      "Weiter einkaufen",
      "Seguir comprando",
      "Möchten Sie verkaufen?",
      "Vous l'avez déjà ?",
      "Ne hai uno da vendere?",
      "Si è verificato un problema durante l'aggiunta dell'articolo al Carrello. Riprova più tardi.",
      "Votre panier est vide :(",
      "- Livraison gratuite",
      "Añadir al carrito",
      "Spedizione gratuita",
      "Op voorraad",
      "Dodaj do koszyka",
      "Купить в кредит",
      "В наличии",
      "Lägg i varukorgen",
      "Adaugă în coș",
      "V košarico",
      "Dodaj u košaricu",
      "Додати в кошик",
      "加入購物車",
      "カートに入れる",
    ];
    const own = [
      "Wasserdichte Sandale mit einer Sohle aus Naturkautschuk.",
      "Auf Lager sind alle Größen von 36 bis 46, der Versand dauert zwei Tage.",
      "La livraison est gratuite dès 50 € d'achat en France métropolitaine et en Belgique.",
      "Disponibile in tre colori: nero, sabbia e oliva.",
      "Teilen lässt sich das Fußbett: die Einlage ist herausnehmbar und passt in jede Sandale der Serie.",
    ];
    const page = ["# Trail Sandal Zero", ...lines, ...own].join("\n\n");
    const out = withoutShopLines(page);
    for (const line of lines) expect(out).not.toContain(line.replace(/^[-#* ]+|\*+$/g, ""));
    for (const line of own) expect(out).toContain(line);
    const kept = withoutShopLines(page, { languages: false });
    for (const line of lines) expect(kept).toContain(line);
  });

  test("a band of delivery and returns promises goes, icons and all; a sentence about them stays", () => {
    const page = [
      "# Canvas Tote",
      "- ![](https://shop.example/truck.svg) Fast & free shipping",
      "- ![](https://shop.example/box.svg) 60-day returns",
      "- ![](https://shop.example/lock.svg) Secure checkout",
      "**Express Delivery** (2 Working Days)",
      "Returns & exchanges accepted within 14 days",
      "Fast shipping is why we pack every tote the day you order it.",
      "Each tote ships flat; returns within 60 days are free from any of our shops.",
    ].join("\n\n");
    const out = withoutShopLines(page);
    expect(out).not.toContain("free shipping");
    expect(out).not.toContain("60-day returns");
    expect(out).not.toContain("Secure checkout");
    expect(out).not.toContain("Express Delivery");
    expect(out).not.toContain("accepted within 14 days");
    expect(out).toContain("# Canvas Tote");
    expect(out).toContain("Fast shipping is why we pack");
    expect(out).toContain("returns within 60 days are free");
  });

  test("a pay-later widget's lines go; a sentence about paying in parts stays", () => {
    const page = [
      "# Canvas Tote",
      "or 4 interest-free payments of $12.50 with ![PayLater](https://pay.example/logo.svg)",
      "Also available at checkout:",
      "You can pay in 4 payments when the order is over $100, and we ship only once it is paid.",
    ].join("\n\n");
    const out = withoutShopLines(page);
    expect(out).not.toContain("interest-free payments");
    expect(out).not.toContain("available at checkout");
    expect(out).toContain("You can pay in 4 payments");
  });

  test("a reviews widget's counts go; a heading about reviews and a review itself stay", () => {
    const page = [
      "# Canvas Tote",
      "4.8 out of 5 Stars. 1,204 reviews",
      "Based on 1204 reviews",
      "  980 Reviews",
      "Reviews (12)",
      "## 12 reviews of our canvas tote",
      "After 200 reviews of bags, this is the one I keep.",
    ].join("\n\n");
    const out = withoutShopLines(page);
    expect(out).not.toContain("1,204 reviews");
    expect(out).not.toContain("Based on");
    expect(out).not.toContain("980 Reviews");
    expect(out).not.toContain("Reviews (12)");
    expect(out).toContain("## 12 reviews of our canvas tote");
    expect(out).toContain("After 200 reviews of bags");
  });

  test("the rest of a reviews widget, warranty terms and shop links go; sentences about them stay", () => {
    const page = [
      "# Canvas Tote",
      "Rated 4.62 out of 5 based on 31 customer ratings",
      "average rating 4.8 out of 5",
      "- 5 Stars",
      "- 1 Star",
      "93% of reviewers would recommend this product to a friend",
      "Recent Reviews:",
      "(3) [Write a Review](https://shop.example/review?item=7)",
      "[Read Critic Reviews](https://critics.example/tote)",
      "[2-Year Limited Warranty](https://shop.example/warranty)",
      "30-Day Money-Back Guarantee",
      "12 people are viewing this right now",
      "[Size Guide](https://shop.example/sizes)",
      "SKU: CT-7 Category: [Bags](https://shop.example/bags) Tag: [totes](https://shop.example/totes)",
      "RETURN TO TOP OF PAGE",
      "Rated 5 stars by our testers, it carries 20 kg without a tear.",
      "Every tote comes with a 2-year warranty that covers the seams and the straps.",
      "Reviews of the first batch asked for a wider strap, so we made one.",
      "5 stars for the stitching, 3 for the zip.",
    ].join("\n\n");
    const out = withoutShopLines(page);
    for (const gone of ["Rated 4.62", "average rating", "5 Stars", "1 Star", "93% of reviewers", "Recent Reviews", "Write a Review"])
      expect(out).not.toContain(gone);
    for (const gone of ["Critic Reviews", "Limited Warranty", "Money-Back", "viewing this", "Size Guide", "SKU", "TOP OF PAGE"])
      expect(out).not.toContain(gone);
    expect(out).toContain("# Canvas Tote");
    expect(out).toContain("Rated 5 stars by our testers");
    expect(out).toContain("comes with a 2-year warranty");
    expect(out).toContain("Reviews of the first batch");
    expect(out).toContain("5 stars for the stitching");
  });

  test("a delivery estimate beside the buy button goes; a sentence about delivery stays", () => {
    const page = [
      "# Oak Stool",
      "Arrives by Today",
      "- Pickup today",
      "Shipping, arrives tomorrow",
      "Order within 3 hr 52 min",
      "Order today to get by **Mar 23-Apr 14**",
      "Delivery in approx. 3-6 business days",
      "All orders dispatched within 24 hours.",
      "Ships the same day, order by 3pm Central",
      "The stool arrives flat-packed with four legs and an oak seat.",
      "We delivered the first stools to a school in 1998, and the school still uses them today.",
      "Order within the next week and we will engrave your initials on the seat for free.",
    ].join("\n\n");
    const out = withoutShopLines(page);
    for (const gone of ["Arrives by", "Pickup", "arrives tomorrow", "3 hr", "Mar 23", "business days", "dispatched", "same day"])
      expect(out).not.toContain(gone);
    expect(out).toContain("# Oak Stool");
    expect(out).toContain("arrives flat-packed");
    expect(out).toContain("We delivered the first stools");
    expect(out).toContain("engrave your initials");
  });

  test("a form's error message goes; a sentence about what to do when something went wrong stays", () => {
    const page = [
      "### Oops! Something went wrong. Please try again.",
      "There was a problem calculating your shipping. Please try again later.",
      "If something went wrong with your order, please write to us within 30 days.",
    ].join("\n\n");
    const out = withoutShopLines(page);
    expect(out).not.toContain("Oops");
    expect(out).not.toContain("calculating your shipping");
    expect(out).toContain("If something went wrong with your order");
  });

  test("a marketplace's stock status, a lone star average, an empty reviews widget and a sale's return terms go; sentences saying more stay", () => {
    const page = [
      "# Space Earbuds",
      "Currently unavailable.",
      "We don't know when or if this item will be back in stock.",
      "*4.5 out of 5 stars*",
      "No reviews yet",
      "Be the first to review this product",
      "This item is gift eligible",
      "Eligible for registries and wish lists",
      "Final Sale items cannot be returned, canceled, or exchanged",
      "Outlet items are not eligible for refunds or exchanges.",
      "Our outlet sells last season's colours at half price; returns work as for every other order.",
      "This colour is currently unavailable in Europe, but the black pair ships this week.",
      "Testers rated the fit 4.5 out of 5 stars after a month of daily runs.",
      "No reviews of the first batch mentioned the case hinge.",
    ].join("\n\n");
    const out = withoutShopLines(page);
    for (const gone of [
      "Currently unavailable.",
      "back in stock",
      "*4.5",
      "No reviews yet",
      "Be the first",
      "gift eligible",
      "registries",
      "Final Sale items",
      "Outlet items are not",
    ])
      expect(out).not.toContain(gone);
    expect(out).toContain("# Space Earbuds");
    expect(out).toContain("currently unavailable in Europe");
    expect(out).toContain("rated the fit 4.5 out of 5 stars");
    expect(out).toContain("No reviews of the first batch");
    expect(out).toContain("Our outlet sells last season's colours");
  });

  test("on a product page only", async () => {
    const promise = "<p>Free shipping on orders over $75</p>";
    const product = (await htmlToArticle(productHtml(PRODUCT_LD, BUY_BOX + promise + DESCRIPTION + SPECS), { url: URL_ }))!.markdown;
    expect(product).not.toContain("Free shipping");
    expect(product).toContain("five millimetre rubber sole");
    const without = (await htmlToArticle(productHtml(PRODUCT_LD, BUY_BOX + promise + DESCRIPTION + SPECS), {
      url: URL_,
      // The offer bar rule (priced-grid.ts) takes such a line above the first heading too.
      without: new Set(["product-shop-lines", "offer-banner"]),
    }))!.markdown;
    expect(without).toContain("Free shipping");
  });
});

describe("withoutLaterPrices: after the product's own price, the prices of other things it sells", () => {
  test("lone prices after the first go, however labelled; the first, sentences, headings and table rows stay", () => {
    const page = [
      "# Pro Tech Toolkit",
      "$74.95",
      "A 64-bit driver kit with the tools for phones, laptops and consoles.",
      "Sale price $19.95",
      "- $299.95",
      "$179 ~~$299.00~~",
      "**49,35 €**",
      "Price $ 79.99",
      "Each refill of bits costs $4.99 and lasts a year of weekly repairs.",
      "## $10 off your first order",
      "| Price | $30 |",
    ].join("\n\n");
    const out = withoutLaterPrices(page);
    for (const gone of ["19.95", "299.95", "$179", "49,35", "79.99"]) expect(out).not.toContain(gone);
    expect(out).toContain("$74.95");
    expect(out).toContain("# Pro Tech Toolkit");
    expect(out).toContain("costs $4.99");
    expect(out).toContain("## $10 off");
    expect(out).toContain("| Price | $30 |");
  });

  test("on a product page only, and left out by its rule's name", async () => {
    const bundle = "<h2>Buy the bundle</h2><p>With the River Sandal, 20% off both.</p><p>$149.00</p>";
    const main = BUY_BOX + DESCRIPTION + bundle;
    const product = (await htmlToArticle(productHtml(PRODUCT_LD, main), { url: URL_ }))!.markdown;
    expect(product).toContain("$99.90");
    expect(product).not.toContain("$149.00");
    const without = (await htmlToArticle(productHtml(PRODUCT_LD, main), { url: URL_, without: new Set(["later-prices"]) }))!.markdown;
    expect(without).toContain("$149.00");
  });
});

describe("withProductTitle: the product's name when the content lost the buy box", () => {
  const description = "## Item description\n\nSealed links in gold-coloured steel, rated for road bikes up to 600 cc.";

  test("a Markdown showing neither the name nor a price gets the name first; one showing either is unchanged", () => {
    expect(withProductTitle(description, "Catena DID 520ers3 *Oro*")).toBe(`# Catena DID 520ers3 \\*Oro\\*\n\n${description}`);
    const named = `Catena DID 520ers3 Oro, the [gold](/c/gold) chain.\n\n${description}`;
    expect(withProductTitle(named, "Catena DID 520ers3 Oro")).toBe(named);
    const priced = `EUR 163.12\n\n${description}`;
    expect(withProductTitle(priced, "Catena DID 520ers3 Oro")).toBe(priced);
    // Nothing at all stays nothing: the product was drawn by scripts (onlyLinks).
    expect(withProductTitle("", "Catena DID 520ers3 Oro")).toBe("");
    // A name said only in a picture's alternative text is not said.
    const pictured = `![Catena DID 520ers3 Oro](/i/1.jpg)\n\n${description}`;
    expect(withProductTitle(pictured, "Catena DID 520ers3 Oro")).toContain("# Catena DID 520ers3 Oro\n\n![");
  });

  test("soleH1Title: the page's one <h1>, none when it has several or one of a sentence's length", () => {
    const title = (body: string) => soleH1Title(parse(`<html><body>${body}</body></html>`).doc);
    expect(title("<h1> Catena  DID <b>520ers3</b></h1><h2>Item description</h2>")).toBe("Catena DID 520ers3");
    expect(title("<h1>Description</h1><h1>Specifications</h1>")).toBeNull();
    expect(title("<h2>No title</h2>")).toBeNull();
    expect(title(`<h1>${"a very long heading ".repeat(12)}</h1>`)).toBeNull();
  });

  test("through htmlToArticle: the buy box in its own column, Readability keeping the description", async () => {
    const para = (n: number) =>
      `<p>Chain ${n} is made of sealed links in gold-coloured steel, rated for road bikes up to 600 cc, with a clip joint and a spare link in the box; it ships oiled and ready to fit.</p>`;
    const html = productHtml(
      PRODUCT_LD,
      `<div class="top"><div class="col-a"><h1>Catena DID 520ers3 Oro</h1><div class="buy"><span>EUR 163.12</span><button>Buy</button></div></div></div><div class="desc"><h2>Item description</h2>${para(1)}${para(2)}${para(3)}${para(4)}</div>`,
    );
    const withTitle = (await htmlToArticle(html, { url: URL_ }))!.markdown;
    expect(withTitle.startsWith("# Catena DID 520ers3 Oro\n\n## Item description")).toBe(true);
    const without = (await htmlToArticle(html, { url: URL_, without: new Set(["product-title"]) }))!.markdown;
    expect(without).not.toContain("Catena DID 520ers3 Oro");
    expect(without).toContain("Chain 1 is made of sealed links");
  });

  test("a title set as blocks in its <h1> comes back with its words apart (rule inline-gaps)", async () => {
    const para = (n: number) =>
      `<p>Chain ${n} is made of sealed links in gold-coloured steel, rated for road bikes up to 600 cc, with a clip joint and a spare link in the box; it ships oiled and ready to fit.</p>`;
    const html = productHtml(
      PRODUCT_LD,
      `<div class="top"><div class="col-a"><h1><div class="title">Catena</div><div class="sub"><span>DID 520ers3 Oro</span></div></h1><div class="buy"><span>EUR 163.12</span><button>Buy</button></div></div></div><div class="desc"><h2>Item description</h2>${para(1)}${para(2)}${para(3)}${para(4)}</div>`,
    );
    expect((await htmlToArticle(html, { url: URL_ }))!.markdown).toStartWith("# Catena DID 520ers3 Oro\n\n");
    const glued = (await htmlToArticle(html, { url: URL_, without: new Set(["inline-gaps"]) }))!.markdown;
    expect(glued).toStartWith("# CatenaDID 520ers3 Oro\n\n");
  });
});

describe("hostile Markdown on a product page", () => {
  // The deadline is the bound (a section end that rescans the lines below every heading takes minutes).
  test("50,000 card headings under one carousel heading, and 50,000 headings in other languages, pass in one scan", () => {
    const cards = Array.from({ length: 50_000 }, (_, i) => `### Card ${i}\n\nIn stock`).join("\n\n");
    // The carousel begins after a tenth of the page's words (productOtherSectionsMinShare).
    const carousel = `# Sandal\n\n${"Sealed seams and a footbed of foam. ".repeat(5_000)}\n\n## You may also like\n\n${cards}`;
    const kept = withoutShopperSections(carousel).markdown;
    expect(kept.includes("Card 49999")).toBe(false);
    expect(kept.includes("Sealed seams")).toBe(true);
    // The phrases of twenty languages read over a heading of 200,000 words: one pass.
    const long = "Ähnliche Produktreihe für Sie ".repeat(50_000);
    expect(namesOtherProducts(long)).toBe(false);
    expect(namesOpinions(long)).toBe(false);
    expect(isShopLineInLanguages(long)).toBe(false);
    const buttons = "In den Warenkorb ".repeat(50_000);
    expect(withoutShopLines(buttons) === buttons).toBe(true);
  }, 10_000);

  test("200,000 unclosed brackets or link openings pass the product rules at once (link patterns were quadratic)", () => {
    for (const hostile of ["\\[".repeat(200_000), "](".repeat(200_000)]) {
      expect(onlyLinks(hostile)).toBe(false);
      expect(withoutShopperSections(`# Sandal\n\n${hostile}`).cut).toBe("");
      expect(withoutRepeatedParagraphs(hostile)).toBe(hostile);
      expect(withoutLaterPrices(`$5\n\n${hostile}`)).toBe(`$5\n\n${hostile}`);
      expect(withProductTitle(hostile, "Trail Sandal")).toBe(`# Trail Sandal\n\n${hostile}`);
    }
    const pictures = "![a](b".repeat(50_000);
    expect(withProductTitle(pictures, "Trail Sandal")).toBe(`# Trail Sandal\n\n${pictures}`);
    for (const hostile of [`$${"1,".repeat(100_000)}x`, `Sale price ${"$1 ".repeat(60_000)}`, `$1 ~~${"~".repeat(100_000)}`])
      expect(withoutLaterPrices(`$5\n\n${hostile}`)).toBe(`$5\n\n${hostile}`);
  }, 5_000);
});

describe("withoutStoredFields: a template's stored fields printed as a description list", () => {
  const FIELDS =
    "<dl><dt>Fit:</dt><dd>Regular</dd><dt>Fabric:</dt><dd>100% combed cotton, 180 gsm</dd>" +
    "<dt>thumb_red:</dt><dd>https://cdn.shop.example/thumbs/red.jpg</dd>" +
    "<dt>Thumb blue:</dt><dd>https://cdn.shop.example/thumbs/blue.jpg</dd>" +
    "<dt>short_description:</dt><dd>Regular fit tee</dd><dt>tab_Care and Washing:</dt><dd>care-chunk-2</dd>" +
    '<dt>Care guide:</dt><dd><a href="https://shop.example/care">https://shop.example/care</a></dd></dl>';

  test("terms named like storage keys or holding a bare address go; specifications and linked addresses stay", () => {
    const { doc } = parse(`<html><body>${FIELDS}</body></html>`);
    expect(withoutStoredFields(doc.body)).toBe(4);
    const text = doc.body.textContent ?? "";
    expect(text).not.toContain("thumb_red");
    expect(text).not.toContain("Thumb blue");
    expect(text).not.toContain("Regular fit tee");
    expect(text).not.toContain("care-chunk-2");
    expect(text).toContain("Regular");
    expect(text).not.toContain("cdn.shop.example");
    expect(text).toContain("100% combed cotton");
    expect(text).toContain("Care guide:");
    expect(text).toContain("https://shop.example/care");
  });

  test("through htmlToArticle, on a product page only", async () => {
    const body = BUY_BOX + DESCRIPTION + FIELDS;
    const product = (await htmlToArticle(productHtml(PRODUCT_LD, body), { url: URL_ }))!.markdown;
    expect(product).toContain("100% combed cotton");
    expect(product).not.toContain("thumb_red");
    const without = (await htmlToArticle(productHtml(PRODUCT_LD, body), { url: URL_, without: new Set(["product-stored-fields"]) }))!
      .markdown;
    expect(without).toContain("thumb_red");
  });
});

describe("withoutLinksBeforeTitle: the shop's menu above a product's title", () => {
  const after = "# Trail Sandal Zero\n\n$99.90\n\nA waterproof trail sandal.\n\n[Orders](/my/orders) [Wish list](/my/list)";

  test("lines of links, a breadcrumb, a menu's entries and a wall of brands' logos before the title go", () => {
    const md = [
      "[Orders](https://shop.example/my/orders)[Wish list](https://shop.example/my/list)[Cart](https://shop.example/cart)",
      "[Shop](https://shop.example/) › [Shoes](https://shop.example/c/shoes) › [Sandals](https://shop.example/c/sandals)",
      "- [Gift guide](https://shop.example/gifts)",
      "- [Stores](https://shop.example/stores)",
      "[![Acme](https://shop.example/logos/acme.png)](https://shop.example/brand/acme)[![Zeta](https://shop.example/logos/zeta.png)](https://shop.example/brand/zeta)",
      after,
    ].join("\n\n");
    expect(withoutLinksBeforeTitle(md, "Trail Sandal Zero")).toBe(after);
  });

  test("the brand's link alone or as a lone list item, a seller with his count, a gallery, words of the page's own and everything after the title stay", () => {
    const own = [
      "### [Acme Outdoor](https://shop.example/brand/acme)",
      "- [Shop all Acme](https://shop.example/brand/acme/all)",
      "[sandalshop](https://shop.example/usr/sandalshop) ([9960](https://shop.example/feedback/sandalshop))",
      "[![Side](https://cdn.example/p/1.jpg)](https://cdn.example/p/1-zoom.jpg) [![Sole](https://cdn.example/p/2.jpg)](https://cdn.example/p/2-zoom.jpg)",
      "![Front](https://cdn.example/p/0.jpg) [![Back](https://cdn.example/p/3.jpg)](https://shop.example/p/trail-sandal#back)",
      "New this season: [the river collection](https://shop.example/c/river) and [its guide](https://shop.example/guide).",
      "```\n[Orders](/my/orders) [Cart](/cart)\n```",
    ];
    const md = [...own, after].join("\n\n");
    expect(withoutLinksBeforeTitle(md, "Trail Sandal Zero")).toBe(md);
    // No heading says the title (a buy box headed "Play …", the title a line of text): nothing is before it.
    const untitled =
      "Trail Sandal Zero\n\n[Hiking](/tags/hiking) [Rivers](/tags/rivers)\n\n## Buy Trail Sandal Zero\n\nA waterproof trail sandal.";
    expect(withoutLinksBeforeTitle(untitled, "Trail Sandal Zero")).toBe(untitled);
    // The title as Readability writes an <h1>, `##`, in any case and with its emphasis.
    expect(
      withoutLinksBeforeTitle("[Orders](/my/orders) [Cart](/cart)\n\n## **Trail sandal  ZERO**\n\nA sandal.", "Trail Sandal Zero"),
    ).toBe("## **Trail sandal  ZERO**\n\nA sandal.");
  });

  test("through htmlToArticle: the shop's menu before the product goes; left out, it stays", async () => {
    // Paragraphs of links the clean-up of link-dense blocks would take too: left on, to show this rule's part.
    const menu = `<p><a href="/my/orders">Orders</a> <a href="/my/list">Wish list</a> <a href="/cart">Cart</a></p><p><a href="/c/new">New Year</a> › <a href="/c/tech">Electronics</a> › <a href="/c/home">Home</a></p>`;
    const html = `<html><head><title>Sandals | Shop</title>${PRODUCT_LD}</head><body><div><div>${menu}<h1>Trail Sandal Zero, black</h1><p>$99.90</p>${DESCRIPTION}${SPECS}</div></div></body></html>`;
    const md = (await htmlToArticle(html, { url: URL_, without: new Set(["clean-article"]) }))!.markdown;
    expect(md).toContain("Trail Sandal Zero, black");
    expect(md).toContain("five millimetre rubber sole");
    expect(md).not.toContain("Wish list");
    expect(md).not.toContain("Electronics");
    const off = (await htmlToArticle(html, { url: URL_, without: new Set(["clean-article", "links-before-title"]) }))!.markdown;
    expect(off).toContain("Electronics");
  });
});
