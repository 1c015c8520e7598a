/**
 * Texts a page states only in its structured data (JSON-LD), drawn into the page by its scripts: the
 * markup then holds the page's furniture, and Readability keeps whatever box has most words (an "update
 * your browser" notice, a newsletter form, a cookie banner). Each is written here as HTML, which
 * html-to-article.ts reads as it reads a stated article body (stated-html.ts), on the same terms: only
 * when it holds more than twice the words found in the markup.
 * - A how-to (a craft, a repair, a garden task; schema.org HowTo): a description, the supplies and
 *   tools, and `step`, a list of HowToStep, or of HowToSection each holding steps, a step's text in
 *   `text` or in its own `itemListElement` of HowToDirection and HowToTip. Written as a description
 *   paragraph, the supplies and tools as lists, the steps as an ordered list under their sections' headings.
 * - A job advert (schema.org JobPosting, which job search engines read, so that shops of job adverts
 *   state it even where the advert is drawn by script): its `description`, the advert's text, under a
 *   line naming the employer and the places of work, as the advert's head shows them.
 * - A recipe's method (schema.org Recipe `recipeInstructions`, steps written as a how-to's are), which
 *   html-to-article.ts adds after a text that lost it (statedShare tells how much of it the text says).
 */
import { deref, jsonLdNodes, types } from "./metadata.ts";
import { withoutTags } from "./product.ts";
import { RECIPE_TYPE } from "./recipe.ts";
import { THRESHOLDS } from "./thresholds.ts";
import { firstWords, saidIn, wordText } from "./words.ts";

const HOW_TO = /^(?:https?:\/\/schema\.org\/)?HowTo$/i;
const JOB_POSTING = /^(?:https?:\/\/schema\.org\/)?JobPosting$/i;
const SECTION = /^(?:https?:\/\/schema\.org\/)?HowToSection$/i;
// Markup inside a stated text: publishing tools store the step's HTML ("<p>Measure the table…</p>").
const MARKUP = /<\/?[a-z][a-z0-9]*(?:\s[^<>]*)?\/?>/i;
/** Sections inside sections are read this deep: a stated tree of any depth costs a bounded walk. */
const MAX_DEPTH = 4;
/** …and at most this many steps in all: a page stating a million is cut there. */
const MAX_ITEMS = 1000;
/** A job advert's head names at most this many places of work: an advert for a hundred branches lists them in its text. */
const MAX_PLACES = 10;
/** statedShare reads the first this many steps: each probe is a scan of the content. */
const MAX_PROBES = 100;

/** Whether a page's source may state a HowTo or a JobPosting: one scan of the text spares reading its structured data. */
export function mayStateText(html: string): boolean {
  return html.includes("HowTo") || html.includes("JobPosting");
}

