// Whether a page is documentation: a manual's, an API's or a tool's page of reference or guidance. The
// `pageType` of the result (html-to-article.ts) names it "documentation". Two signals together: the
// address says documentation (a "docs." host, a /docs/, /api/ or /guide/ path), and the page reads like
// it (code in the text, or a link to edit the page's source, which documentation sites offer and
// newsrooms and shops do not). The address or the code alone is not enough on WCXB's tuning part: the
// address was right on 0.80 of the 74 pages it named (tutorials and guides of magazines and shops), code
// on 0.53 of 103 (programming articles, threads); an edit link was right on all 15 of its pages, but 14
// of them have the address too. Together: 51 pages, 0.98 right. Structured data (TechArticle), a sidebar
// of same-site links, "On this page" and a version picker were measured too and said little: many
// articles have a table of contents and a long navigation; TechArticle is rare (docs/extraction.md, on `pageType`).
import { THRESHOLDS } from "./thresholds.ts";

// The words of a documentation site's address: a host label ("docs.example.com") or a path segment
// ("/docs/", "/api/reference/"). "wiki" only as a host label: a /wiki/ path is every wiki's, an
// encyclopedia's too.
const DOC_WORD =
  /^(?:docs?|documentation|developers?|apis?|reference|guides?|manuals?|tutorials?|handbook|learn|sdk|kb|knowledge-?base|how-?to)$/i;
const DOC_HOST_WORD = /^wiki$/i;

// A link to edit the page's source: "Edit this page", "Edit on GitHub", "Suggest edits", "Improve this doc".
const EDIT_LINK = /^\s*(?:edit (?:this |the )?(?:page|doc|article)|edit on \S+|suggest (?:an )?edits?|improve this (?:page|doc))\b/i;
// Longer link texts are sentences that happen to start so, not the edit link.
const EDIT_LINK_MAX_CHARS = 60;

/** Whether the address names documentation: a host label or a path segment of DOC_WORD. */
export function documentationAddress(url: string): boolean {
  let address: URL;
  try {
    address = new URL(url);
  } catch {
    return false;
  }
  // The labels before the registered name ("docs" in docs.example.com); not the name itself.
  const labels = address.hostname.split(".").slice(0, -2);
  if (labels.some((label) => DOC_WORD.test(label) || DOC_HOST_WORD.test(label))) return true;
  return address.pathname.split("/").some((segment) => DOC_WORD.test(segment));
}

/**
 * Whether the page is documentation: its address says so (documentationAddress) and it holds code
 * (at least THRESHOLDS.documentationMinCode `<code>` elements) or a link to edit its source. Read before
 * the boilerplate rules remove the page's navigation, where the edit link usually is.
 */
export function documentationPage(doc: Document, url: string): boolean {
  if (!doc.body || !documentationAddress(url)) return false;
  if (doc.body.getElementsByTagName("code").length >= THRESHOLDS.documentationMinCode) return true;
  for (const link of Array.from(doc.body.getElementsByTagName("a"))) {
    const text = link.textContent ?? "";
    if (text.length <= EDIT_LINK_MAX_CHARS && EDIT_LINK.test(text)) return true;
  }
  return false;
}
