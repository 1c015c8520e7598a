import { useContext, useEffect, useReducer } from "react";
import { RowsContext } from "./console-context.ts";
import { initialListState, listReducer } from "./list-reducer.ts";

/**
 * The list reducer bound to a screen: follows the number of rows, and a page size derived from
 * the terminal height minus the lines the screen uses for other things (`reservedRows`).
 */
export function useList(count: number, reservedRows: number, maxRows = Infinity) {
  const rows = useContext(RowsContext);
  const pageSize = Math.max(3, Math.min(maxRows, rows - reservedRows));
  const [state, dispatch] = useReducer(listReducer, undefined, () => initialListState(count, pageSize));
  useEffect(() => dispatch({ type: "setCount", count }), [count]);
  useEffect(() => dispatch({ type: "setPageSize", pageSize }), [pageSize]);
  return [state, dispatch] as const;
}
