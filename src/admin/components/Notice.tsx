import { Text } from "ink";

export type NoticeValue = { tone: "ok" | "warn" | "error"; text: string } | null;

/** The outcome of the last action (saved, failed, …), in a colour that says which. */
export function Notice({ notice }: { notice: NoticeValue }) {
  if (!notice) return null;
  const [color, mark] = notice.tone === "ok" ? ["green", "✓"] : notice.tone === "warn" ? ["yellow", "!"] : ["red", "✗"];
  return (
    <Text color={color}>
      {mark} {notice.text}
    </Text>
  );
}
