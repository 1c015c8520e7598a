/**
 * A recipe page states its ingredients in its structured data (a JSON-LD Recipe's recipeIngredient).
 * Readability keeps the container with the most prose: on a recipe page that is often the story above the
 * recipe, or the steps alone, and the ingredients (a list or a table of short lines, each a quantity and a
 * food) score as nothing and are left out. A caller asking for a recipe needs them. When Readability's
 * result names under half of the stated ingredients and the page's main region names most of them, the
 * region is the content. The numbers are in thresholds.ts.
 */
import { jsonLdNodes, types } from "./metadata.ts";
import { THRESHOLDS } from "./thresholds.ts";
import { saidIn, wordText, words } from "./words.ts";

export const RECIPE_TYPE = /^(?:https?:\/\/schema\.org\/)?Recipe$/i;

/** The ingredients the page's JSON-LD Recipe lists (its first Recipe with a list of text), or []. */
export function recipeIngredients(doc: Document): string[] {
  for (const node of jsonLdNodes(doc)) {
    if (!types(node).some((t) => RECIPE_TYPE.test(t))) continue;
    const list = node.recipeIngredient ?? node.ingredients;
    if (!Array.isArray(list)) continue;
    const ingredients = list.filter((item): item is string => typeof item === "string" && item.trim() !== "");
    if (ingredients.length) return ingredients;
  }
  return [];
}

/**
 * The word that finds an ingredient in a text: its longest word of letters, the food's name ("80 g
 * kernige Haferflocken" → "haferflocken"), leaving out what a bracket adds ("(oder Wasser)"); "" when it
 * has none of three letters or more.
 */
function ingredientProbe(ingredient: string): string {
  let best = "";
  for (const word of words(ingredient.replace(/\([^()]*\)/g, " "))) if (!/\d/.test(word) && word.length > best.length) best = word;
  return best.length >= 3 ? best : "";
}

/** The share of `ingredients` (those with a probe) that `text` names; 1 when none has a probe. */
export function ingredientShare(ingredients: string[], text: string): number {
  const probes = ingredients.map(ingredientProbe).filter(Boolean);
  if (!probes.length) return 1;
  const all = wordText(text);
  return probes.filter((probe) => saidIn(probe, all)).length / probes.length;
}

/** Whether Readability's result (its text) lacks the recipe: the page states enough ingredients and it names few. */
export function recipeMissing(ingredients: string[], contentText: string): boolean {
  return ingredients.length >= THRESHOLDS.recipeMinIngredients && ingredientShare(ingredients, contentText) < THRESHOLDS.recipeMaxKeptShare;
}

/** Whether the main region (its text) holds the recipe Readability's result lacks. */
export function recipeInRegion(ingredients: string[], regionText: string): boolean {
  return ingredientShare(ingredients, regionText) >= THRESHOLDS.recipeMinRegionShare;
}
