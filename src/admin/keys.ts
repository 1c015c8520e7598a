/**
 * Keypresses → console actions, as plain functions so the bindings live in one place (the footer
 * hints and the handlers cannot drift apart) and are testable without a terminal.
 */
import type { Key } from "ink";
import type { ListAction } from "./list-reducer.ts";

/** Console-wide actions, handled by App. */
export type GlobalAction =
  | { type: "screen"; index: number }
  | { type: "nextScreen" }
  | { type: "prevScreen" }
  /** `q` or Esc: leave the sub-view, or quit from a screen's main view. */
  | { type: "back" };

/** Number keys 1..`screens`, Tab / Shift+Tab, and q / Esc. */
export function globalActionForKey(input: string, key: Key, screens: number): GlobalAction | null {
  if (key.tab) return key.shift ? { type: "prevScreen" } : { type: "nextScreen" };
  if (key.escape || input === "q") return { type: "back" };
  if (/^[1-9]$/.test(input) && Number(input) <= screens) return { type: "screen", index: Number(input) - 1 };
  return null;
}

/** Arrows, PageUp/PageDown, Home/End, and vi-style j/k (g/G for the ends). */
export function listActionForKey(input: string, key: Key): ListAction | null {
  // Shift+arrows are reorder keys on the RPC screen, not navigation.
  if (key.shift && (key.upArrow || key.downArrow)) return null;
  if (key.upArrow || input === "k") return { type: "up" };
  if (key.downArrow || input === "j") return { type: "down" };
  if (key.pageUp) return { type: "pageUp" };
  if (key.pageDown) return { type: "pageDown" };
  if (key.home || input === "g") return { type: "home" };
  if (key.end || input === "G") return { type: "end" };
  return null;
}

/** Shift+↑ / K moves the row under the cursor up; Shift+↓ / J moves it down. */
export function moveActionForKey(input: string, key: Key): "moveUp" | "moveDown" | null {
  if ((key.shift && key.upArrow) || input === "K") return "moveUp";
  if ((key.shift && key.downArrow) || input === "J") return "moveDown";
  return null;
}

/** A key hint for the footer: the key as shown, and what it does. */
export type Hint = readonly [key: string, label: string];

export const LIST_HINTS: readonly Hint[] = [
  ["↑↓/jk", "move"],
  ["PgUp/PgDn", "page"],
  ["Home/End/g/G", "first/last"],
];
