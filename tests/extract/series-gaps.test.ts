import { describe, expect, test } from "bun:test";
import { readableText } from "../../src/extract/html-to-article.ts";
import { fillSeriesGaps, findSeries } from "../../src/extract/series-gaps.ts";
import { documentMaker } from "../helpers/dom.ts";

const makeDocument = documentMaker();

const entry = (i: number, prose = true) =>
  `<div class="ranking-entry"><h2><a href="/school-${i}">${i}. School number ${i}</a></h2>` +
  (prose
    ? `<p>School number ${i} is known for its small classes and for the teachers who stay with one class for years.</p>`
    : `<p><a href="/school-${i}">Read more about school number ${i}</a></p>`) +
  `</div>`;

/** A page with a ranking of six entries, and Readability's result as the entries at `keptAt` alone. */
function setUp(keptAt: number[], prose: (i: number) => boolean = () => true) {
  const document = makeDocument(`<main><div class="ranking">${[1, 2, 3, 4, 5, 6].map((i) => entry(i, prose(i))).join("")}</div></main>`);
  const series = findSeries(document.body);
  const content = document.createElement("div");
  const entries = Array.from(document.querySelectorAll(".ranking-entry"));
  for (const i of keptAt) content.appendChild(entries[i - 1]!);
  return { series, content };
}

const schools = (content: Element) => (readableText(content).match(/School number \d is known/g) ?? []).map((s) => s.slice(14, 15));

describe("series gaps", () => {
  test("the entries Readability left out of a series it kept a fair share of go back in their places", () => {
    const { series, content } = setUp([3, 6]);
    expect(series).toHaveLength(1);
    expect(fillSeriesGaps(series, content, readableText)).toBe(4);
    expect(schools(content)).toEqual(["1", "2", "3", "4", "5", "6"]);
    expect(content.querySelector("[data-vellum-entry]")).toBeNull();
  });

  test("a series Readability kept less than a third of stays as it is", () => {
    const { series, content } = setUp([5]);
    expect(fillSeriesGaps(series, content, readableText)).toBe(0);
    expect(schools(content)).toEqual(["5"]);
  });

  test("an entry without prose (a link's text) stays out", () => {
    const { series, content } = setUp([1, 2, 4, 5], (i) => i !== 3);
    expect(fillSeriesGaps(series, content, readableText)).toBe(1);
    expect(schools(content)).toEqual(["1", "2", "4", "5", "6"]);
    expect(readableText(content)).not.toContain("Read more about school number 3");
  });

  test("fewer than three blocks of one kind are not a series", () => {
    const document = makeDocument(
      `<div class="row"><div class="col">a</div><div class="col">b</div><div class="side">c</div><div class="foot">d</div></div>`,
    );
    expect(findSeries(document.body)).toHaveLength(0);
  });
});
