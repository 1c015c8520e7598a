import { describe, expect, test } from "bun:test";
import { addAudits, auditPage, emptyAudit, ownLineKeptRate, wordsInOrderRate } from "../../scripts/lib/snippet-audit.ts";

const page = (text: string, withSnippets: string[], without: string[] = []) => ({ text, with: withSnippets, without });

describe("with snippets", () => {
  test("a snippet the scorer finds by its characters is found", () => {
    const a = auditPage("The cat sat on the mat.", page("", ["cat sat on"]));
    expect(a).toMatchObject({ withFound: 1, withWordsInOrder: 0, withMissing: 0 });
  });

  test("a typographic apostrophe, a line break or a code span's backticks leave the words in order", () => {
    const text = "You don’t need a fortune.\nThe `del` statement\nremoves an item.";
    const a = auditPage(text, page("", ["You don't need a fortune.", "The del statement removes an item."]));
    expect(a).toMatchObject({ withFound: 0, withWordsInOrder: 2, withMissing: 0 });
  });

  test("words left out, or said in another order, are missing", () => {
    const a = auditPage("The cat sat on the mat.", page("", ["the dog sat", "mat the on"]));
    expect(a).toMatchObject({ withFound: 0, withWordsInOrder: 0, withMissing: 2 });
  });

  test("word order is matched on whole words: a snippet's word is not a part of a longer one", () => {
    const a = auditPage("concatenate strings", page("", ["cat"]));
    expect(a).toMatchObject({ withFound: 1, withWordsInOrder: 0, withMissing: 0 });
    const b = auditPage("concatenate strings", page("", ["cat, strings"]));
    expect(b).toMatchObject({ withFound: 0, withWordsInOrder: 0, withMissing: 1 });
  });

  test("a snippet of no words (punctuation only) is never credited by word order", () => {
    const a = auditPage("— —", page("", ["…"]));
    expect(a).toMatchObject({ withFound: 0, withWordsInOrder: 0, withMissing: 1 });
  });
});

describe("without snippets", () => {
  test("a snippet on a line of its own, alone or with a count or an arrow, is the boilerplate kept", () => {
    const text = "An article.\nSubscribe\nComments (12)\nMore text.";
    const a = auditPage(text, page("An article. More text.", [], ["Subscribe", "Comments"]));
    expect(a).toMatchObject({ withoutOwnLine: 2, withoutInsideLine: 0, withoutInGroundTruth: 0, withoutLeftOut: 0 });
  });

  test("a snippet found only inside a longer line of text is kept inside that line", () => {
    const text = "Subscribers can enjoy an hours-long playlist exclusive to our members.";
    const a = auditPage(text, page("An hours-long playlist.", [], ["Subscribe"]));
    expect(a).toMatchObject({ withoutOwnLine: 0, withoutInsideLine: 1, withoutInGroundTruth: 0, withoutLeftOut: 0 });
  });

  test("a snippet the ground truth's own content holds is counted apart", () => {
    const a = auditPage("Posts about Rust\nPosts", page("Posts about Rust", [], ["Posts"]));
    expect(a).toMatchObject({ withoutOwnLine: 0, withoutInsideLine: 0, withoutInGroundTruth: 1, withoutLeftOut: 0 });
  });

  test("a snippet the text does not hold is left out", () => {
    const a = auditPage("An article.", page("An article.", [], ["Sign up for our newsletter"]));
    expect(a).toMatchObject({ withoutLeftOut: 1, withoutOwnLine: 0, withoutInsideLine: 0 });
  });
});

describe("rates over pages", () => {
  test("the word-order rate averages pages as the scorer does: a page without with-snippets counts 1", () => {
    const audits = [auditPage("a b c", page("", ["a b", "x y"])), auditPage("anything", page("", []))];
    expect(wordsInOrderRate(audits)).toBe((0.5 + 1) / 2);
    expect(wordsInOrderRate([])).toBe(0);
  });

  test("the own-line rate averages pages as the scorer does: a page without without-snippets counts 0", () => {
    const audits = [auditPage("text\nShare\nmore", page("text more", [], ["Share", "Print"])), auditPage("anything", page("anything", []))];
    expect(ownLineKeptRate(audits)).toBe(0.5 / 2);
    expect(ownLineKeptRate([])).toBe(0);
  });

  test("audits add up key by key", () => {
    const one = auditPage("a b\nShare", page("a b", ["a b"], ["Share"]));
    const total = addAudits([one, one, emptyAudit()]);
    expect(total).toEqual({ ...emptyAudit(), withFound: 2, withoutOwnLine: 2 });
  });
});
