import { describe, expect, test } from "bun:test";
import { initialListState, listReducer, visibleRange, type ListAction, type ListState } from "../../src/admin/list-reducer.ts";

function run(state: ListState, ...actions: ListAction[]): ListState {
  return actions.reduce(listReducer, state);
}

const down: ListAction = { type: "down" };
const up: ListAction = { type: "up" };

describe("list reducer", () => {
  test("starts on the first row with nothing selected", () => {
    expect(initialListState(5, 3)).toEqual({ count: 5, index: 0, offset: 0, pageSize: 3, selected: null });
  });

  test("down and up move one row", () => {
    const s = run(initialListState(5, 3), down, down);
    expect(s.index).toBe(2);
    expect(run(s, up).index).toBe(1);
  });

  test("clamps at both ends instead of wrapping", () => {
    expect(run(initialListState(3, 10), up).index).toBe(0);
    expect(run(initialListState(3, 10), down, down, down, down).index).toBe(2);
  });

  test("a move that changes nothing returns the same state object (no re-render)", () => {
    const s = initialListState(3, 10);
    expect(listReducer(s, up)).toBe(s);
  });

  test("home and end jump to the ends", () => {
    const s = run(initialListState(50, 10), { type: "end" });
    expect(s.index).toBe(49);
    expect(run(s, { type: "home" }).index).toBe(0);
  });

  test("page down and up move by a page and clamp", () => {
    const s = run(initialListState(25, 10), { type: "pageDown" });
    expect(s.index).toBe(10);
    expect(run(s, { type: "pageDown" }, { type: "pageDown" }).index).toBe(24);
    expect(run(s, { type: "pageUp" }, { type: "pageUp" }).index).toBe(0);
  });

  test("the scroll window follows the cursor and never runs past the end", () => {
    let s = initialListState(10, 4);
    s = run(s, down, down, down);
    expect(visibleRange(s)).toEqual({ start: 0, end: 4 });
    s = run(s, down);
    expect(s.index).toBe(4);
    expect(visibleRange(s)).toEqual({ start: 1, end: 5 });
    s = run(s, { type: "end" });
    expect(visibleRange(s)).toEqual({ start: 6, end: 10 });
    s = run(s, { type: "home" });
    expect(visibleRange(s)).toEqual({ start: 0, end: 4 });
  });

  test("an empty list keeps the cursor at 0 for every move", () => {
    const s = initialListState(0, 5);
    for (const action of [up, down, { type: "end" }, { type: "pageDown" }, { type: "set", index: 7 }] as ListAction[]) {
      expect(listReducer(s, action).index).toBe(0);
    }
    expect(visibleRange(s)).toEqual({ start: 0, end: 0 });
  });

  test("select marks the row under the cursor; deselect clears it", () => {
    const s = run(initialListState(5, 5), down, { type: "select" });
    expect(s.selected).toBe(1);
    expect(run(s, down).selected).toBe(1);
    expect(run(s, { type: "deselect" }).selected).toBeNull();
    expect(listReducer(initialListState(0, 5), { type: "select" }).selected).toBeNull();
  });

  test("when rows disappear the cursor moves to the last remaining row", () => {
    const s = run(initialListState(10, 4), { type: "end" }, { type: "setCount", count: 3 });
    expect(s.index).toBe(2);
    expect(visibleRange(s)).toEqual({ start: 0, end: 3 });
  });

  test("a selection that points past the new end is dropped, not moved to another row", () => {
    const s = run(initialListState(10, 4), { type: "end" }, { type: "select" }, { type: "setCount", count: 5 });
    expect(s.selected).toBeNull();
    const kept = run(initialListState(10, 4), down, { type: "select" }, { type: "setCount", count: 5 });
    expect(kept.selected).toBe(1);
  });

  test("set puts the cursor on a row, clamped, and scrolls to it", () => {
    expect(run(initialListState(10, 3), { type: "set", index: 8 })).toMatchObject({ index: 8, offset: 6 });
    expect(run(initialListState(10, 3), { type: "set", index: 99 }).index).toBe(9);
    expect(run(initialListState(10, 3), { type: "set", index: -4 }).index).toBe(0);
  });

  test("a new page size keeps the cursor visible", () => {
    const s = run(initialListState(20, 10), { type: "set", index: 9 }, { type: "setPageSize", pageSize: 3 });
    expect(s.pageSize).toBe(3);
    expect(visibleRange(s)).toEqual({ start: 7, end: 10 });
    expect(run(s, { type: "setPageSize", pageSize: 0 }).pageSize).toBe(1);
  });
});
