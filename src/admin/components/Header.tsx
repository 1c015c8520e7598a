import { Box, Text } from "ink";
import { truncate } from "../layout.ts";

/** Title line and the numbered screen tabs, the active one highlighted. Never wider than `width`. */
export function Header({
  screens,
  active,
  dir,
  network,
  width,
}: {
  screens: readonly string[];
  active: number;
  dir: string;
  network: string;
  width: number;
}) {
  const title = "vellum admin";
  const where = truncate(network ? `${dir} · ${network}` : dir, Math.max(0, width - title.length - 2));
  // Narrow terminals: the tabs drop their names except the active one's.
  const full = screens.reduce((n, s, i) => n + s.length + String(i + 1).length + 3 + (i ? 2 : 0), 0) <= width;
  return (
    <Box flexDirection="column" width={width}>
      <Box justifyContent="space-between">
        <Text bold>{title}</Text>
        <Text dimColor>{where}</Text>
      </Box>
      <Box columnGap={2}>
        {screens.map((name, i) => {
          const label = full || i === active ? ` ${i + 1} ${name} ` : ` ${i + 1} `;
          return i === active ? (
            <Text key={name} inverse bold>
              {label}
            </Text>
          ) : (
            <Text key={name}>{label}</Text>
          );
        })}
      </Box>
    </Box>
  );
}
