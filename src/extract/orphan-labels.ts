/**
 * Labels of controls that are gone. The markup pre-pass (mend-html.ts) cuts drop-down lists, text
 * fields, text areas and buttons whole, and keeps only checkboxes and radio buttons (GFM task lists, a
 * filter's choices). The label of a cut control is left saying "Size", "Type", "Qty" or "Compare"
 * alone: on a shop's grid, once in every card, over a picker the reader no longer sees. A label goes
 * when the control it names by id (`for`) is no longer in the document, or, naming none, when it no
 * longer holds one (`<label>Qty <input type="number"></label>`). A checkbox's or a radio button's
 * label stays, as the control does.
 */

import { elementsUnder } from "./dom-walk.ts";

// What a label may hold as its own control.
const CONTROLS = "input, select, textarea, button, meter, progress, output";

/** Removes from `doc`, in place, each `<label>` whose control is no longer in the document. */
export function removeOrphanLabels(doc: Document): void {
  const labels = Array.from(doc.getElementsByTagName("label"));
  if (labels.length === 0) return;
  let ids: Set<string> | null = null;
  for (const label of labels) {
    const target = label.getAttribute("for");
    if (target === null) {
      if (label.querySelector(CONTROLS) === null) label.remove();
      continue;
    }
    if (target === "") continue;
    // One walk for every id, not one look-up per label (a grid has a label in every card); a plain
    // walk, not a selector, which costs linkedom several times as much on a large page.
    if (ids === null) {
      ids = new Set<string>();
      for (const el of elementsUnder(doc.documentElement)) {
        const id = el.getAttribute("id");
        if (id !== null) ids.add(id);
      }
    }
    if (!ids.has(target)) label.remove();
  }
}
