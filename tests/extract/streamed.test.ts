import { describe, expect, test } from "bun:test";
import { linkedomPage } from "../../src/extract/dom.ts";
import { htmlToArticle } from "../../src/extract/html-to-article.ts";
import { mendHtml } from "../../src/extract/mend-html.ts";
import { completeStreamedRender, streamedMoves } from "../../src/extract/streamed.ts";
import { THRESHOLDS } from "../../src/extract/thresholds.ts";

const RC = (b: string, s: string) => `<script>$RC("${b}","${s}")</script>`;
const RS = (s: string, p: string) => `<script>$RS("${s}","${p}")</script>`;

/** A page of `body`. */
const pageOf = (body: string) => `<html><head><title>t</title></head><body>${body}</body></html>`;

/** The paragraphs of `body`, in document order, one space apart. */
const paragraphs = (body: Element) => Array.from(body.querySelectorAll("p"), (p) => p.textContent).join(" ");

/** The body after the pre-pass (with the boundary marks kept) and the moves: its paragraphs, the moves made, its markup. */
function rendered(body: string): { text: string; made: number; body: string } {
  const html = pageOf(body);
  const moves = streamedMoves(html);
  const page = linkedomPage(mendHtml(html, undefined, { streamMarks: moves.length > 0 }), "https://example.com/");
  const made = completeStreamedRender(page.document, moves);
  return { text: paragraphs(page.document.body), made, body: page.document.body.innerHTML };
}

describe("streamedMoves reads the moves a streamed render makes", () => {
  test("boundaries and segments, in the page's order", () => {
    const html = `<div hidden id="S:0"></div>${RC("B:1", "S:0")}<p>x</p>${RS("S:2", "P:3")}<script>$RR("B:4","S:5",[["/a.css","high"]])</script>`;
    expect(streamedMoves(html)).toEqual([
      { kind: "boundary", target: "B:1", segment: "S:0" },
      { kind: "segment", segment: "S:2", target: "P:3" },
      { kind: "boundary", target: "B:4", segment: "S:5" },
    ]);
  });

  test("the external runtime's templates", () => {
    const html = `<div hidden id="S:0"></div><template data-rci="" data-bid="B:0" data-sid="S:0"></template><template data-rsi="" data-sid="S:1" data-pid="P:1"></template>`;
    expect(streamedMoves(html)).toEqual([
      { kind: "boundary", target: "B:0", segment: "S:0" },
      { kind: "segment", segment: "S:1", target: "P:1" },
    ]);
  });

  test("not a call quoted in a script's string, and nothing on a page without segments", () => {
    expect(streamedMoves(`<div hidden id="S:0"></div><script>self.__next_f.push([1,"$RC(\\"B:0\\",\\"S:0\\")"])</script>`)).toEqual([]);
    expect(streamedMoves(`<p>${RC("B:0", "S:0")}</p>`)).toEqual([]);
  });

  test("at most streamedMaxMoves of a hostile page's calls", () => {
    const html = `<div hidden id="S:0"></div>${RC("B:0", "S:0").repeat(THRESHOLDS.streamedMaxMoves * 5)}`;
    expect(streamedMoves(html)).toHaveLength(THRESHOLDS.streamedMaxMoves);
  });
});

describe("mendHtml keeps a streamed render's marks only when told", () => {
  const html = `<p>a</p><!--$?--><template id="B:0"></template><p>Loading</p><!--/$--><!-- note --><template id="other"><p>x</p></template>`;

  test("with streamMarks: the boundary comments and the empty templates stay, other comments and templates go", () => {
    expect(mendHtml(html, undefined, { streamMarks: true })).toBe(`<p>a</p><!--$?--><template id="B:0"></template><p>Loading</p><!--/$-->`);
  });

  test("without: every comment and template goes", () => {
    expect(mendHtml(html)).toBe("<p>a</p><p>Loading</p>");
  });
});

