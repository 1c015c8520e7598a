import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { parseAllowList } from "../../src/extract/address-guard.ts";
import { decodeHtml } from "../../src/extract/charset.ts";
import { guardedFetch } from "../../src/extract/guarded-fetch.ts";
import { KOI8_TEXT, LATIN1_TEXT, SJIS_TEXT, startTargetSite, type TargetSite } from "../helpers/target-site.ts";

const bytes = (...parts: Array<string | number[]>) =>
  new Uint8Array(Buffer.concat(parts.map((part) => (typeof part === "string" ? Buffer.from(part) : Buffer.from(part)))));

const CAFE_1252 = [0x43, 0x61, 0x66, 0xe9]; // "Café" in windows-1252
const CAFE_UTF8 = "Café";

describe("decodeHtml picks the encoding in browser order", () => {
  test.each([
    ["UTF-8 BOM beats a contradicting header", bytes([0xef, 0xbb, 0xbf], CAFE_UTF8), "text/html; charset=windows-1252", "utf-8", CAFE_UTF8],
    ["UTF-16LE BOM", bytes([0xff, 0xfe, 0x43, 0x00, 0xe9, 0x00]), null, "utf-16le", "Cé"],
    ["UTF-16BE BOM", bytes([0xfe, 0xff, 0x00, 0x43, 0x00, 0xe9]), "text/html", "utf-16be", "Cé"],
    ["header charset", bytes(CAFE_1252), "text/html; charset=ISO-8859-1", "windows-1252", CAFE_UTF8],
    ["quoted header charset", bytes(CAFE_1252), 'text/html; charset="windows-1252"', "windows-1252", CAFE_UTF8],
    [
      "header beats meta",
      bytes('<meta charset="koi8-r">', CAFE_1252),
      "text/html;charset=latin1",
      "windows-1252",
      `<meta charset="koi8-r">${CAFE_UTF8}`,
    ],
    [
      "unknown header label falls through to meta",
      bytes('<meta charset="windows-1252">', CAFE_1252),
      "text/html; charset=x-bogus",
      "windows-1252",
      `<meta charset="windows-1252">${CAFE_UTF8}`,
    ],
    [
      "meta charset",
      bytes("<html><head><meta charset=shift_jis>", [0x93, 0xfa, 0x96, 0x7b]),
      "text/html",
      "shift_jis",
      "<html><head><meta charset=shift_jis>日本",
    ],
    [
      "meta http-equiv",
      bytes(`<META HTTP-EQUIV='Content-Type' CONTENT='text/html; charset=gbk'>`, [0xc4, 0xe3]),
      null,
      "gbk",
      `<META HTTP-EQUIV='Content-Type' CONTENT='text/html; charset=gbk'>你`,
    ],
    [
      "meta declaring UTF-16 means UTF-8",
      bytes('<meta charset="utf-16">', CAFE_UTF8),
      null,
      "utf-8",
      `<meta charset="utf-16">${CAFE_UTF8}`,
    ],
    [
      "meta inside a comment is ignored",
      bytes('<!-- <meta charset="koi8-r"> -->', CAFE_UTF8),
      null,
      "utf-8",
      `<!-- <meta charset="koi8-r"> -->${CAFE_UTF8}`,
    ],
    [
      "unknown meta label falls through to sniffing",
      bytes('<meta charset="nope">', CAFE_1252),
      null,
      "windows-1252",
      `<meta charset="nope">${CAFE_UTF8}`,
    ],
    ["valid UTF-8 without declarations", bytes("<p>", CAFE_UTF8, " – 日本</p>"), "text/html", "utf-8", `<p>${CAFE_UTF8} – 日本</p>`],
    ["invalid UTF-8 without declarations is windows-1252", bytes("<p>", CAFE_1252, [0x80], "</p>"), null, "windows-1252", "<p>Café€</p>"],
    ["empty body", bytes(), null, "utf-8", ""],
  ])("%s", (_name, body, contentType, charset, text) => {
    expect(decodeHtml(body, contentType)).toEqual({ charset, text });
  });

  test("a meta declaration past the prescan window is not used", () => {
    const body = bytes(`<!doctype html>${" ".repeat(5000)}<meta charset="koi8-r">`, CAFE_UTF8);
    expect(decodeHtml(body, null).charset).toBe("utf-8");
  });

  test("invalid sequences in a declared encoding become U+FFFD instead of throwing", () => {
    expect(decodeHtml(bytes([0x43, 0xff, 0x43]), "text/html; charset=utf-8")).toEqual({ charset: "utf-8", text: "C\uFFFDC" });
  });

  test.each([
    ["koi8-r", [0xf0, 0xd2, 0xc9, 0xd7, 0xc5, 0xd4], "Привет"],
    ["windows-1251", [0xcf, 0xf0, 0xe8], "При"],
    ["iso-8859-2", [0xb1, 0xe6], "ąć"],
    ["euc-kr", [0xc7, 0xd1], "한"],
    ["big5", [0xa4, 0xa4], "中"],
    ["euc-jp", [0xc6, 0xfc], "日"],
    ["gb18030", [0xc4, 0xe3], "你"],
  ])("Bun decodes legacy encoding %s", (label, raw, text) => {
    expect(decodeHtml(bytes(raw), `text/html; charset=${label}`)).toEqual({ charset: label, text });
  });
});

describe("pages from the target site", () => {
  let site: TargetSite;
  beforeAll(async () => {
    site = await startTargetSite();
  });
  afterAll(() => site.close());

  test.each([
    ["/latin1", "windows-1252", LATIN1_TEXT],
    ["/sjis", "shift_jis", SJIS_TEXT],
    ["/koi8", "koi8-r", KOI8_TEXT],
  ])("%s decodes as %s", async (path, charset, expected) => {
    const result = await guardedFetch(new URL(site.url(path)), {
      allow: parseAllowList([site.allowEntry]),
      timeoutMs: 2000,
      maxBytes: 5 * 1024 * 1024,
      maxRedirects: 5,
      userAgent: "VellumBot/test",
    });
    if (!result.ok) throw new Error(result.message);
    const decoded = decodeHtml(result.body, result.contentType);
    expect(decoded.charset).toBe(charset);
    expect(decoded.text).toContain(expected);
    expect(decoded.text).not.toContain("\uFFFD");
  });
});
