// Data tables Readability drops for a name that says how their header row behaves.
//
// A table whose header row stays in view while the reader scrolls is named for it ("sticky-header",
// "table-fixed-header"). Readability removes every element whose class or id holds "header" before it
// scores the page (its unlikely candidates; boilerplate.ts withoutHeaderName undoes that for headings),
// and an element inside a table is spared but the table itself is not: a list page lost its whole table
// of laureates and kept only the paragraphs around it. A table with header cells (<th>) holds data, not
// the page's header, so it loses those names before Readability reads the page. A table whose other
// names Readability also distrusts ("footer-header", "menu-header") keeps them.
import { READABILITY_UNLIKELY } from "./boilerplate.ts";

const HEADER_NAME = /header/i;
const HEADER_NAMES = /header/gi;

/** Removes "header" names from the tables under `body` that hold header cells; returns how many changed. */
export function unnameHeaderTables(body: Element): number {
  let changed = 0;
  for (const table of Array.from(body.getElementsByTagName("table"))) {
    const classes = table.getAttribute("class") ?? "";
    const id = table.getAttribute("id") ?? "";
    if (!HEADER_NAME.test(classes) && !HEADER_NAME.test(id)) continue;
    if (table.getElementsByTagName("th").length === 0) continue;
    if (READABILITY_UNLIKELY.test(`${classes} ${id}`.replace(HEADER_NAMES, " "))) continue;
    const kept = classes.split(/\s+/).filter((c) => c && !HEADER_NAME.test(c));
    if (kept.length) table.setAttribute("class", kept.join(" "));
    else table.removeAttribute("class");
    if (HEADER_NAME.test(id)) table.removeAttribute("id");
    changed++;
  }
  return changed;
}
