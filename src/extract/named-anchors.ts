/**
 * An old-style named anchor, `<a name="wodarg">`, marks a place in the page for links to jump to; with no
 * href it links nowhere and is no link. Pages wrap whole sentences and headings in them (a podcast
 * transcript's questions, each the target of its table of contents), and every rule that weighs links
 * (Readability's link density, the clean-up's link-only paragraphs, the menus' and lists' tests) took
 * those sentences for links and removed them. Unwrapped before the rules run, they are text again.
 * An `<a>` without href that is a script's control (an id or a class, an onclick, a role) is left as it
 * is: only the `name` attribute says "a place to jump to".
 */
export function unwrapNamedAnchors(doc: Document): number {
  const named = Array.from(doc.getElementsByTagName("a")).filter(
    (a) => a.hasAttribute("name") && !a.hasAttribute("href") && !a.hasAttribute("role") && !a.hasAttribute("onclick"),
  );
  for (const a of named) a.replaceWith(...Array.from(a.childNodes));
  return named.length;
}
