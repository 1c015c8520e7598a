import { describe, expect, test } from "bun:test";
import { jsonPieces, STREAM_PIECE_CHARS, streamedJsonResponse } from "../../src/server/json-stream.ts";

// The long answer's serialisation (issue 11): the pieces must join into exactly JSON.stringify's text,
// whatever the string holds, and no piece may carry more than its share of the long string.
const hostile = [
  "plain ".repeat(50_000),
  'quotes " and \\ backslashes \n newlines \t tabs \u0000 nulls \u2028 separators '.repeat(5_000),
  "😀 emoji pairs across every boundary ".repeat(20_000),
  `${"a".repeat(STREAM_PIECE_CHARS - 1)}😀${"b".repeat(10)}`, // a pair straddling the first cut
  `${"a".repeat(STREAM_PIECE_CHARS - 1)}\ud800${"b".repeat(10)}`, // a lone high surrogate at the cut
  `\udc00${"x".repeat(STREAM_PIECE_CHARS * 2)}\ud800`, // lone halves at both ends
  "",
];

describe("jsonPieces", () => {
  test.each(hostile.map((s, i) => [i, s]))("string %i: the pieces join into JSON.stringify's text", (_i, markdown) => {
    const fields = {
      url: 'https://example.com/"markdown":""',
      title: '"markdown":"" in a title',
      markdown,
      words: 3,
      usage: { mode: "free" },
    };
    const pieces = [...jsonPieces(fields, "markdown")];
    expect(pieces.join("")).toBe(JSON.stringify(fields));
    expect(JSON.parse(pieces.join("")).markdown).toBe(markdown);
    // Head, the long string's pieces, tail: each middle piece holds at most STREAM_PIECE_CHARS characters.
    expect(pieces.length).toBeGreaterThanOrEqual(2 + Math.ceil(markdown.length / STREAM_PIECE_CHARS));
    for (const piece of pieces.slice(1, -1)) expect(JSON.parse(`"${piece}"`).length).toBeLessThanOrEqual(STREAM_PIECE_CHARS);
  });

  test("a field that is not a string is refused", () => {
    expect(() => [...jsonPieces({ markdown: 5 }, "markdown")]).toThrow(TypeError);
  });
});

describe("streamedJsonResponse", () => {
  test("the streamed body is the same JSON, sent in several chunks", async () => {
    const fields = { title: "T", markdown: "😀 line\n".repeat(100_000), words: 1 };
    const response = streamedJsonResponse(fields, "markdown", { "x-cache": "miss" });
    expect(response.headers.get("content-type")).toBe("application/json;charset=utf-8");
    expect(response.headers.get("x-cache")).toBe("miss");
    let chunks = 0;
    const parts: Uint8Array[] = [];
    for await (const chunk of response.body!) {
      chunks++;
      parts.push(chunk);
    }
    expect(chunks).toBeGreaterThan(10);
    expect(JSON.parse(Buffer.concat(parts).toString("utf8"))).toEqual(fields);
  });
});
