/**
 * A product's pickers: a group of radio buttons under one caption ("Select a size" over "xs", "s", "m",
 * "l"; "Color:" over the swatches' names). They are the buy box's controls, not the product's
 * description: the choices they offer are said by the product's text or spec list when they matter.
 */
import { THRESHOLDS } from "./thresholds.ts";

/**
 * Removes from `root`, in place, each `<fieldset>` or ARIA radio group holding at least
 * variantPickerMinChoices radio buttons (inputs or ARIA radios) and no other field, whose text is at
 * most variantPickerMaxChars characters: a picker, not a form. Returns how many went.
 */
export function removeVariantPickers(root: Element): number {
  const sets = [...Array.from(root.getElementsByTagName("fieldset")), ...Array.from(root.querySelectorAll('[role="radiogroup"]'))];
  let removed = 0;
  for (const set of sets) {
    if (!set.isConnected) continue;
    let radios = 0;
    let others = 0;
    for (const input of Array.from(set.getElementsByTagName("input"))) {
      const type = (input.getAttribute("type") ?? "text").toLowerCase();
      if (type === "radio") radios++;
      else if (type !== "hidden") others++;
    }
    radios += set.querySelectorAll('[role="radio"]').length;
    if (radios < THRESHOLDS.variantPickerMinChoices || others > 0) continue;
    if (set.getElementsByTagName("select").length + set.getElementsByTagName("textarea").length > 0) continue;
    if ((set.textContent ?? "").replace(/\s+/g, " ").trim().length > THRESHOLDS.variantPickerMaxChars) continue;
    set.remove();
    removed++;
  }
  return removed;
}
