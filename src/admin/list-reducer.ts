/**
 * List navigation as a pure reducer (the shape of Gemini CLI's `useSelectionList`): a cursor, a
 * scroll window and an optional selection over `count` rows. Screens keep the rows; this keeps
 * only positions, so it is tested without rendering anything.
 *
 * The cursor CLAMPS at both ends instead of wrapping. The console's lists are ordered (RPC
 * fallback order, newest key or redemption first) and some carry actions (reorder, revoke): a
 * wrap would turn one extra ↓ on the last row into a jump to the first, and "move down" on the
 * last RPC URL would become "move to the top". Home/End reach either end in one key.
 */

export interface ListState {
  /** Rows in the list. */
  count: number;
  /** Cursor: 0 ≤ index < count, or 0 when the list is empty. */
  index: number;
  /** First visible row: offset ≤ index < offset + pageSize. */
  offset: number;
  /** Visible rows (≥ 1); also the distance of PageUp/PageDown. */
  pageSize: number;
  /** The row chosen with Enter (opened, marked for an action), or null. */
  selected: number | null;
}

export type ListAction =
  | { type: "up" }
  | { type: "down" }
  | { type: "pageUp" }
  | { type: "pageDown" }
  | { type: "home" }
  | { type: "end" }
  /** Put the cursor on a row (clamped), e.g. to follow a row that was moved. */
  | { type: "set"; index: number }
  /** The rows changed (reload, search, delete): keep the cursor where it can stay. */
  | { type: "setCount"; count: number }
  | { type: "setPageSize"; pageSize: number }
  /** Select the row under the cursor (no-op on an empty list). */
  | { type: "select" }
  | { type: "deselect" };

/** The state of a list of `count` rows with the cursor on the first one. */
export function initialListState(count = 0, pageSize = 10): ListState {
  return { count: Math.max(0, count), index: 0, offset: 0, pageSize: Math.max(1, pageSize), selected: null };
}

export function listReducer(state: ListState, action: ListAction): ListState {
  switch (action.type) {
    case "up":
      return moveTo(state, state.index - 1);
    case "down":
      return moveTo(state, state.index + 1);
    case "pageUp":
      return moveTo(state, state.index - state.pageSize);
    case "pageDown":
      return moveTo(state, state.index + state.pageSize);
    case "home":
      return moveTo(state, 0);
    case "end":
      return moveTo(state, state.count - 1);
    case "set":
      return moveTo(state, action.index);
    case "setCount": {
      const count = Math.max(0, Math.floor(action.count));
      // A selection that no longer points at a row is dropped rather than moved to another row:
      // the next action on it (revoke, remove) must not hit a row the operator did not choose.
      const selected = state.selected !== null && state.selected < count ? state.selected : null;
      return moveTo({ ...state, count, selected }, state.index);
    }
    case "setPageSize":
      return moveTo({ ...state, pageSize: Math.max(1, Math.floor(action.pageSize)) }, state.index);
    case "select":
      return state.count === 0 ? state : { ...state, selected: state.index };
    case "deselect":
      return state.selected === null ? state : { ...state, selected: null };
  }
}

/** Rows to draw: the indices in the scroll window. */
export function visibleRange(state: ListState): { start: number; end: number } {
  return { start: state.offset, end: Math.min(state.count, state.offset + state.pageSize) };
}

function clamp(n: number, min: number, max: number): number {
  return Math.min(Math.max(n, min), max);
}

function moveTo(state: ListState, target: number): ListState {
  const index = state.count === 0 ? 0 : clamp(Math.floor(target), 0, state.count - 1);
  // Scroll just enough to keep the cursor visible, and never past the end of the list.
  let offset = state.offset;
  if (index < offset) offset = index;
  if (index >= offset + state.pageSize) offset = index - state.pageSize + 1;
  offset = clamp(offset, 0, Math.max(0, state.count - state.pageSize));
  // Same reference when nothing moved, so React skips the re-render.
  return index === state.index && offset === state.offset ? state : { ...state, index, offset };
}
