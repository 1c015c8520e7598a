import { describe, expect, test } from "bun:test";
import { dateInText, dateInUrl } from "../../src/extract/page-date.ts";

describe("dateInText: the first date written in words", () => {
  test("ISO, dotted, slashed and with a month's name in the languages most pages are in", () => {
    expect(dateInText("2021-10-16 | Botschaft")).toBe("2021-10-16");
    expect(dateInText("am 25.08.2015 22:30")).toBe("2015-08-25");
    expect(dateInText("31.10.23")).toBe("2023-10-31");
    expect(dateInText("Posted on 23. Juli 2019")).toBe("2019-07-23");
    expect(dateInText("July 21st, 2019")).toBe("2019-07-21");
    expect(dateInText("12 de febrero de 2020")).toBe("2020-02-12");
    expect(dateInText("3 décembre 2018")).toBe("2018-12-03");
  });

  test("slashes: day first, unless the page is in American English or the day comes second", () => {
    expect(dateInText("05/04/2020")).toBe("2020-04-05");
    expect(dateInText("05/04/2020", "en-US")).toBe("2020-05-04");
    expect(dateInText("10/26/2018")).toBe("2018-10-26");
  });

  test("the year first: with slashes or dots, and with the year's, month's and day's signs of Chinese, Japanese and Korean", () => {
    expect(dateInText("2019/04/04 公開")).toBe("2019-04-04");
    expect(dateInText("Közzétéve: 2021.11.05.")).toBe("2021-11-05");
    expect(dateInText("2019年04月21日 12時00分更新")).toBe("2019-04-21");
    expect(dateInText("2019年3月15日 09:43")).toBe("2019-03-15");
    expect(dateInText("2019년 4월 4일")).toBe("2019-04-04");
    // Mixed separators, an impossible month, a version number of two parts: no date.
    expect(dateInText("2019/04.04")).toBeNull();
    expect(dateInText("2019年13月1日")).toBeNull();
    expect(dateInText("version 2019.4")).toBeNull();
  });

  test("no date: impossible days and months, years out of range, times and counts", () => {
    expect(dateInText("31.02.2020")).toBeNull();
    expect(dateInText("12.13.2020")).toBeNull();
    expect(dateInText("01.01.1850")).toBeNull();
    expect(dateInText("10:30 · 5 min read")).toBeNull();
  });
});

describe("dateInUrl: a permalink's date", () => {
  test("/YYYY/MM/DD/ and /YYYY-MM-DD/ in the path; a year and month alone or a query are no date", () => {
    expect(dateInUrl("https://blog.example/2019/10/24/story/")).toBe("2019-10-24");
    expect(dateInUrl("https://blog.example/2019-01-01-new-year")).toBe("2019-01-01");
    expect(dateInUrl("https://blog.example/2019/10/story.html")).toBeNull();
    expect(dateInUrl("https://blog.example/story?d=2019/10/24/")).toBeNull();
    expect(dateInUrl("not a url")).toBeNull();
  });
});
