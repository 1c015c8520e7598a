/**
 * An article's questions and answers often close it in a section of its own ("Frequently asked
 * questions" over an accordion), a sibling of the block of the body text rather than a part of it.
 * Readability keeps the body and the siblings that score like it: the accordion's short items do not,
 * and the page loses its last section. The section is the heading named so and the blocks after it up to
 * the next heading of its rank; when Readability's result lacks its first question, it goes last.
 * Only on a page whose structured data states an FAQPage: the site says the questions are the page's
 * own. Without that statement (every page of a declared article with such a section, WCXB tuning part)
 * the section came back on 5 pages, all better (+0.32), but one check page lost 0.16; with it, 3 tuning
 * pages gain (+0.21) and no check page changes.
 */
import { normalize } from "./boilerplate.ts";
import { HEADING_ELEMENTS, UNSEEN } from "./dom-walk.ts";
import { THRESHOLDS } from "./thresholds.ts";
import { firstWords, saidIn, wordText, words } from "./words.ts";

/** A questions section (a copy, taken before Readability moves nodes) and the words that find it. */
export interface FaqSection {
  section: Element;
  questionProbe: string;
}

/** A JSON-LD node typed FAQPage, read in the page's markup (the boilerplate rules remove its scripts). */
const STATED_FAQ = /"@type"\s*:\s*(?:\[\s*)?"FAQPage"/;

/** Whether the page's structured data states an FAQPage (`html`, the page's markup). */
export function statesFaq(html: string): boolean {
  return STATED_FAQ.test(html);
}

/** The headings of such a section: "FAQ", "FAQs", "Frequently asked questions (FAQ)". */
const FAQ_HEADING = /^(?:faqs?|frequently asked questions(?:\s*\(faqs?\))?)\s*:?$/i;

/**
 * The page's questions section, copied, or null: the first heading named so with at least
 * faqMinQuestions questions in the blocks after it. Read after the boilerplate rules and before
 * Readability moves nodes.
 */
export function findFaqSection(body: Element): FaqSection | null {
  for (const heading of Array.from(body.querySelectorAll("h2, h3, h4"))) {
    if (!FAQ_HEADING.test(normalize(heading.textContent))) continue;
    const rank = Number(heading.nodeName[1]);
    const blocks: Element[] = [];
    for (let el = heading.nextElementSibling; el; el = el.nextElementSibling) {
      if (HEADING_ELEMENTS.has(el.nodeName) && Number(el.nodeName[1]) <= rank) break;
      blocks.push(el);
    }
    // The size first: questionsIn reads each level's text, which the bound keeps small.
    const chars = blocks.reduce((n, b) => n + normalize(b.textContent).length, 0);
    if (chars > THRESHOLDS.faqMaxChars) continue;
    const questions = blocks.flatMap((b) => questionsIn(b));
    if (questions.length < THRESHOLDS.faqMinQuestions) continue;
    const section = heading.ownerDocument.createElement("div");
    section.appendChild(heading.cloneNode(true));
    for (const b of blocks) section.appendChild(b.cloneNode(true));
    return { section, questionProbe: firstWords(questions[0]!, THRESHOLDS.faqProbeWords) };
  }
  return null;
}

/** Whether Readability's text (`contentText`) lacks the section's first question. */
export function faqMissing(faq: FaqSection, contentText: string): boolean {
  return !saidIn(faq.questionProbe, wordText(contentText));
}

/** The texts under `el` that are a question: an element's whole text, of a few words, ending in "?". */
function questionsIn(el: Element): string[] {
  if (UNSEEN.has(el.nodeName)) return [];
  const text = normalize(el.textContent);
  const n = words(text).length;
  if (n >= THRESHOLDS.faqQuestionMinWords && n <= THRESHOLDS.faqQuestionMaxWords && text.endsWith("?")) return [text];
  const found: string[] = [];
  for (let c = el.firstElementChild; c; c = c.nextElementSibling) found.push(...questionsIn(c));
  return found;
}
