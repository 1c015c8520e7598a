import { Readability } from "@mozilla/readability";
import { linkedomPage } from "../../src/extract/dom.ts";

/**
 * A maker of small test documents for the extraction rules: each call gives a fresh document of
 * production's DOM (src/extract/dom.ts) whose body is `body` and head `head` (URL https://example.com/).
 * Call it once at the top of a test file.
 */
export function documentMaker(): (body: string, head?: string) => Document {
  return (body, head = "") => linkedomPage(`<html><head>${head}</head><body>${body}</body></html>`, "https://example.com/").document;
}

/**
 * The text plain Readability keeps of `html` (no vellum rule) on production's DOM: what a rule's test
 * fixture shows Readability alone gets wrong.
 */
export function readabilityAlone(html: string, url: string): Promise<string> {
  const document = linkedomPage(html, url).document;
  return Promise.resolve(new Readability(document).parse()?.textContent ?? "");
}
