import { afterAll } from "bun:test";
import { Readability } from "@mozilla/readability";
import { Window } from "happy-dom";
import { WINDOW_SETTINGS } from "../../src/extract/html-to-article.ts";

/**
 * A maker of small test documents for the extraction rules: each call gives a fresh happy-dom document
 * whose body is `body` and head `head` (URL https://example.com/); every window it made is closed after the calling
 * test file's tests. Call it once at the top of a test file.
 */
export function documentMaker(): (body: string, head?: string) => Document {
  const windows: Window[] = [];
  afterAll(async () => {
    for (const w of windows.splice(0)) await w.happyDOM.close();
  });
  return (body, head = "") => {
    const window = new Window({ url: "https://example.com/" });
    windows.push(window);
    window.document.write(`<html><head>${head}</head><body>${body}</body></html>`);
    return window.document as unknown as Document;
  };
}

/**
 * The text plain Readability keeps of `html` (no vellum rule), in a sandboxed window of its own: what a
 * rule's test fixture shows Readability alone gets wrong.
 */
export async function readabilityAlone(html: string, url: string): Promise<string> {
  const window = new Window({ url, settings: WINDOW_SETTINGS as never });
  try {
    const document = window.document as unknown as Document;
    document.write(html);
    return new Readability(document).parse()?.textContent ?? "";
  } finally {
    await window.happyDOM.close();
  }
}
