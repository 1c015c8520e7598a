import { Box, Text } from "ink";
import type { Hint } from "../keys.ts";

/** The key hints line at the bottom of every screen: the screen's own keys, then the console's. */
export function Footer({ hints }: { hints: readonly Hint[] }) {
  return (
    <Box borderStyle="single" borderBottom={false} borderLeft={false} borderRight={false} flexWrap="wrap" columnGap={2}>
      {hints.map(([key, label]) => (
        <Text key={`${key} ${label}`}>
          <Text bold color="cyan">
            {key}
          </Text>{" "}
          {label}
        </Text>
      ))}
    </Box>
  );
}
