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

/**
 * Whether the page's HTML may hold a named anchor: an `<a` start tag with a name attribute ("data-name"
 * counts too; the walk then finds none). One pass: each tag is read up to its ">" once, and the scan
 * goes on after it, so a page of unclosed "<a " costs its length, not its length squared.
 */
export function mayHoldNamedAnchors(html: string): boolean {
  const start = /<a\s/gi;
  for (let m = start.exec(html); m; m = start.exec(html)) {
    const end = html.indexOf(">", m.index);
    if (/\bname\s*=/i.test(html.slice(m.index, end < 0 ? html.length : end))) return true;
    if (end < 0) return false;
    start.lastIndex = end;
  }
  return false;
}
