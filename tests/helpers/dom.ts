import { afterAll } from "bun:test";
import { Window } from "happy-dom";

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
