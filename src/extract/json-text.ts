/**
 * State a page's scripts read, printed as text: a shop's grid writes its settings as JSON into a `<div>`
 * its style sheet hides (`<div class="grid-state hidden">{"painterId":"AsinGrid","asins":["B0CX…",…]}</div>`),
 * and without the style sheet every reader of the page gets 33,000 characters of product codes. An
 * element holding only a text that is a JSON object, or an array holding one, of at least
 * jsonTextMinChars (thresholds.ts) goes before any rule reads the page. Never in code (`<pre>`, `<code>`,
 * `<samp>`, `<kbd>`, `<textarea>`): that is where a manual shows JSON; nor in a script, whose JSON-LD the
 * metadata and product rules read. A sentence with brackets ("[citation needed]", "{see below}") is no
 * JSON and stays, and so does a short example in running text.
 */
import { UNSEEN } from "./dom-walk.ts";
import { THRESHOLDS } from "./thresholds.ts";

// Where a page shows JSON to its reader, and where its text is no reader's (a JSON-LD script is read
// by the metadata and product rules).
const PASSED_OVER = new Set([...UNSEEN, "PRE", "CODE", "SAMP", "KBD", "TEXTAREA", "XMP", "LISTING", "PLAINTEXT"]);
// An object's first key, or an array's first object: what a text must open with to be read as JSON.
const JSON_OPENING = /^(?:\{\s*"|\[\s*\{\s*")/;

// A tag's end and then JSON's opening, its quote as a character or a reference (`{&quot;painterId`), not
// a JSON-LD node's ({"@context"): a page that has none holds no element whose text is a state's JSON,
// and one scan of its text spares a walk of its tree.
// The white space before the brace is read in one run, or after a bracket: two runs side by side would
// try every split of a long run of spaces (quadratic on a hostile page).
const JSON_AFTER_TAG = />\s*(?:\[\s*)?\{\s*(?:"|&quot;|&#0*34;|&#x0*22;)(?!@)/i;

/** Whether `html` may hold an element whose text is JSON (removeJsonText has work to do). */
export function mayHoldJsonText(html: string): boolean {
  return JSON_AFTER_TAG.test(html);
}

/** Whether `value` holds an object with a key (state, not a list of numbers or words). */
function holdsObject(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(holdsObject);
  return value !== null && typeof value === "object" && Object.keys(value).length > 0;
}

/** Whether `text` is a JSON object, or an array holding one, of at least jsonTextMinChars. */
export function isJsonText(text: string): boolean {
  const t = text.trim();
  if (t.length < THRESHOLDS.jsonTextMinChars || !JSON_OPENING.test(t)) return false;
  const last = t[t.length - 1];
  if (last !== "}" && last !== "]") return false;
  try {
    return holdsObject(JSON.parse(t));
  } catch {
    return false;
  }
}

/** Removes from `doc` the elements outside code whose whole text is JSON (isJsonText); returns how many went. */
export function removeJsonText(doc: Document): number {
  const body = doc.body;
  if (!body) return 0;
  const found: Element[] = [];
  const visit = (el: Element) => {
    for (let c = el.firstElementChild; c; c = c.nextElementSibling) {
      if (PASSED_OVER.has(c.nodeName)) continue;
      // Only an element holding text alone, which opens as JSON does: a script's state is written as
      // one text, and no element's text is gathered twice (nested boxes each opening with `{"`).
      const first = c.firstChild;
      if (
        !c.firstElementChild &&
        first?.nodeType === 3 &&
        JSON_OPENING.test((first as Text).data.trimStart()) &&
        isJsonText(c.textContent ?? "")
      )
        found.push(c);
      else if (c.firstElementChild) visit(c);
    }
  };
  visit(body);
  for (const el of found) el.remove();
  return found.length;
}
