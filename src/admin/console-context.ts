/**
 * How a screen plugs into the console frame. App owns the ONLY `useInput`: each keypress goes to
 * the active screen first, and App acts on it (switch screen, quit) only when the screen did not
 * consume it. One dispatcher means a key is never handled twice, e.g. Esc that closes a text field
 * does not also quit, and `1` typed into a field does not switch screens.
 */
import type { Key } from "ink";
import { createContext, useContext, useEffect, useLayoutEffect, useRef, type RefObject } from "react";
import type { Hint } from "./keys.ts";

/** Returns true when the screen used the key. */
export type KeyHandler = (input: string, key: Key) => boolean;

/** What the footer shows for the active screen. */
export interface Chrome {
  hints: readonly Hint[];
  /** A text field has the keyboard: the console-wide keys do not apply, so their hints are hidden. */
  editing: boolean;
  /** A question (confirm dialog) has the keyboard: only its answers are hinted. */
  modal: boolean;
}

export interface ConsoleFrame {
  keyHandler: RefObject<KeyHandler | null>;
  setChrome: (chrome: Chrome) => void;
}

export const ConsoleContext = createContext<ConsoleFrame | null>(null);

/**
 * Registers the active screen's key handler and its footer hints. The handler is re-registered
 * after every commit, so it always sees the screen's current state.
 */
export function useConsoleScreen(onKey: KeyHandler, hints: readonly Hint[], editing = false, modal = false): void {
  const frame = useContext(ConsoleContext);
  if (!frame) throw new Error("useConsoleScreen must be used inside the admin App");
  const mine = useRef<KeyHandler | null>(null);
  useLayoutEffect(() => {
    mine.current = onKey;
    frame.keyHandler.current = onKey;
  });
  // On unmount, unregister only if the next screen has not registered itself already.
  useLayoutEffect(
    () => () => {
      if (frame.keyHandler.current === mine.current) frame.keyHandler.current = null;
    },
    [frame],
  );
  // Compare by content: screens build the hints array on every render.
  const chromeKey = JSON.stringify([hints, editing, modal]);
  useEffect(() => frame.setChrome({ hints, editing, modal }), [frame, chromeKey]);
}

/** A key object with nothing pressed, for pasted text routed like typed text. */
export const NO_KEY: Key = {
  upArrow: false,
  downArrow: false,
  leftArrow: false,
  rightArrow: false,
  pageDown: false,
  pageUp: false,
  home: false,
  end: false,
  return: false,
  escape: false,
  ctrl: false,
  shift: false,
  tab: false,
  backspace: false,
  delete: false,
  meta: false,
  super: false,
  hyper: false,
  capsLock: false,
  numLock: false,
};
