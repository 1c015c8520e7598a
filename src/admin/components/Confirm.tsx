import { Box, Text } from "ink";

/** A yes/no question for a destructive action; the screen maps y / n / Esc. */
export function Confirm({ question }: { question: string }) {
  return (
    <Box borderStyle="round" borderColor="yellow" paddingX={1}>
      <Text>
        {question}{" "}
        <Text bold color="cyan">
          y
        </Text>{" "}
        yes{"  "}
        <Text bold color="cyan">
          n
        </Text>
        /
        <Text bold color="cyan">
          Esc
        </Text>{" "}
        no
      </Text>
    </Box>
  );
}
