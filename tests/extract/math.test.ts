import { describe, expect, test } from "bun:test";
import { linkedomPage } from "../../src/extract/dom.ts";
import { htmlToArticle } from "../../src/extract/html-to-article.ts";
import { cleanTex, FORMULA, markFormulas, spelledOut, texOf } from "../../src/extract/math.ts";
import { mendHtml } from "../../src/extract/mend-html.ts";
import type { RuleName } from "../../src/extract/rules.ts";

const URL = "https://example.org/wiki/Softmax_function";
const PROSE =
  "The softmax function turns a vector of real numbers into a probability distribution, and it is used in the last layer of many classifiers.";

/** An article page holding `body` between two paragraphs of prose, so that Readability takes it. */
const page = (body: string) =>
  `<html><head><title>Softmax function</title></head><body><nav><a href="/">Home</a></nav><main><article><h1>Softmax function</h1>
  <p>${PROSE}</p>${body}<p>${PROSE} Its gradient has a simple form, which makes training cheap and stable.</p></article></main></body></html>`;

async function markdown(body: string, without: RuleName[] = []): Promise<string> {
  const article = await htmlToArticle(page(body), { url: URL, without: new Set(without) });
  return article?.markdown ?? "";
}

// An encyclopedia's formula: MathML in a span hidden by its style, an image of it hidden from screen readers.
const HIDDEN_MATHML = (tex: string, display: boolean) =>
  `<span class="formula"><span style="display: none;"><math alttext="{\\displaystyle ${tex}}"${display ? ' display="block"' : ""}><semantics><mrow><mi>z</mi></mrow>` +
  `<annotation encoding="application/x-tex">{\\displaystyle ${tex}}</annotation></semantics></math></span>` +
  `<img src="https://example.org/render/abc.svg" aria-hidden="true" alt="{\\displaystyle ${tex}}"></span>`;

describe("formulas come back once, as TeX where the page holds it", () => {
  test("MathML hidden beside its image (an encyclopedia's) is not lost: inline $…$, displayed $$…$$", async () => {
    const md = await markdown(
      `<p>It takes as input a tuple ${HIDDEN_MATHML("\\mathbf {z}", false)} of K real numbers and normalizes it into a distribution.</p>` +
        `<dl><dd>${HIDDEN_MATHML("\\sigma (\\mathbf {z} )_{i}={\\frac {e^{z_{i}}}{\\sum _{j=1}^{K}e^{z_{j}}}}", true)}</dd></dl>`,
    );
    expect(md).toContain("It takes as input a tuple $\\mathbf {z}$ of K real numbers");
    expect(md).toContain("\n\n$$\\sigma (\\mathbf {z} )_{i}={\\frac {e^{z_{i}}}{\\sum _{j=1}^{K}e^{z_{j}}}}$$\n\n");
  });

  test("left out (rule math), that formula is lost, as it was", async () => {
    const md = await markdown(
      `<p>It takes as input a tuple ${HIDDEN_MATHML("\\mathbf {z}", false)} of K real numbers and more words.</p>`,
      ["math"],
    );
    expect(md).toContain("It takes as input a tuple of K real numbers");
    expect(md).not.toContain("mathbf");
  });

  test("KaTeX's reader copy and drawn copy give the TeX once, not the letters twice", async () => {
    const katex =
      `<span class="katex"><span class="katex-mathml"><math><semantics><mrow><msub><mi>x</mi><mi>i</mi></msub></mrow>` +
      `<annotation encoding="application/x-tex">x_i</annotation></semantics></math></span>` +
      `<span class="katex-html" aria-hidden="true"><span class="base"><span class="mord">x</span><span class="msupsub">i</span></span></span></span>`;
    const md = await markdown(`<p>For every input ${katex}, the output is a probability between zero and one.</p>`);
    expect(md).toContain("For every input $x_i$, the output is a probability");
    expect(md).not.toContain("xixi");
  });

  test("MathML without TeX is spelled out once: scripts, fractions and a sum's limits readable", async () => {
    const mathml =
      `<mjx-container display="true"><mjx-math aria-hidden="true"><mjx-mi>drawn</mjx-mi></mjx-math>` +
      `<mjx-assistive-mml><math display="block"><mrow><msub><mi>σ</mi><mi>i</mi></msub><mo>=</mo><mfrac><msup><mi>e</mi><msub><mi>z</mi><mi>i</mi></msub></msup>` +
      `<mrow><munder><mo>∑</mo><mi>j</mi></munder><msup><mi>e</mi><msub><mi>z</mi><mi>j</mi></msub></msup></mrow></mfrac></mrow></math></mjx-assistive-mml></mjx-container>`;
    const md = await markdown(`<p>The output is defined as follows for each class of the model.</p>${mathml}`);
    expect(md).toMatch(/\n\nσ\\?_i=\(e\^\(z\\?_i\)\)\/\(∑\\?_j e\^\(z\\?_j\)\)\n\n/);
    expect(md).not.toContain("drawn");
  });

  test("a page whose renderer has not run: TeX scripts become formulas, < and & in TeX stay text", async () => {
    const md = await markdown(
      `<p>The mean <script type="math/tex">\\mu < \\nu \\& 1</script> of the sample is computed over all observations here.</p>` +
        `<script type="math/tex; mode=display">\\sum_{i=1}^n x_i</script><script>var tracker = 1;</script>`,
    );
    expect(md).toContain("The mean $\\mu < \\nu \\& 1$ of the sample is computed over all observations here.");
    expect(md).toContain("\n\n$$\\sum_{i=1}^n x_i$$\n\n");
    expect(md).not.toContain("tracker");
  });

  test("a saved page's rendering of a TeX script (preview, drawing) goes; the TeX stays", async () => {
    const md = await markdown(
      `<p>The mean <span class="preview">\\mu</span><span id="MathJax-Element-1-Frame" class="rendered"><nobr aria-hidden="true">μ</nobr>` +
        `<span class="assistive"><math><mi>μ</mi></math></span></span><script type="math/tex" id="MathJax-Element-1">\\mu</script> of the sample is computed here.</p>`,
    );
    expect(md).toContain("The mean $\\mu$ of the sample is computed here.");
  });

  test("text beside a formula stays with it: a formula's construct holds nothing else", async () => {
    const md = await markdown(
      `<p>Rated <span aria-hidden="true">★</span> by readers, where <span><math><mi>n</mi></math><span aria-hidden="true">n</span> counts</span> the votes cast this year.</p>`,
    );
    // The clean-up drops what is hidden from screen readers (the star, the second "n"), not "counts".
    expect(md).toContain("Rated by readers, where n counts the votes cast this year.");
  });

  test("TeX is written as it is: Markdown's escapes would change it", async () => {
    const tex = "a_{i}*b_{j} \\le [x]";
    const md = await markdown(`<p>The product <script type="math/tex">${tex}</script> is bounded for every pair of indices here.</p>`);
    expect(md).toContain(`$${tex}$`);
  });
});

