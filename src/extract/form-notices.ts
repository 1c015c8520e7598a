/**
 * The fine print under a sign-up or contact form, left on its own once the form's fields are gone: "By
 * subscribing, you agree to receive marketing emails …", "In submitting this form, you agree to receive
 * information …", "You can opt out any time.", "To learn how we process your data, visit our Privacy
 * Notice." The words are about the form, which the reader no longer sees, never about the page's
 * subject. Read on the Markdown, line by line.
 *
 * So are a form's validation messages, which a page holds hidden until a field is filled in wrong and
 * the clean-up cannot tell from text ("Please enter a valid ZIP Code.", "Select a valid country.",
 * "Please enter up to 7 characters for the postcode", "Please enter a question."): a line that is
 * only such a message goes (isValidationMessage).
 */
import { paragraphText, withoutLinesWhere } from "./markdown.ts";
import { THRESHOLDS } from "./thresholds.ts";

// The line opens with what the form does and says the reader agrees by it ("By signing up, you agree to
// our Terms", "In submitting this form, you consent …", "By clicking Subscribe you acknowledge …"); or
// it opens with the form's promise that the reader may leave ("You can unsubscribe at any time") or the
// pointer to how the data is handled. Not "By 2030 you will agree …", nor a sentence about signing up.
const FORM_NOTICE = new RegExp(
  [
    String.raw`^(?:by|in|when|upon) (?:subscribing|signing up|clicking|submitting|continuing|registering|entering|providing|creating|joining|checking|completing)\b.{0,200}?\byou(?:'re| are)? (?:(?:hereby|also|expressly) )?(?:agree|consent|accept|acknowledge|authori[sz]e)`,
    "^you (?:can|may) (?:opt[- ]out|unsubscribe)(?: (?:at )?any ?time| from (?:these|our|the(?:se)?) (?:emails|messages|communications))",
    String.raw`^to learn (?:more )?(?:about )?how we (?:process|use|handle|collect|protect) your (?:personal )?(?:data|information)\b`,
  ].join("|"),
  "i",
);

/** Whether a Markdown line (a paragraph, not a heading, list item or table row) is a form's fine print of at most formNoticeMaxChars characters. */
export function isFormNotice(line: string): boolean {
  const plain = paragraphText(line);
  return plain !== null && plain.length <= THRESHOLDS.formNoticeMaxChars && FORM_NOTICE.test(plain);
}

/** The Markdown without its forms' fine print (code is never read). */
export function withoutFormNotices(markdown: string): string {
  return withoutLinesWhere(markdown, isFormNotice);
}

// The whole line asks for a field's value or says it is wrong: "Please enter a valid ZIP Code.", "Select
// a valid country.", "Please enter 5 or 9 numbers for the ZIP Code.", "Please enter a number less than
// or equal to 169.", "Please enter a question.", "This field is required." Not a sentence going on past
// its first stop, nor "Please enter the following command:" (no article before the field), nor a step
// of a guide that names what to type ("Please select your country from the list and press Next" is
// longer than a field's name).
const VALIDATION_MESSAGE = new RegExp(
  `^(?:${[
    String.raw`(?:please )?(?:enter|select|choose|provide) (?:a |an )?valid [\p{L}\p{N} -]{1,40}`,
    String.raw`please enter (?:up to |at least |at most |no more than )?\d+(?: (?:or|to) \d+)? (?:digits|characters|numbers|letters)(?: for (?:the|your) [\p{L} -]{1,30})?`,
    String.raw`please enter a (?:number|value|quantity) (?:less|greater|lower|higher) than(?: or equal to)? \d[\d,.]*`,
    String.raw`please (?:enter|select|choose) (?:a|an|your) [\p{L}-]+(?: [\p{L}-]+)?`,
    "(?:this field is required|required field)",
  ].join("|")})[.!]?$`,
  "iu",
);

/** Whether a Markdown line (a paragraph) is only a form's validation message (VALIDATION_MESSAGE). */
export function isValidationMessage(line: string): boolean {
  const plain = paragraphText(line);
  return plain !== null && plain.length <= THRESHOLDS.validationMessageMaxChars && VALIDATION_MESSAGE.test(plain);
}
