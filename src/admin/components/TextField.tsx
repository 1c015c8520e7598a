import { Box, Text } from "ink";

/**
 * A one-line field as drawn; its keys are handled by the screen through `editText`. The error,
 * when any, sits right under the field so the operator sees what to fix without leaving it.
 */
export function TextField({
  label,
  value,
  placeholder,
  error,
  help,
}: {
  label: string;
  value: string;
  placeholder?: string;
  error?: string | null;
  help?: string;
}) {
  return (
    <Box flexDirection="column">
      <Text>
        <Text bold>{label}: </Text>
        {value ? <Text>{value}</Text> : <Text dimColor>{placeholder ?? ""}</Text>}
        <Text inverse> </Text>
      </Text>
      {error ? <Text color="red">✗ {error}</Text> : null}
      {help ? <Text dimColor>{help}</Text> : null}
    </Box>
  );
}
