import { describe, expect, test } from "bun:test";
import { MAX_PDF_PAGES, parsePdfDate, pdfToArticle } from "../../src/extract/pdf.ts";
import { TEXT_PDF, scannedPdf, textPdf } from "../helpers/pdf-fixtures.ts";

const input = { url: "http://127.0.0.1/doc.pdf", contentLanguage: "en" };

describe("pdfToArticle", () => {
  test("a 20-page text PDF: every page, headings, paragraphs, metadata from the document info", async () => {
    const article = await pdfToArticle(await textPdf(20), input);
    expect(article).not.toBeNull();
    const a = article!;
    expect(a.title).toBe(TEXT_PDF.title);
    expect(a.byline).toBe(TEXT_PDF.author);
    expect(a.publishedTime).toBe(TEXT_PDF.created.toISOString());
    expect(a.lang).toBe("en");
    expect(a.pages).toBe(20);
    expect(a.truncated).toBe(false);
    for (let n = 1; n <= 20; n++) {
      expect(a.markdown).toContain(`# ${TEXT_PDF.heading(n)}\n\n`);
      expect(a.markdown).toContain(TEXT_PDF.marker(n));
    }
    // Lines of one paragraph are joined; the blank line between paragraphs is kept.
    expect(a.markdown).toContain("continue, so memory stays flat");
    expect(a.markdown).toContain("the whole document.\n\nA streaming parser");
    // A word hyphenated across lines is rejoined; page numbers are dropped.
    expect(a.markdown).toContain(`and an ${TEXT_PDF.hyphenated} design`);
    expect(a.markdown).not.toMatch(/^\d+$/m);
    expect(a.words).toBeGreaterThan(20 * 100);
  });

  test("a PDF with no text layer gives null (the service's 422 no_content)", async () => {
    expect(await pdfToArticle(await scannedPdf(), input)).toBeNull();
  });

  test("bytes that are not a PDF throw (the pool reports a failed job)", async () => {
    await expect(pdfToArticle(new TextEncoder().encode("%PDF-1.4 this is not a pdf"), input)).rejects.toThrow();
  });

  test(`pages past the limit (${MAX_PDF_PAGES}) are not read, and the result says truncated`, async () => {
    const a = (await pdfToArticle(await textPdf(MAX_PDF_PAGES + 1), input))!;
    expect(a.pages).toBe(MAX_PDF_PAGES + 1);
    expect(a.truncated).toBe(true);
    expect(a.markdown).toContain(TEXT_PDF.marker(MAX_PDF_PAGES));
    expect(a.markdown).not.toContain(TEXT_PDF.marker(MAX_PDF_PAGES + 1));
  }, 60_000);
});

describe("parsePdfDate", () => {
  test.each([
    ["D:20240501093000Z", "2024-05-01T09:30:00.000Z"],
    ["D:20240501093000+02'00'", "2024-05-01T07:30:00.000Z"],
    ["D:2024", "2024-01-01T00:00:00.000Z"],
    ["20240501", "2024-05-01T00:00:00.000Z"],
  ])("%s → %s", (raw, iso) => expect(parsePdfDate(raw)).toBe(iso));
  test.each([["yesterday"], [""], [42]])("%p → null", (raw) => expect(parsePdfDate(raw)).toBeNull());
});