describe("completeStreamedRender makes the moves a browser's scripts make", () => {
  test("a segment takes its boundary's place and the fallback goes", () => {
    const html = `<main><p>First.</p><!--$?--><template id="B:0"></template><p class="skeleton">Loading…</p><!--/$--><p>Last.</p></main><div hidden id="S:0"><p>Middle.</p></div>${RC("B:0", "S:0")}`;
    const { text, made, body } = rendered(html);
    expect(made).toBe(1);
    expect(text).toBe("First. Middle. Last.");
    expect(body).not.toContain("<template");
    expect(body).not.toContain("<!--");
    expect(body).not.toContain("hidden");
  });

  test("a fallback holding a finished boundary of its own goes whole", () => {
    const html = `<p>A.</p><!--$?--><template id="B:0"></template><!--$--><p>Old.</p><!--/$--><p>Spinner</p><!--/$--><p>C.</p><div hidden id="S:0"><p>B.</p></div>${RC("B:0", "S:0")}`;
    expect(rendered(html).text).toBe("A. B. C.");
  });

  test("a segment streamed inside another, and one into a placeholder", () => {
    const html = [
      `<p>1.</p><!--$?--><template id="B:0"></template><!--/$--><p>5.</p>`,
      `<div hidden id="S:0"><p>2.</p><!--$?--><template id="B:1"></template><p>wait</p><!--/$--><template id="P:2"></template></div>`,
      RC("B:0", "S:0"),
      `<div hidden id="S:1"><p>3.</p></div>`,
      RC("B:1", "S:1"),
      `<div hidden id="S:2"><p>4.</p></div>`,
      RS("S:2", "P:2"),
    ].join("");
    const { text, made } = rendered(html);
    expect(made).toBe(3);
    expect(text).toBe("1. 2. 3. 4. 5.");
  });

  test("a segment named by no move stays hidden; a move naming a missing element is passed over", () => {
    const html = `<p>A.</p><!--$?--><template id="B:0"></template><!--/$--><div hidden id="S:0"><p>Late.</p></div><div hidden id="S:9"><p>Unnamed.</p></div>${RC("B:0", "S:0")}${RC("B:7", "S:8")}`;
    const { made, body } = rendered(html);
    expect(made).toBe(1);
    expect(body).toContain(`<div hidden id="S:9"><p>Unnamed.</p></div>`);
  });

  test("a segment that holds its own boundary is left as it is (a browser cannot find it)", () => {
    const html = `<p>A.</p><div hidden id="S:0"><!--$?--><template id="B:0"></template><!--/$--><p>Self.</p></div>${RC("B:0", "S:0")}`;
    const { made, text } = rendered(html);
    expect(made).toBe(0);
    expect(text).toBe("A. Self.");
  });

  test("with its comments lost, the segment goes where its template stands", () => {
    const moves = streamedMoves(`<div hidden id="S:0"></div>${RC("B:0", "S:0")}`);
    const page = linkedomPage(
      pageOf(`<p>A.</p><template id="B:0"></template><p>C.</p><div hidden id="S:0"><p>B.</p></div>`),
      "https://example.com/",
    );
    expect(completeStreamedRender(page.document, moves)).toBe(1);
    expect(paragraphs(page.document.body)).toBe("A. B. C.");
  });
});

describe("htmlToArticle on a streamed page", () => {
  const paragraph = (n: number) =>
    `<p>Paragraph ${n} of the guide explains one more step of moving a small shop's books to the cloud, with the costs it found along the way.</p>`;
  const page = [
    `<html><head><title>Cloud books</title></head><body><header><nav><a href="/">Home</a></nav></header><main><article><h1>Cloud books</h1>`,
    paragraph(1),
    paragraph(2),
    `<!--$?--><template id="B:0"></template><div class="animate-pulse">Loading the rest of the guide…</div><!--/$-->`,
    paragraph(6),
    `</article></main><footer>© Shop</footer>`,
    `<div hidden id="S:0">${paragraph(3)}${paragraph(4)}${paragraph(5)}</div>`,
    RC("B:0", "S:0"),
    `</body></html>`,
  ].join("");

  test("the late paragraphs come back in their place, the fallback does not", async () => {
    const article = await htmlToArticle(page, { url: "https://shop.example/guide" });
    const md = article!.markdown;
    const at = [1, 2, 3, 4, 5, 6].map((n) => md.indexOf(`Paragraph ${n} of the guide`));
    expect(at.every((i) => i >= 0)).toBe(true);
    expect(at).toEqual([...at].sort((a, b) => a - b));
    expect(md).not.toContain("Loading the rest");
  });

  test("left out, the late paragraphs are lost or out of place (what the rule is for)", async () => {
    const article = await htmlToArticle(page, { url: "https://shop.example/guide", without: new Set(["streamed-render"]) });
    const md = article?.markdown ?? "";
    const at = [1, 2, 3, 4, 5, 6].map((n) => md.indexOf(`Paragraph ${n} of the guide`));
    expect(at.some((i) => i < 0) || at.join() !== [...at].sort((a, b) => a - b).join()).toBe(true);
  });
});
