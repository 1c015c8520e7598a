/**
 * A site's copyright notice ("© 2026 Master Lock Company LLC. Privacy Policy …", "Copyright © Flexispot
 * 2026", "© ESPN Enterprises, Inc. All rights reserved.") is the footer's, not the page's text, wherever
 * the clean-up left it. A line of at most copyrightLineMaxChars characters starting with the sign (or
 * "Copyright ©") and giving a year or "all rights reserved" goes; a photo credit ("© Adobe Stock /
 * photographer") gives neither and stays, and so does a notice without the sign ("Copyright 1998–2026
 * Free Software Foundation", a manual's own licence line). Code is never read.
 */
import { withoutLinesWhere } from "./markdown.ts";
import { withoutLinkTargets } from "./markdown-links.ts";
import { THRESHOLDS } from "./thresholds.ts";

const NOTICE = /^(?:copyright\s*)?©/i;
const YEAR_OR_RIGHTS = /\b(?:1[89]|20)\d\d\b|\ball rights reserved\b/i;

/** The Markdown without its copyright notices (see above). */
export function withoutCopyrightLines(markdown: string): string {
  return withoutLinesWhere(markdown, (line) => {
    if (line.length > THRESHOLDS.copyrightLineMaxChars * 4) return false; // room for link targets
    const text = withoutLinkTargets(line)
      .replace(/^\s*(?:[-*+]|#{1,6}|>)\s+/, "")
      .replace(/[*_\\]/g, "")
      .trim();
    return text.length <= THRESHOLDS.copyrightLineMaxChars && NOTICE.test(text) && YEAR_OR_RIGHTS.test(text);
  });
}
