/**
 * Turning a fetched HTML body into text, choosing the encoding roughly the way a browser does
 * (WHATWG "determine the character encoding"): BOM, then the HTTP charset, then a <meta> prescan,
 * then a guess. Decoding is TextDecoder's, which in Bun covers the WHATWG legacy encodings
 * (windows-125x, iso-8859-x, koi8-r/u, shift_jis, euc-jp, iso-2022-jp, gbk, gb18030, big5, euc-kr, …).
 */

/** The decoded text and the canonical WHATWG name of the encoding used (e.g. "windows-1252"). */
export interface DecodedHtml {
  text: string;
  charset: string;
}

/** How much of the body the <meta> prescan looks at; the spec says 1024 bytes, real pages need more. */
const PRESCAN_BYTES = 4096;

/** The canonical encoding for a label, or null when TextDecoder does not know it. */
function canonicalEncoding(label: string): string | null {
  try {
    return new TextDecoder(label.trim()).encoding;
  } catch {
    return null;
  }
}

function encodingFromBom(bytes: Uint8Array): string | null {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return "utf-8";
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return "utf-16be";
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return "utf-16le";
  return null;
}

/** The charset parameter of a Content-Type-like value ("text/html; charset=\"koi8-r\""), if any. */
function charsetParameter(value: string): string | null {
  const match = /;\s*charset\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s;"']+))/i.exec(value);
  return match ? (match[1] ?? match[2] ?? match[3] ?? null) : null;
}

/** Attributes of one tag, lower-cased names; enough for <meta>, not a general HTML parser. */
function tagAttributes(tag: string): Map<string, string> {
  const attributes = new Map<string, string>();
  const pattern = /([^\s=/>"']+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g;
  for (const match of tag.replace(/^<meta/i, "").matchAll(pattern)) {
    const name = match[1]!.toLowerCase();
    if (!attributes.has(name)) attributes.set(name, match[2] ?? match[3] ?? match[4] ?? "");
  }
  return attributes;
}

/**
 * The encoding declared by the first usable <meta charset> or <meta http-equiv=Content-Type> in the
 * first few KB. Per the spec, a declared UTF-16 means UTF-8 (bytes that were UTF-16 could not have
 * spelled the declaration in ASCII) and x-user-defined means windows-1252.
 */
function encodingFromMeta(bytes: Uint8Array): string | null {
  // latin1 maps each byte to one char, so ASCII markup survives whatever the real encoding is.
  const head = Buffer.from(bytes.subarray(0, PRESCAN_BYTES))
    .toString("latin1")
    // regex-linear: the first PRESCAN_BYTES (4,096) bytes
    .replace(/<!--[\s\S]*?-->/g, "");
  // regex-linear: the first PRESCAN_BYTES (4,096) bytes
  for (const [tag] of head.matchAll(/<meta[\s/][^>]*>/gi)) {
    const attributes = tagAttributes(tag);
    let label = attributes.get("charset");
    if (label === undefined && attributes.get("http-equiv")?.toLowerCase() === "content-type") {
      label = charsetParameter(`;${attributes.get("content") ?? ""}`) ?? undefined;
    }
    const encoding = label === undefined ? null : canonicalEncoding(label);
    if (encoding === null) continue;
    if (encoding === "utf-16le" || encoding === "utf-16be") return "utf-8";
    if (encoding === "x-user-defined") return "windows-1252";
    return encoding;
  }
  return null;
}

function isValidUtf8(bytes: Uint8Array): boolean {
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/**
 * Picks the body's encoding and decodes it. Order: byte order mark; `charset` of the Content-Type
 * header; a <meta> declaration near the top; UTF-8 when the bytes are valid UTF-8; else windows-1252
 * (what browsers assume for undeclared legacy pages). Unknown labels are skipped, never fatal, and
 * invalid sequences become U+FFFD rather than errors.
 * @param contentType the response's Content-Type header, or null.
 */
export function decodeHtml(bytes: Uint8Array, contentType: string | null): DecodedHtml {
  const headerLabel = contentType === null ? null : charsetParameter(contentType);
  const charset =
    encodingFromBom(bytes) ??
    (headerLabel === null ? null : canonicalEncoding(headerLabel)) ??
    encodingFromMeta(bytes) ??
    (isValidUtf8(bytes) ? "utf-8" : "windows-1252");
  // TextDecoder drops a BOM matching its encoding, so the text never starts with U+FEFF.
  return { text: new TextDecoder(charset).decode(bytes), charset };
}
