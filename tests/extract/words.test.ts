import { describe, expect, test } from "bun:test";
import { withoutLoneLinks } from "../../src/extract/lone-links.ts";
import { withoutRepeatedRuns } from "../../src/extract/markdown.ts";
import { firstWords, saidIn, wordCount, words, wordText } from "../../src/extract/words.ts";

describe("words: the words of every script", () => {
  test("letters and digits in runs, lower-cased, as before", () => {
    expect(words("Don't stop: 3.5 e-mails, Größe XL")).toEqual(["don", "t", "stop", "3", "5", "e", "mails", "größe", "xl"]);
    expect(wordCount("Don't stop: 3.5 e-mails, Größe XL")).toBe(9);
  });

  test("Han and kana are a word a character; Latin words among them stay whole", () => {
    expect(words("城市更新：老街区")).toEqual(["城", "市", "更", "新", "老", "街", "区"]);
    expect(words("ノートPCのバッテリー")).toEqual(["ノ", "ー", "ト", "pc", "の", "バ", "ッ", "テ", "リ", "ー"]);
    expect(wordCount("点击这里下载完整的研究报告")).toBe(13);
  });

  test("Thai is split into the words of the language, not one run per phrase", () => {
    const thai = words("ภาษาไทยเป็นภาษาที่สวยงาม");
    expect(thai.length).toBeGreaterThan(3);
    expect(thai.join("")).toBe("ภาษาไทยเป็นภาษาที่สวยงาม");
    expect(wordCount("ภาษาไทยเป็นภาษาที่สวยงาม")).toBe(thai.length);
  });

  test("a probe of a Chinese paragraph is found in a longer text that holds it, and not in another", () => {
    const paragraph = "研究人员收集了超过三万名居民的体检数据，并结合卫星图像计算了每个社区的绿地覆盖率。";
    const probe = firstWords(paragraph, 8);
    expect(probe).toBe("研 究 人 员 收 集 了 超");
    expect(saidIn(probe, wordText(`报告全文如下。${paragraph}`))).toBe(true);
    expect(saidIn(probe, wordText("研究人员表示"))).toBe(false);
  });

  test("a text of 1,000,000 Han characters and one of 1,000,000 Thai letters are split in bounded time", () => {
    expect(wordCount("字".repeat(1_000_000))).toBe(1_000_000);
    expect(wordCount("ก".repeat(1_000_000))).toBeGreaterThan(0);
  }, 10_000);
});

describe("the rules count Chinese words as a reader does (thresholds in words: lone links, repeated runs)", () => {
  test("a lone link of a whole Chinese sentence is the text's, not a button; a two-character button goes", () => {
    const markdown = [
      "研究人员收集了超过三万名居民的体检数据。",
      "",
      "[点击这里下载完整的研究报告和数据附录](https://example.org/report.pdf)",
      "",
      "报告指出，绿地与健康之间的关联依然显著。",
      "",
      "[下载](https://example.org/app)",
      "",
      "专家建议把公园作为一项基本标准。",
    ].join("\n");
    const kept = withoutLoneLinks(markdown);
    expect(kept).toContain("点击这里下载完整的研究报告和数据附录");
    expect(kept).not.toContain("[下载]");
  });

  test("four Chinese paragraphs said twice lose their second copy, as four English ones do", () => {
    const four = [
      "一项覆盖十二个城市、历时五年的研究发现，住在公园附近的居民患病比例更低。",
      "研究人员收集了超过三万名居民的体检数据。",
      "报告指出，绿地与健康之间的关联依然显著。",
      "专家建议把公园作为一项基本标准。",
    ].join("\n\n");
    expect(withoutRepeatedRuns(`${four}\n\n手机版\n\n${four}`)).toBe(`${four}\n\n手机版`);
  });
});
