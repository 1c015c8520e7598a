import { Box, Text } from "ink";
import type { Hint } from "../keys.ts";

const GAP = 2;

/**
 * The key hints line at the bottom of every screen: the screen's own keys, then the console's, on
 * ONE line. Hints that do not fit are left out (the `?` overlay lists every key), so the footer
 * never wraps into the screen above it.
 */
export function Footer({ hints, width }: { hints: readonly Hint[]; width: number }) {
  const shown = fitHints(hints, width);
  return (
    <Box borderStyle="single" borderBottom={false} borderLeft={false} borderRight={false} columnGap={GAP} height={2} width={width}>
      {shown.map(([key, label]) => (
        <Text key={`${key} ${label}`} wrap="truncate-end">
          <Text bold color="cyan">
            {key}
          </Text>{" "}
          {label}
        </Text>
      ))}
    </Box>
  );
}

/** The hints that fit in `width`, in order; "?" (help) is kept whenever it is among them. */
export function fitHints(hints: readonly Hint[], width: number): Hint[] {
  const cost = ([key, label]: Hint) => Array.from(key).length + 1 + Array.from(label).length;
  const helpHint = hints.find(([key]) => key === "?");
  let room = width - (helpHint ? cost(helpHint) + GAP : 0);
  const out: Hint[] = [];
  for (const hint of hints) {
    if (hint === helpHint) continue;
    const need = cost(hint) + (out.length ? GAP : 0);
    if (need > room) break;
    out.push(hint);
    room -= need;
  }
  if (helpHint) out.push(helpHint);
  return out;
}