/** A stated text as HTML: as it is when it holds markup, escaped when it is plain text. */
function textHtml(text: string): string {
  const trimmed = text.trim();
  if (MARKUP.test(trimmed)) return trimmed;
  return trimmed.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** A stated text as a block: its own markup when it holds some, else one paragraph. */
function blockHtml(text: string): string {
  return MARKUP.test(text) ? textHtml(text) : `<p>${textHtml(text)}</p>`;
}

const asList = (value: unknown): unknown[] => (Array.isArray(value) ? value : value === undefined || value === null ? [] : [value]);
const stringOf = (value: unknown): string => (typeof value === "string" ? value.trim() : "");
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** The names of stated supplies or tools ("2 m of linen", {"@type": "HowToSupply", "name": "Scissors"}). */
function itemNames(value: unknown): string[] {
  return asList(value)
    .map((item) => (isObject(item) ? stringOf(item.name) : stringOf(item)))
    .filter(Boolean);
}

/** One step's HTML: its name in bold when its text does not open with it, then its text or its directions and tips. */
function stepHtml(step: unknown, texts: string[]): string {
  if (!isObject(step)) {
    const text = stringOf(step);
    if (text) texts.push(text);
    return text ? `<li>${blockHtml(text)}</li>` : "";
  }
  const name = stringOf(step.name);
  const text = stringOf(step.text);
  const parts: string[] = [];
  if (name && !withoutTags(text).trim().startsWith(name)) parts.push(`<p><strong>${textHtml(name)}</strong></p>`);
  if (text) parts.push(blockHtml(text));
  if (text || name) texts.push(text || name);
  for (const part of asList(step.itemListElement)) {
    const partText = isObject(part) ? stringOf(part.text) : stringOf(part);
    if (partText) parts.push(blockHtml(partText));
    if (partText && !text) texts.push(partText);
  }
  return parts.length ? `<li>${parts.join("")}</li>` : "";
}

/** The steps of `value` as HTML: a run of steps an ordered list, a section its name as a heading over its own steps. */
function stepsHtml(value: unknown, depth: number, budget: { steps: number; texts: string[] }): string {
  const out: string[] = [];
  let items: string[] = [];
  const flush = () => {
    if (items.length) out.push(`<ol>${items.join("")}</ol>`);
    items = [];
  };
  for (const step of asList(value)) {
    if (budget.steps <= 0) break;
    if (isObject(step) && types(step).some((t) => SECTION.test(t))) {
      flush();
      if (depth >= MAX_DEPTH) continue;
      const name = stringOf(step.name);
      const inner = stepsHtml(step.itemListElement ?? step.step, depth + 1, budget);
      if (inner) out.push(`${name ? `<h2>${textHtml(name)}</h2>` : ""}${inner}`);
      continue;
    }
    budget.steps--;
    const html = stepHtml(step, budget.texts);
    if (html) items.push(html);
  }
  flush();
  return out.join("");
}

/**
 * The first JSON-LD HowTo of the page that states steps, as HTML: its description, its supplies and
 * tools, and its steps. Null when the page states none.
 */
export function statedHowTo(doc: Document): string | null {
  for (const node of jsonLdNodes(doc)) {
    if (!types(node).some((t) => HOW_TO.test(t))) continue;
    const steps = stepsHtml(node.step, 0, { steps: MAX_ITEMS, texts: [] });
    if (!steps) continue;
    const parts: string[] = [];
    const description = stringOf(node.description);
    if (description) parts.push(blockHtml(description));
    for (const names of [itemNames(node.supply), itemNames(node.tool)]) {
      if (names.length) parts.push(`<ul>${names.map((n) => `<li>${textHtml(n)}</li>`).join("")}</ul>`);
    }
    parts.push(steps);
    return parts.join("");
  }
  return null;
}

/** A place of work as its address states it: "Berlin, Germany"; "" when it names none. */
function placeName(place: unknown): string {
  if (!isObject(place)) return stringOf(place);
  const address = place.address;
  if (!isObject(address)) return stringOf(address) || stringOf(place.name);
  const country = isObject(address.addressCountry) ? stringOf(address.addressCountry.name) : stringOf(address.addressCountry);
  const parts = [stringOf(address.addressLocality), stringOf(address.addressRegion), country].filter(Boolean);
  return [...new Set(parts)].join(", ");
}

/**
 * The first JSON-LD JobPosting of the page that states a description, as HTML: a line naming the
 * employer and the places of work (when stated), then the description. Null when the page states none.
 */
export function statedJobPosting(doc: Document): string | null {
  const nodes = jsonLdNodes(doc);
  for (const node of nodes) {
    if (!types(node).some((t) => JOB_POSTING.test(t))) continue;
    const description = stringOf(node.description);
    if (!description) continue;
    // The employer may be a reference to the page's Organization node ({"@id": "#org"}).
    const organization = deref(node.hiringOrganization, nodes);
    const employer = isObject(organization) ? stringOf(organization.name) : stringOf(organization);
    const places = [...new Set(asList(node.jobLocation).slice(0, MAX_PLACES).map(placeName).filter(Boolean))];
    const head = [employer, ...places].filter(Boolean).map(textHtml).join(" · ");
    const body = blockHtml(description);
    return head ? `<p>${head}</p>${body}` : body;
  }
  return null;
}

/**
 * The method a page's JSON-LD Recipe states (`recipeInstructions`: steps, sections of steps, or texts),
 * as an ordered list in HTML, with each step's text for looking it up in the content; null when it
 * states fewer than two steps. A recipe card drawn by script, or whose steps (each beside its photo)
 * Readability's clean-up took for a gallery, leaves the page's text without its method.
 */
export function statedRecipeSteps(doc: Document): { html: string; texts: string[] } | null {
  for (const node of jsonLdNodes(doc)) {
    if (!types(node).some((t) => RECIPE_TYPE.test(t))) continue;
    const budget = { steps: MAX_ITEMS, texts: [] as string[] };
    // A method stated as one text of lines, one step a line ("Heat the oven.\nMix the flour …").
    const stated = node.recipeInstructions;
    const lines =
      typeof stated === "string" && !MARKUP.test(stated.replace(/<br\s*\/?>/gi, ""))
        ? stated.split(/(?:(?<!\s)\s+)?(?:\n|<br\s*\/?>)\s*/i)
        : stated;
    const html = stepsHtml(lines, 0, budget);
    if (budget.texts.length >= 2) return { html, texts: budget.texts };
  }
  return null;
}

/** The share of `texts` whose first words `content` says (1 when none has words): how much of a stated method the content holds. */
export function statedShare(texts: string[], content: string): number {
  const probes = texts
    .slice(0, MAX_PROBES)
    .map((text) => firstWords(withoutTags(text), THRESHOLDS.statedStepProbeWords))
    .filter(Boolean);
  if (!probes.length) return 1;
  const spoken = wordText(content);
  return probes.filter((probe) => saidIn(probe, spoken)).length / probes.length;
}
