/**
 * The fine print under a sign-up or contact form, left on its own once the form's fields are gone: "By
 * subscribing, you agree to receive marketing emails …", "In submitting this form, you agree to receive
 * information …", "You can opt out any time.", "To learn how we process your data, visit our Privacy
 * Notice." The words are about the form, which the reader no longer sees, never about the page's
 * subject. Read on the Markdown, line by line.
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
