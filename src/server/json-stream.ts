/**
 * A JSON answer whose one long string (an article's Markdown) is serialised piece by piece while the
 * answer is sent, instead of in one go (issue 11). Serialising a 5 MB Markdown string takes 20–40 ms
 * of the server's only thread; every other call, /health included, waited that long behind each
 * large answer. Each piece here is at most STREAM_PIECE_CHARS characters, and the thread returns to
 * the event loop between pieces.
 */

/** Answers whose long string is longer than this are streamed; shorter ones are serialised at once. */
export const STREAM_ABOVE_CHARS = 256 * 1024;

/** Characters of the long string serialised per piece (~0.3 ms of work). */
export const STREAM_PIECE_CHARS = 64 * 1024;

/**
 * The JSON text of `fields`, in pieces: the text before the value of `fields[key]` (a string), that
 * value's escaped characters in slices of at most `pieceChars`, then the rest. Joined, the pieces
 * are exactly `JSON.stringify(fields)`. A slice never ends between the two halves of a surrogate pair
 * (either half alone would be escaped as `\ud8xx`).
 */
export function* jsonPieces(fields: Record<string, unknown>, key: string, pieceChars = STREAM_PIECE_CHARS): Generator<string> {
  const long = fields[key];
  if (typeof long !== "string") throw new TypeError(`jsonPieces: ${key} is not a string`);
  const frame = JSON.stringify({ ...fields, [key]: "" });
  // The key with an empty string value appears once as structure: inside string values every quote
  // is escaped, so `"key":""` cannot occur there unescaped.
  const slot = `${JSON.stringify(key)}:""`;
  const at = frame.indexOf(slot);
  const open = at + slot.length - 1; // just after the value's opening quote
  yield frame.slice(0, open);
  for (let start = 0; start < long.length; ) {
    let end = Math.min(long.length, start + pieceChars);
    const last = long.charCodeAt(end - 1);
    if (end < long.length && last >= 0xd800 && last <= 0xdbff) end--;
    yield JSON.stringify(long.slice(start, end)).slice(1, -1);
    start = end;
  }
  yield frame.slice(open);
}

/**
 * A 200 JSON Response streaming `fields` with `fields[key]` serialised in pieces, yielding to the
 * event loop before each one (see the module comment).
 */
export function streamedJsonResponse(fields: Record<string, unknown>, key: string, headers: Record<string, string>): Response {
  const pieces = jsonPieces(fields, key);
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      const next = pieces.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
  });
  return new Response(body, { status: 200, headers: { "content-type": "application/json;charset=utf-8", ...headers } });
}
