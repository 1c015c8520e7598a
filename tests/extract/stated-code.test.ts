import { describe, expect, test } from "bun:test";
import { linkedomPage } from "../../src/extract/dom.ts";
import { htmlToArticle } from "../../src/extract/html-to-article.ts";
import { codeLine, statedCode, withStatedCode } from "../../src/extract/stated-code.ts";

const URL_ = "https://shop.example/p/trail-sandal";
const ld = (value: unknown) => `<script type="application/ld+json">${JSON.stringify(value)}</script>`;
const doc = (head: string, body = "") => linkedomPage(`<html><head>${head}</head><body>${body}</body></html>`, URL_).document;
const product = (extra: Record<string, unknown>, name = "Trail Sandal Zero") =>
  ld({ "@context": "https://schema.org", "@type": "Product", name, ...extra });

describe("statedCode: the product code the page's structured data states", () => {
  test("the SKU first, then the part number, a barcode, the product id; a number is read as its digits", () => {
    expect(statedCode(doc(product({ gtin13: "4005556050178", sku: "TS-0-42" })))).toEqual({ code: "TS-0-42", label: "SKU" });
    expect(statedCode(doc(product({ mpn: "DL2032", gtin13: "4005556050178" })))).toEqual({ code: "DL2032", label: "MPN" });
    expect(statedCode(doc(product({ gtin13: 4005556050178 })))).toEqual({ code: "4005556050178", label: "GTIN" });
    expect(statedCode(doc(product({ productID: "579695999" })))).toEqual({ code: "579695999", label: "Product ID" });
  });

  test("microdata's code, by its content or its text", () => {
    expect(
      statedCode(doc("", '<div itemscope itemtype="https://schema.org/Product"><meta itemprop="sku" content="545642356"></div>')),
    ).toEqual({
      code: "545642356",
      label: "SKU",
    });
    expect(statedCode(doc("", '<div itemscope><span itemprop="mpn">ECC60912110</span></div>'))?.code).toBe("ECC60912110");
  });

  test("a placeholder, a name, a sentence, a word without a digit, or a grid's several products state no code", () => {
    for (const sku of [" ", "N/A", "OPTIPLEX 9010 TOWER", "sandal", "12", "x".repeat(30) + "1".repeat(20), null, { value: "123" }])
      expect(statedCode(doc(product({ sku })))).toBeNull();
    const grid = product({ sku: "TS-0-42" }) + product({ sku: "TS-1-42" }, "Trail Sandal One");
    expect(statedCode(doc(grid))).toBeNull();
    expect(statedCode(doc(""))).toBeNull();
  });
});

describe("codeLine: the code as the page prints it", () => {
  test("the smallest element holding the code beside a label, in any language", () => {
    const stated = { code: "3410048", label: "SKU" };
    expect(codeLine(doc("", "<div><p>Referência produto: <b>3410048</b></p></div>"), stated)).toBe("Referência produto: 3410048");
    expect(codeLine(doc("", "<ul><li><span>קוד מוצר:</span> <span>3410048</span></li></ul>"), stated)).toBe("קוד מוצר: 3410048");
    // A label and the code in elements side by side, with no space between them.
    expect(codeLine(doc("", "<div><span>Article Number</span><span>3410048</span></div>"), stated)).toBe("Article Number 3410048");
  });

  test("a breadcrumb ending in the code is no label", () => {
    const crumbs =
      '<nav><a href="/c">Camping and Hiking</a> / <a href="/c/p">Hiking Backpacks</a> / <a href="/c/p/d">Daypacks</a> / #3410048</nav>';
    expect(codeLine(doc("", crumbs), { code: "3410048", label: "SKU" })).toBe("SKU: 3410048");
  });

  test("a code alone, inside a longer number, in a script, in a long paragraph or beside a price only is not the line", () => {
    const stated = { code: "3410048", label: "SKU" };
    const page = doc(
      "",
      `<div><span>3410048</span></div><p>Ref 934100481</p><script>var sku = "Product 3410048";</script><p>${"Long words about the sandal. ".repeat(4)}3410048</p><div><span>€ 3410048</span></div>`,
    );
    expect(codeLine(page, stated)).toBe("SKU: 3410048");
  });

  test("a page of 20,000 spans holding the code in one parent is read in bounded time", () => {
    const page = doc("", `<div>${"<span>3410048</span>".repeat(20_000)}</div><p>Art. 3410048</p>`);
    expect(codeLine(page, { code: "3410048", label: "SKU" })).toBe("Art. 3410048");
  }, 5_000);
});

