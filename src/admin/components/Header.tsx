import { Box, Text } from "ink";

/** Title line and the numbered screen tabs, the active one highlighted. */
export function Header({ screens, active, dir, network }: { screens: readonly string[]; active: number; dir: string; network: string }) {
  return (
    <Box flexDirection="column">
      <Box justifyContent="space-between">
        <Text bold>vellum admin</Text>
        <Text dimColor>
          {dir} · {network}
        </Text>
      </Box>
      <Box columnGap={2}>
        {screens.map((name, i) =>
          i === active ? (
            <Text key={name} inverse bold>
              {` ${i + 1} ${name} `}
            </Text>
          ) : (
            <Text key={name}>{` ${i + 1} ${name} `}</Text>
          ),
        )}
      </Box>
    </Box>
  );
}
