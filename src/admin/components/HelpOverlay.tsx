import { Box, Text } from "ink";
import type { Hint } from "../keys.ts";

/** `?`: every key of the active screen (as it is now) and of the console, one per line. */
export function HelpOverlay({ screen, hints, globals }: { screen: string; hints: readonly Hint[]; globals: readonly Hint[] }) {
  const width = Math.max(...[...hints, ...globals].map(([key]) => key.length), 5) + 2;
  const line = ([key, label]: Hint) => (
    <Text key={`${key} ${label}`} wrap="truncate-end">
      <Text bold color="cyan">
        {key.padEnd(width)}
      </Text>
      {label}
    </Text>
  );
  return (
    <Box flexDirection="column">
      <Text bold>Keys on {screen}</Text>
      {hints.map(line)}
      <Text bold>Everywhere</Text>
      {globals.map(line)}
      {line(["Ctrl+C", "quit at once"])}
    </Box>
  );
}
