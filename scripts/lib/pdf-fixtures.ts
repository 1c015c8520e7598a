/**
 * PDF fixtures (tests and scripts/bench-agent.ts) built with pdf-lib (a different library from the one vellum reads PDFs with, so a
 * test does not check unpdf against itself). Deterministic: fixed dates and text.
 */
import { PDFDocument, StandardFonts, rgb } from "pdf-lib";

/** Facts about textPdf() that tests assert on. */
export const TEXT_PDF = {
  title: "Field Notes on Streaming Parsers",
  author: "Grace Example",
  created: new Date("2024-05-01T09:30:00Z"),
  /** The heading of page n (1-based). */
  heading: (n: number) => `Chapter ${n}: Stage ${n}`,
  /** A word that appears only on page n, to check that each page is read. */
  marker: (n: number) => `marker${n}x`,
  hyphenated: "incremental",
} as const;

const PARAGRAPH = [
  "A streaming parser reads its input in chunks and keeps only the state it needs to continue,",
  "so memory stays flat however long the document is. Each chunk may end in the middle of a",
  "token, which is why the tokenizer keeps a small buffer of unfinished bytes between calls.",
];

/**
 * A text PDF of `pages` pages: per page a 20 pt heading, two 11 pt paragraphs (the first with a word
 * hyphenated across a line break) and a page number at the bottom. Document info: title, author,
 * creation date.
 */
export async function textPdf(pages = 20): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(TEXT_PDF.title);
  doc.setAuthor(TEXT_PDF.author);
  doc.setCreationDate(TEXT_PDF.created);
  doc.setModificationDate(TEXT_PDF.created);
  doc.setProducer("vellum tests");
  doc.setCreator("vellum tests");
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  for (let n = 1; n <= pages; n++) {
    const page = doc.addPage([595, 842]);
    let y = 780;
    page.drawText(TEXT_PDF.heading(n), { x: 50, y, size: 20, font: bold });
    y -= 34;
    const lines = [
      ...PARAGRAPH,
      `The parser on this page carries the word ${TEXT_PDF.marker(n)} and an incre-`,
      "mental design that never holds the whole document.",
    ];
    for (const line of lines) {
      page.drawText(line, { x: 50, y, size: 11, font });
      y -= 14;
    }
    y -= 14; // a blank line: the next paragraph
    for (const line of PARAGRAPH) {
      page.drawText(line, { x: 50, y, size: 11, font });
      y -= 14;
    }
    page.drawText(String(n), { x: 290, y: 30, size: 9, font });
  }
  return await doc.save();
}

/** A one-page PDF with no text layer: only shapes, as a scanned page without OCR has only an image. */
export async function scannedPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setCreationDate(TEXT_PDF.created);
  doc.setModificationDate(TEXT_PDF.created);
  const page = doc.addPage([595, 842]);
  for (let i = 0; i < 30; i++) {
    page.drawRectangle({ x: 50, y: 780 - i * 22, width: 400 + (i % 3) * 30, height: 9, color: rgb(0.1, 0.1, 0.1) });
  }
  return await doc.save();
}
