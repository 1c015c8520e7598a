import { Box, Text } from "ink";
import type { ReactNode } from "react";
import { visibleRange, type ListState } from "../list-reducer.ts";

/**
 * Draws the scroll window of a list with a cursor mark; positions come from the list reducer.
 * `focused` false dims the cursor (e.g. while a field above the list has the keyboard).
 */
export function ListView<T>({
  items,
  state,
  render,
  header,
  empty,
  focused = true,
}: {
  items: readonly T[];
  state: ListState;
  render: (item: T, index: number) => ReactNode;
  header?: ReactNode;
  empty: string;
  focused?: boolean;
}) {
  if (items.length === 0) return <Text dimColor>{empty}</Text>;
  // The reducer learns a new row count one render after the rows arrive (useList's effect): draw
  // from the rows themselves, so a frame never shows "1–0 of 2".
  const range = visibleRange(state);
  const start = Math.min(range.start, Math.max(0, items.length - 1));
  const end = Math.min(items.length, start + state.pageSize);
  return (
    <Box flexDirection="column">
      {header ? (
        <Text dimColor>
          {"  "}
          {header}
        </Text>
      ) : null}
      {items.slice(start, end).map((item, i) => {
        const index = start + i;
        const current = index === state.index;
        return (
          <Text key={index} inverse={current && focused} wrap="truncate-end">
            {current ? "›" : " "} {render(item, index)}
          </Text>
        );
      })}
      {items.length > end - start ? (
        <Text dimColor>
          {"  "}
          {start + 1}–{end} of {items.length}
        </Text>
      ) : null}
    </Box>
  );
}
