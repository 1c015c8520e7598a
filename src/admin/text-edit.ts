/**
 * One-line text editing as a pure function: the console's fields (pay-to address, search, RPC URL,
 * kit path, reason) are driven by the screen's key handler through this, with no hidden state.
 */
import type { Key } from "ink";

export type TextEdit = { type: "change"; value: string } | { type: "submit"; value: string } | { type: "cancel" } | { type: "ignore" };

// C0 controls, DEL and the C1 range: never part of an address, URL, path or reason.
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;

/** Applies one keypress (or a pasted string) to `value`. The cursor is always at the end. */
export function editText(value: string, input: string, key: Key): TextEdit {
  if (key.return) return { type: "submit", value };
  if (key.escape) return { type: "cancel" };
  if (key.backspace || key.delete) return { type: "change", value: Array.from(value).slice(0, -1).join("") };
  // Ctrl+U clears the line, as in a shell.
  if (key.ctrl && input === "u") return { type: "change", value: "" };
  if (key.ctrl || key.meta || key.tab || key.upArrow || key.downArrow || key.leftArrow || key.rightArrow) return { type: "ignore" };
  if (key.pageUp || key.pageDown || key.home || key.end) return { type: "ignore" };
  // Text and Enter can arrive as one chunk (a paste without bracketed paste, `tmux send-keys`, a
  // fast typist on a slow link): Ink then reports a single input "text\r" with no return flag.
  // Keep the text up to the line break and submit, as the line break meant.
  const lineBreak = input.search(/[\r\n]/);
  if (lineBreak >= 0) return { type: "submit", value: value + input.slice(0, lineBreak).replace(CONTROL, "") };
  const text = input.replace(CONTROL, "");
  return text ? { type: "change", value: value + text } : { type: "ignore" };
}