describe("math.ts parts", () => {
  test("cleanTex drops a \\displaystyle wrapper only when it wraps the whole formula", () => {
    expect(cleanTex("{\\displaystyle \\mathbf {z} }")).toBe("\\mathbf {z}");
    expect(cleanTex("  {\\textstyle x}\n")).toBe("x");
    expect(cleanTex("{\\displaystyle a} + {b}")).toBe("{\\displaystyle a} + {b}");
    expect(cleanTex("")).toBe("");
  });

  test("texOf prefers the TeX annotation, then alttext, else null", () => {
    const doc = linkedomPage(
      `<html><body><math id="a" alttext="alt"><annotation encoding="application/x-tex">ann</annotation></math>` +
        `<math id="b" alttext="{\\displaystyle y}"><mi>y</mi></math><math id="c"><mi>q</mi><annotation encoding="text/plain">no</annotation></math><math id="d"><annotation encoding="application/x-latex">\\alpha</annotation></math></body></html>`,
      URL,
    ).document;
    const math = (id: string) => doc.getElementById(id)!;
    expect(texOf(math("a"))).toBe("ann");
    expect(texOf(math("b"))).toBe("y");
    expect(texOf(math("c"))).toBeNull();
    expect(texOf(math("d"))).toBe("\\alpha");
    expect(spelledOut(math("c"))).toBe("q");
  });

  test("spelledOut reads roots, square roots and tables", () => {
    const doc = linkedomPage(
      `<html><body><math id="m"><msqrt><mi>x</mi><mo>+</mo><mn>1</mn></msqrt><mo>,</mo><mroot><mi>y</mi><mn>3</mn></mroot>` +
        `<mtable><mtr><mtd><mn>1</mn></mtd><mtd><mn>0</mn></mtd></mtr><mtr><mtd><mn>0</mn></mtd><mtd><mn>1</mn></mtd></mtr></mtable></math></body></html>`,
      URL,
    ).document;
    expect(spelledOut(doc.getElementById("m")!)).toBe("√(x+1),3√y1, 0; 0, 1");
  });

  test("markFormulas marks each top-level formula once and leaves a page without formulas alone", () => {
    const doc = linkedomPage(`<html><body><p>a <math><mi>x</mi><math><mi>y</mi></math></math> b</p></body></html>`, URL).document;
    expect(markFormulas(doc)).toBe(1);
    expect(doc.querySelectorAll(`[${FORMULA}]`).length).toBe(1);
    const plain = linkedomPage(`<html><body><p>No formulas here.</p></body></html>`, URL).document;
    expect(markFormulas(plain)).toBe(0);
    expect(plain.body.innerHTML).toBe("<p>No formulas here.</p>");
  });

  test("mendHtml keeps a TeX script as a marked span, escaped; left out, it goes with the scripts", () => {
    expect(mendHtml(`<p>a <script type="math/tex" id="e1">x<y&z</script> b</p>`)).toBe(
      `<p>a <span ${FORMULA}="inline" data-vellum-tex="" id="e1">x&lt;y&amp;z</span> b</p>`,
    );
    expect(mendHtml(`<p>a <SCRIPT TYPE="math/tex; mode=display">x</SCRIPT></p>`)).toBe(
      `<p>a <span ${FORMULA}="display" data-vellum-tex="">x</span></p>`,
    );
    expect(mendHtml(`<p>a <script type="math/tex">x</script></p>`, undefined, { mathScripts: false })).toBe("<p>a </p>");
    expect(mendHtml(`<p>a <script type="math/tex">  </script><script type="math/texture">x</script></p>`)).toBe("<p>a </p>");
  });
});
