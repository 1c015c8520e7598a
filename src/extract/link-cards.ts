/**
 * Link previews in a forum post: when a member pastes the address of another site's page, the forum
 * draws a card for it (the site's name or icon, the page's title as a heading linking to it, the
 * page's description, a picture). The member wrote the link, not the card's description: the card
 * comes back as its title's link alone, on a line of its own.
 *
 * A card is told by its shape, not its markup's names: a heading whose text is one link to another
 * site, inside a small block that names that site a second time (another link to it, a picture whose
 * alt text is its host, or a line printing its host). A heading a member wrote and linked has no such
 * second mention around it within the card's few words.
 */
import { THRESHOLDS } from "./thresholds.ts";

const HEADINGS = "h2, h3, h4, h5, h6";

function hostOf(href: string | null, base: string): string | null {
  if (!href) return null;
  try {
    const url = new URL(href, base);
    return url.protocol === "http:" || url.protocol === "https:" ? url.hostname.replace(/^www\./, "") : null;
  } catch {
    return null;
  }
}

const wordsOf = (text: string | null) => (text ?? "").split(/\s+/).filter(Boolean).length;

/** The heading's one link when its whole text is that link's. */
function titleLink(heading: Element): Element | null {
  const links = heading.getElementsByTagName("a");
  if (links.length !== 1) return null;
  const text = (heading.textContent ?? "").trim();
  return text && (links[0]!.textContent ?? "").trim() === text ? links[0]! : null;
}

/** Whether the block names the host beside the title: another link to it, a picture's alt text or a printed host. */
function namesHost(block: Element, heading: Element, host: string, base: string): boolean {
  for (const a of Array.from(block.getElementsByTagName("a"))) {
    if (!heading.contains(a) && hostOf(a.getAttribute("href"), base) === host) return true;
  }
  for (const img of Array.from(block.getElementsByTagName("img"))) {
    if ((img.getAttribute("alt") ?? "").trim().replace(/^www\./, "") === host) return true;
  }
  const text = ` ${(block.textContent ?? "").replace(heading.textContent ?? "", " ")} `;
  return text.includes(` ${host} `) || text.includes(` www.${host} `);
}

/**
 * Replaces in a cloned message each link-preview card by its title's link, in a paragraph of its own.
 * The card is the smallest block around the title naming its host again, below the message itself, with
 * one heading and at most linkCardMaxWords words besides the title.
 */
export function collapseLinkCards(message: Element, pageUrl: string): void {
  const pageHost = hostOf(pageUrl, pageUrl);
  for (const heading of Array.from(message.querySelectorAll(HEADINGS))) {
    const link = titleLink(heading);
    const host = link && hostOf(link.getAttribute("href"), pageUrl);
    if (!link || !host || host === pageHost) continue;
    const titleWords = wordsOf(heading.textContent);
    for (let block = heading.parentElement; block && block !== message; block = block.parentElement) {
      if (wordsOf(block.textContent) - titleWords > THRESHOLDS.linkCardMaxWords) break;
      if (block.querySelectorAll(HEADINGS).length > 1) break;
      if (!namesHost(block, heading, host, pageUrl)) continue;
      const line = message.ownerDocument.createElement("p");
      line.append(link.cloneNode(true));
      block.replaceWith(line);
      break;
    }
  }
}
