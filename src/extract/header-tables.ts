// Data tables Readability drops for a name that says how their header row behaves, and tables it turns
// into boxes.
//
// A table whose header row stays in view while the reader scrolls is named for it ("sticky-header",
// "table-fixed-header"). Readability removes every element whose class or id holds "header" before it
// scores the page (its unlikely candidates; boilerplate.ts withoutHeaderName undoes that for headings),
// and an element inside a table is spared but the table itself is not: a list page lost its whole table
// of laureates and kept only the paragraphs around it. A table with header cells (<th>) holds data, not
// the page's header, so it loses those names before Readability reads the page. A table whose other
// names Readability also distrusts ("footer-header", "menu-header") keeps them.
//
// Readability turns the element it chooses, and each sibling it keeps beside it, into a <div> unless it is
// a block it knows (div, article, section, p, lists): where the table's cells outscore the paragraphs
// around it, the table (or its <tbody>) is that element, and its rows come back out of any table, one
// cell per paragraph. A box whose own children are a table's rows or row groups (beside its caption and
// column definitions) was such a table, and becomes one again.
import { READABILITY_UNLIKELY } from "./boilerplate.ts";
import { elementsUnder, withoutClassesMatching } from "./dom-walk.ts";

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
    withoutClassesMatching(table, HEADER_NAME);
    if (HEADER_NAME.test(id)) table.removeAttribute("id");
    changed++;
  }
  return changed;
}

const ROW_PARTS = new Set(["TR", "TBODY", "THEAD", "TFOOT"]);
// What else a table holds directly: its caption and column definitions.
const TABLE_PARTS = new Set([...ROW_PARTS, "CAPTION", "COLGROUP", "COL"]);

/**
 * Makes each `<div>` under `root` whose children are a table's rows or row groups (with its caption and
 * column definitions, if any) a table again; returns how many.
 */
export function restoreTables(root: Element): number {
  let restored = 0;
  // Walked, not looked up by tag: Readability's renamed elements are "DIV" to a case-sensitive lookup.
  for (const box of elementsUnder(root)) {
    if (box.nodeName !== "DIV") continue;
    const children = Array.from(box.children);
    if (!children.some((child) => ROW_PARTS.has(child.nodeName)) || !children.every((child) => TABLE_PARTS.has(child.nodeName))) continue;
    const table = box.ownerDocument.createElement("table");
    for (const attribute of Array.from(box.attributes)) table.setAttribute(attribute.name, attribute.value);
    while (box.firstChild) table.appendChild(box.firstChild);
    box.replaceWith(table);
    restored++;
  }
  return restored;
}
