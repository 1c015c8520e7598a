import { describe, expect, test } from "bun:test";
import type { Key } from "ink";
import { NO_KEY } from "../../src/admin/console-context.ts";
import { globalActionForKey, listActionForKey, moveActionForKey } from "../../src/admin/keys.ts";
import { editText } from "../../src/admin/text-edit.ts";

const key = (k: Partial<Key>): Key => ({ ...NO_KEY, ...k });

describe("console keys", () => {
  test("1-4 pick a screen; digits beyond the screens do nothing", () => {
    expect(globalActionForKey("1", NO_KEY, 4)).toEqual({ type: "screen", index: 0 });
    expect(globalActionForKey("4", NO_KEY, 4)).toEqual({ type: "screen", index: 3 });
    expect(globalActionForKey("5", NO_KEY, 4)).toBeNull();
    expect(globalActionForKey("0", NO_KEY, 4)).toBeNull();
  });

  test("Tab and Shift+Tab cycle; q and Esc go back", () => {
    expect(globalActionForKey("", key({ tab: true }), 4)).toEqual({ type: "nextScreen" });
    expect(globalActionForKey("", key({ tab: true, shift: true }), 4)).toEqual({ type: "prevScreen" });
    expect(globalActionForKey("q", NO_KEY, 4)).toEqual({ type: "back" });
    expect(globalActionForKey("", key({ escape: true }), 4)).toEqual({ type: "back" });
    expect(globalActionForKey("x", NO_KEY, 4)).toBeNull();
  });

  test("list keys: arrows and j/k, pages, Home/End and g/G", () => {
    expect(listActionForKey("", key({ upArrow: true }))).toEqual({ type: "up" });
    expect(listActionForKey("k", NO_KEY)).toEqual({ type: "up" });
    expect(listActionForKey("j", NO_KEY)).toEqual({ type: "down" });
    expect(listActionForKey("", key({ pageDown: true }))).toEqual({ type: "pageDown" });
    expect(listActionForKey("", key({ pageUp: true }))).toEqual({ type: "pageUp" });
    expect(listActionForKey("g", NO_KEY)).toEqual({ type: "home" });
    expect(listActionForKey("G", NO_KEY)).toEqual({ type: "end" });
    expect(listActionForKey("", key({ end: true }))).toEqual({ type: "end" });
  });

  test("Shift+arrows and K/J are moves, not navigation", () => {
    expect(listActionForKey("", key({ shift: true, upArrow: true }))).toBeNull();
    expect(moveActionForKey("", key({ shift: true, upArrow: true }))).toBe("moveUp");
    expect(moveActionForKey("J", NO_KEY)).toBe("moveDown");
    expect(moveActionForKey("", key({ downArrow: true }))).toBeNull();
  });
});

describe("text editing", () => {
  test("typing and pasting append; Backspace and Delete remove the last character", () => {
    expect(editText("ab", "c", NO_KEY)).toEqual({ type: "change", value: "abc" });
    expect(editText("ab", "0x12", NO_KEY)).toEqual({ type: "change", value: "ab0x12" });
    expect(editText("abc", "", key({ backspace: true }))).toEqual({ type: "change", value: "ab" });
    expect(editText("abc", "", key({ delete: true }))).toEqual({ type: "change", value: "ab" });
    expect(editText("", "", key({ backspace: true }))).toEqual({ type: "change", value: "" });
  });

  test("Enter submits, Esc cancels, Ctrl+U clears", () => {
    expect(editText("v", "\r", key({ return: true }))).toEqual({ type: "submit", value: "v" });
    expect(editText("v", "", key({ escape: true }))).toEqual({ type: "cancel" });
    expect(editText("value", "u", key({ ctrl: true }))).toEqual({ type: "change", value: "" });
  });

  test("text followed by a line break in one input is submitted", () => {
    expect(editText("", "0xabc\r", NO_KEY)).toEqual({ type: "submit", value: "0xabc" });
    expect(editText("a", "b\nignored", NO_KEY)).toEqual({ type: "submit", value: "ab" });
  });

  test("control characters and navigation keys never become text", () => {
    expect(editText("a", "\u0007b\u001b", NO_KEY)).toEqual({ type: "change", value: "ab" });
    expect(editText("a", "", key({ upArrow: true }))).toEqual({ type: "ignore" });
    expect(editText("a", "x", key({ ctrl: true }))).toEqual({ type: "ignore" });
    expect(editText("a", "", key({ tab: true }))).toEqual({ type: "ignore" });
  });
});
