/**
 * Validation of the `url` a client asks vellum to extract (and of every redirect hop).
 *
 * Parsing goes through WHATWG URL on purpose: it rewrites every numeric host trick (2130706433,
 * 0177.0.0.1, 0x7f.1, 127.1) to a dotted quad and canonicalises bracketed IPv6, so the address guard
 * only ever sees one spelling of an address.
 */

/** The longest `url` accepted, in characters of the string as sent (API contract). */
export const MAX_URL_LENGTH = 2048;

/** The outcome of `parseTargetUrl`; `message` is one sentence fit for a 400 `invalid_request` body. */
export type TargetUrlResult = { ok: true; url: URL } | { ok: false; message: string };

/**
 * Accepts an absolute http(s) URL of at most 2048 characters, with a host and no credentials.
 * @param raw whatever the client sent (query parameter, JSON field, or a redirect's resolved Location).
 * @returns the parsed URL, or why it is refused. Never throws.
 */
export function parseTargetUrl(raw: unknown): TargetUrlResult {
  if (typeof raw !== "string" || raw.trim() === "") {
    return { ok: false, message: "url must be a non-empty string." };
  }
  if (raw.length > MAX_URL_LENGTH) {
    return { ok: false, message: `url must be at most ${MAX_URL_LENGTH} characters.` };
  }
  const text = raw.trim();
  // Require the "scheme://" spelling: WHATWG also accepts "http:example.com" and "http:\\example.com",
  // which no client means to send and which make logs misleading.
  if (!/^https?:\/\//i.test(text)) {
    return { ok: false, message: "url must be an absolute http:// or https:// URL." };
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, message: "url is not a valid URL." };
  }
  if (url.username !== "" || url.password !== "") {
    // Credentials would be forwarded to whatever the target redirects to, and land in logs.
    return { ok: false, message: "url must not contain a username or password." };
  }
  if (url.hostname === "") {
    return { ok: false, message: "url must name a host." };
  }
  return { ok: true, url };
}

/** The port a URL connects to: its explicit port, else the scheme's default. */
export function effectivePort(url: URL): number {
  if (url.port !== "") return Number(url.port);
  return url.protocol === "https:" ? 443 : 80;
}
