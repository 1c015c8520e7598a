import { describe, expect, test } from "bun:test";
import { htmlToArticle } from "../../src/extract/html-to-article.ts";
import { ingredientShare, recipeIngredients } from "../../src/extract/recipe.ts";
import { documentMaker, readabilityAlone } from "../helpers/dom.ts";

const makeDocument = documentMaker();
const URL = "https://food.example/recipes/mandarin-cake";

const INGREDIENTS = ["125 g flour", "65 g sugar", "65 g butter (or margarine)", "1 egg", "500 ml milk", "2 tins mandarins"];
const STORY = Array.from(
  { length: 5 },
  (_, i) =>
    `<p>This cake, part ${i + 1} of the story, has been on our table for every birthday since the children were small, and it is still the one they ask for first, with its soft base, its cool cream and the fruit on top that makes it look like a summer afternoon, even in the middle of winter.</p>`,
).join("");
const jsonLd = (ingredients: string[]) =>
  `<script type="application/ld+json">${JSON.stringify({ "@context": "https://schema.org", "@graph": [{ "@type": ["Recipe"], name: "Mandarin cake", recipeIngredient: ingredients }] })}</script>`;
const card = (ingredients: string[]) =>
  `<div class="card"><h2>Ingredients</h2><ul>${ingredients.map((i) => `<li>${i}</li>`).join("")}</ul>` +
  `<h2>Method</h2><ol><li>Rub the butter into the flour.</li><li>Stir in the sugar and the egg.</li><li>Bake for forty minutes.</li></ol></div>`;
const page = (stated: string[], shown: string[]) =>
  `<!doctype html><html><head><title>Mandarin cake</title><meta property="og:type" content="article">${jsonLd(stated)}</head><body>` +
  `<nav><a href="/">Home</a> <a href="/recipes">Recipes</a></nav><main><h1>Mandarin cake</h1><div class="story">${STORY}</div>${card(shown)}</main>` +
  `<footer><a href="/about">About</a></footer></body></html>`;

describe("recipe rule (recipe.ts)", () => {
  test("the ingredients the structured data states come back with the recipe: Readability alone keeps the story", async () => {
    const html = page(INGREDIENTS, INGREDIENTS);
    const alone = await readabilityAlone(html, URL);
    expect(alone).toContain("birthday");
    expect(alone).not.toContain("500 ml milk");
    const md = (await htmlToArticle(html, { url: URL }))?.markdown ?? "";
    for (const ingredient of INGREDIENTS) expect(md).toContain(ingredient);
    expect(md).toContain("Bake for forty minutes");
    expect(md).toContain("birthday");
    const without = await htmlToArticle(html, { url: URL, without: new Set(["recipe"]) });
    expect(without?.markdown).not.toContain("500 ml milk");
  });

  test("a page whose shown list names few of the stated ingredients keeps Readability's result", async () => {
    // The structured data lists other foods than the page shows: the region names 2 of 6.
    const stated = ["200 g rice", "1 onion", "2 cloves garlic", "1 l stock", "50 g parmesan", "1 glass wine"];
    const md = (await htmlToArticle(page(stated, INGREDIENTS), { url: URL }))?.markdown ?? "";
    expect(md).toContain("birthday");
    expect(md).not.toContain("500 ml milk");
  });

  test("the stated ingredients: a Recipe's list in a graph, its type in an array; nothing without a Recipe", () => {
    const d = makeDocument(`<p>x</p>${jsonLd(INGREDIENTS)}`);
    expect(recipeIngredients(d)).toEqual(INGREDIENTS);
    const article = makeDocument(`<script type="application/ld+json">{"@type":"Article","recipeIngredient":["1 egg"]}</script>`);
    expect(recipeIngredients(article)).toEqual([]);
  });

  test("an ingredient is found by its longest word of letters, without amounts, units or what a bracket adds", () => {
    expect(ingredientShare(["80 g kernige Haferflocken", "300 ml Haferdrink (oder Wasser)"], "Haferflocken und Wasser")).toBe(0.5);
    expect(ingredientShare(["1 egg", "2 tins mandarins"], "Two mandarins and one egg")).toBe(1);
    // Nothing to look for: no ingredient counts as missing.
    expect(ingredientShare(["1 Ei", "2"], "")).toBe(1);
  });
});
