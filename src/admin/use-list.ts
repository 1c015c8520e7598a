import { useEffect, useReducer } from "react";
import { initialListState, listReducer } from "./list-reducer.ts";

/**
 * The list reducer bound to a screen: follows the number of rows and the page size the screen
 * computed from its space (layout.ts `useBodySize`), at least one row.
 */
export function useList(count: number, pageSize: number) {
  const size = Math.max(1, Math.floor(pageSize));
  const [state, dispatch] = useReducer(listReducer, undefined, () => initialListState(count, size));
  useEffect(() => dispatch({ type: "setCount", count }), [count]);
  useEffect(() => dispatch({ type: "setPageSize", pageSize: size }), [size]);
  return [state, dispatch] as const;
}
