/**
 * Labels of controls that are gone: a `<label for="…">` names the form control it labels by its id.
 * The markup pre-pass (mend-html.ts) cuts drop-down lists, text fields, text areas and buttons whole,
 * and keeps only checkboxes and radio buttons (GFM task lists, a filter's choices). The label of a cut
 * control is left saying "Size", "Type", "Qty" or "Compare" alone: on a shop's grid, once in every
 * card, over a picker the reader no longer sees. A label whose control is no longer in the document is
 * removed with it; a label of a checkbox or a radio button, which stays, and a label around its
 * control (no `for`) are left alone.
 */

/** Removes from `doc`, in place, each `<label for>` whose control's id no element of the document holds. */
export function removeOrphanLabels(doc: Document): void {
  const labels = Array.from(doc.querySelectorAll("label[for]"));
  if (labels.length === 0) return;
  // One walk for every id, not one look-up per label (a grid has a label in every card).
  const ids = new Set<string>();
  for (const el of Array.from(doc.querySelectorAll("[id]"))) ids.add(el.getAttribute("id") ?? "");
  for (const label of labels) {
    const target = label.getAttribute("for") ?? "";
    if (target !== "" && !ids.has(target)) label.remove();
  }
}
