import { describe, expect, test } from "bun:test";
import { classifyAddress } from "../../src/extract/address-guard.ts";
import { effectivePort, MAX_URL_LENGTH, parseTargetUrl } from "../../src/extract/target-url.ts";

function accepted(raw: unknown): URL {
  const result = parseTargetUrl(raw);
  if (!result.ok) throw new Error(`expected ${String(raw)} to be accepted, got: ${result.message}`);
  return result.url;
}

function refusal(raw: unknown): string {
  const result = parseTargetUrl(raw);
  if (result.ok) throw new Error(`expected ${String(raw)} to be refused`);
  return result.message;
}

describe("parseTargetUrl accepts absolute http(s) URLs", () => {
  test.each([
    ["https://example.com/a?b=c#d", "https://example.com/a?b=c#d"],
    ["http://example.com", "http://example.com/"],
    ["HTTPS://Example.COM:443/x", "https://example.com/x"],
    ["  https://example.com/padded  ", "https://example.com/padded"],
    ["https://bücher.example/", "https://xn--bcher-kva.example/"],
    ["http://[2606:4700::1111]:8080/", "http://[2606:4700::1111]:8080/"],
  ])("%s → %s", (raw, href) => {
    expect(accepted(raw).href).toBe(href);
  });

  test(`a URL of exactly ${MAX_URL_LENGTH} characters is accepted`, () => {
    const base = "https://example.com/";
    const raw = base + "a".repeat(MAX_URL_LENGTH - base.length);
    expect(raw.length).toBe(MAX_URL_LENGTH);
    expect(accepted(raw).href).toBe(raw);
  });
});

describe("parseTargetUrl refuses what the API calls invalid_request", () => {
  test.each([
    ["not a string", 42, "non-empty string"],
    ["null", null, "non-empty string"],
    ["empty", "", "non-empty string"],
    ["ftp scheme", "ftp://example.com/file", "http:// or https://"],
    ["file scheme", "file:///etc/passwd", "http:// or https://"],
    ["javascript scheme", "javascript:alert(1)", "http:// or https://"],
    ["data scheme", "data:text/html,<p>x</p>", "http:// or https://"],
    ["gopher scheme", "gopher://127.0.0.1:6379/_INFO", "http:// or https://"],
    ["relative", "/article/1", "http:// or https://"],
    ["scheme-relative", "//example.com/", "http:// or https://"],
    ["no slashes", "http:example.com", "http:// or https://"],
    ["backslashes", "http:\\\\example.com\\", "http:// or https://"],
    ["userinfo", "https://user:pass@example.com/", "username or password"],
    ["username only", "https://user@example.com/", "username or password"],
    ["userinfo hiding the host", "http://example.com@127.0.0.1/", "username or password"],
    ["no host", "http://", "not a valid URL"],
    ["bad port", "http://example.com:99999/", "not a valid URL"],
    ["space in host", "http://exa mple.com/", "not a valid URL"],
    ["IPv6 zone id", "http://[fe80::1%25eth0]/", "not a valid URL"],
    ["over-long", `https://example.com/${"a".repeat(MAX_URL_LENGTH)}`, `at most ${MAX_URL_LENGTH} characters`],
  ])("%s", (_name, raw, message) => {
    expect(refusal(raw)).toContain(message);
  });
});

describe("hostile numeric hosts are normalised to the address the guard must see", () => {
  test.each([
    ["decimal", "http://2130706433/", "127.0.0.1"],
    ["octal", "http://0177.0.0.1/", "127.0.0.1"],
    ["hex", "http://0x7f.1/", "127.0.0.1"],
    ["hex dword", "http://0x7f000001/", "127.0.0.1"],
    ["short", "http://127.1/", "127.0.0.1"],
    ["trailing dot", "http://127.0.0.1./", "127.0.0.1"],
    ["octal metadata", "http://0251.0376.0251.0376/", "169.254.169.254"],
    ["bracketed IPv6 loopback", "http://[0:0:0:0:0:0:0:1]/", "[::1]"],
    ["IPv4-mapped IPv6", "http://[::ffff:127.0.0.1]/", "[::ffff:7f00:1]"],
  ])("%s: %s → %s", (_name, raw, hostname) => {
    const url = accepted(raw);
    expect(url.hostname).toBe(hostname);
    expect(classifyAddress(url.hostname)).not.toBeNull();
  });
});

describe("effectivePort", () => {
  test.each([
    ["http://example.com/", 80],
    ["https://example.com/", 443],
    ["http://example.com:443/", 443],
    ["https://example.com:8443/", 8443],
  ])("%s → %d", (raw, port) => {
    expect(effectivePort(new URL(raw))).toBe(port);
  });
});