describe("withStatedCode: the code goes under the title and price when the Markdown lost it", () => {
  const description = "A waterproof trail sandal with a five millimetre rubber sole.";

  test("under the opening heading and the price under it, or first", () => {
    expect(withStatedCode(`# Trail Sandal Zero\n\n$99.90\n\n${description}`, "TS-0-42", "SKU: TS-0-42")).toBe(
      `# Trail Sandal Zero\n\n$99.90\n\nSKU: TS-0-42\n\n${description}`,
    );
    expect(withStatedCode(`# Trail Sandal Zero\n\n${description}`, "TS-0-42", "SKU: TS-0-42")).toBe(
      `# Trail Sandal Zero\n\nSKU: TS-0-42\n\n${description}`,
    );
    expect(withStatedCode(description, "TS-0-42", "Art.-Nr. TS-0-42")).toBe(`Art.-Nr. TS-0-42\n\n${description}`);
    expect(withStatedCode("# Trail Sandal Zero", "TS-0-42", "SKU: TS-0-42")).toBe("# Trail Sandal Zero\n\nSKU: TS-0-42");
    // The title further down, under a lead paragraph: the code goes under the title, not first.
    expect(withStatedCode(`Built for rivers.\n\n# Trail Sandal Zero\n\n$99.90\n\n${description}`, "TS-0-42", "SKU: TS-0-42")).toBe(
      `Built for rivers.\n\n# Trail Sandal Zero\n\n$99.90\n\nSKU: TS-0-42\n\n${description}`,
    );
    // A heading inside a fenced code block is no title.
    expect(withStatedCode("```\n# install\n```\n\nRun it.", "TS-0-42", "SKU: TS-0-42")).toBe(
      "SKU: TS-0-42\n\n```\n# install\n```\n\nRun it.",
    );
  });

  test("a Markdown that writes the code, in any case, and an empty one stay as they are", () => {
    for (const md of [`${description}\n\nItem #ts-0-42`, `# Trail Sandal Zero (TS-0-42)\n\n${description}`])
      expect(withStatedCode(md, "TS-0-42", "SKU: TS-0-42")).toBe(md);
    expect(withStatedCode("", "TS-0-42", "SKU: TS-0-42")).toBe("");
  });

  test("the code inside a longer code or a link's address is not written; the line is Markdown, not markup", () => {
    const md = `${description}\n\nSee also TS-0-420 and [the guide](https://shop.example/TS-0-42).`;
    expect(withStatedCode(md, "TS-0-42", "SKU: TS-0-42")).toBe(`SKU: TS-0-42\n\n${md}`);
    expect(withStatedCode(description, "A_1*2", "Code: A_1*2 <b>")).toBe(`Code: A\\_1\\*2 &lt;b>\n\n${description}`);
  });
});

describe("through htmlToArticle", () => {
  const description =
    "<p>A waterproof trail sandal with a five millimetre rubber sole, an elastic cord that never chafes, and a strap you can wash and replace yourself after a season of rivers.</p><p>Its sole is recycled rubber, cut in our workshop, glued by hand and left to cure for a week before it leaves us.</p>";
  const page = (buyBox: string) =>
    `<html><head><title>Trail Sandal Zero</title>${product({ sku: "TS-0-42", offers: { "@type": "Offer", price: "99.90", priceCurrency: "USD" } })}</head><body><main>${buyBox}<article>${description}</article></main></body></html>`;
  const box =
    '<div class="buy"><h1>Trail Sandal Zero</h1><div class="price">$99.90</div><p class="code">Art.-Nr. TS-0-42</p><button>Add to cart</button></div>';

  test("a product page whose buy box the clean-up took gets its code as printed under the title and price; left out, nothing", async () => {
    const md = (await htmlToArticle(page(box), { url: URL_ }))!.markdown;
    expect(md.startsWith("# Trail Sandal Zero\n\n$99.90\n\nArt.-Nr. TS-0-42\n\nA waterproof trail sandal")).toBe(true);
    const without = (await htmlToArticle(page(box), { url: URL_, without: new Set(["stated-code"]) }))!.markdown;
    expect(without).not.toContain("TS-0-42");
  });

  test("a page that is no product page gets no code, whatever its data states", async () => {
    const article = `<html><head><meta property="og:type" content="article">${ld({ "@type": "NewsArticle", headline: "Sandals" })}${product({ sku: "TS-0-42" })}</head><body><article><h1>Sandals we wore all summer</h1>${description}</article></body></html>`;
    const md = (await htmlToArticle(article, { url: "https://news.example/sandals" }))!.markdown;
    expect(md).not.toContain("TS-0-42");
  });
});
