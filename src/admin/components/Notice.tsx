import { Text } from "ink";

export type NoticeValue = { tone: "ok" | "warn" | "error"; text: string } | null;

/** The outcome of the last action (saved, failed, overridden, …), in a colour that says which. */
export function Notice({ notice }: { notice: NoticeValue }) {
  if (!notice) return null;
  const [color, mark] = notice.tone === "ok" ? ["green", "✓"] : notice.tone === "warn" ? ["yellow", "!"] : ["red", "✗"];
  return (
    <Text color={color} wrap="wrap">
      {mark} {notice.text}
    </Text>
  );
}

/** Terminal lines the notice takes at `width` (it wraps rather than lose its point). */
export function noticeLines(notice: NoticeValue, width: number): number {
  if (!notice) return 0;
  return Math.max(1, Math.ceil((Array.from(notice.text).length + 2) / Math.max(1, width)));
}
