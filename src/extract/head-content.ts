// The DOM (linkedom, as happy-dom before it) keeps content that a page puts inside <head> (a stray
// <div> or <p> before <body>) in the head, where a browser's parser would have closed the head and
// started the body. Readability then finds its best candidate outside <body>, walks up past the
// document looking for BODY and throws (seen on benchmark pages); the main region misses the text too. This moves such content where a
// browser shows it: to the start of <body>, in order.

/** What may stay in <head> (the HTML standard's metadata content, plus noscript and template). */
const HEAD_ELEMENTS = new Set(["BASE", "LINK", "META", "NOSCRIPT", "SCRIPT", "STYLE", "TEMPLATE", "TITLE"]);

/** Moves body content found in <head> to the start of <body>; returns how many nodes moved. */
export function moveHeadContentToBody(doc: Document): number {
  const head = doc.head;
  const body = doc.body;
  if (!head || !body) return 0;
  const strays = [...head.childNodes].filter((node) =>
    node.nodeType === 1
      ? !HEAD_ELEMENTS.has((node as Element).tagName.toUpperCase())
      : node.nodeType === 3 && /\S/.test(node.textContent ?? ""),
  );
  const anchor = body.firstChild;
  for (const node of strays) body.insertBefore(node, anchor);
  return strays.length;
}
