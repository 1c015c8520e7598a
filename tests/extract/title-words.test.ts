import { describe, expect, test } from "bun:test";
import { htmlToArticle } from "../../src/extract/html-to-article.ts";

// An article whose <h1> says the page's title, with paragraphs long enough for Readability to take.
function page(lang: string, title: string, heading: string, paragraphs: string[]): string {
  return (
    `<html lang="${lang}"><head><meta charset="utf-8"><title>${title}</title></head><body><div><div>` +
    `<h1>${heading}</h1>${paragraphs.map((p) => `<p>${p}</p>`).join("")}</div></div></body></html>`
  );
}

const zh = [
  "在这座有着八百年历史的城市里，老街区正在经历一场安静的变化。过去十年，政府和居民一起探索了一条既保留历史风貌、又改善生活条件的更新之路。",
  "走进东城区的石板巷，你会看到修缮一新的青砖灰瓦，也会看到装上了电梯的老楼。住在这里六十年的王阿姨说，以前下雨天屋里漏水，现在终于可以安心过日子了。",
  "早些年，很多城市选择大拆大建。推土机开过之后，高楼拔地而起，但街坊邻里的关系也随之消散。后来，规划部门开始尝试微更新。",
];
const ru = [
  "В этом городе с восьмисотлетней историей старые кварталы переживают тихие перемены. За последние десять лет власти и жители вместе искали путь обновления, который сохраняет облик улиц и улучшает условия жизни.",
  "На Каменном переулке можно увидеть отремонтированные кирпичные дома и старые здания, в которых появились лифты. Соседка, живущая здесь шестьдесят лет, говорит, что раньше в дождь протекала крыша.",
  "Раньше многие города выбирали снос и новое строительство. После бульдозеров вырастали высотки, но соседские связи исчезали. Потом архитекторы начали пробовать небольшие обновления.",
];
const en = [
  "In this city with eight hundred years of history, the old quarters are going through a quiet change. Over the past ten years the council and residents have looked together for a way to renew them that keeps the streets as they were.",
  "On Stone Lane you see repaired brick houses and old buildings that now have lifts. A neighbour who has lived here for sixty years says the roof used to leak whenever it rained, and now it does not.",
  "Earlier, many cities chose to demolish and rebuild. After the bulldozers, towers rose, but the ties between neighbours were lost. Later the planners began to try small renewals instead.",
];
const url = "https://news.example/2026/11/old-quarters.html";

describe("a heading that says the title goes in every script (rule title-words)", () => {
  test("an English page's heading goes, as Readability has always done", async () => {
    const md = (await htmlToArticle(page("en", "The second life of the old quarters", "The second life of the old quarters", en), { url }))!
      .markdown;
    expect(md).not.toContain("second life");
  });

  test("a Chinese and a Russian page's heading goes too; left out, the rule keeps both", async () => {
    const zhPage = page("zh-CN", "城市更新：老街区的第二次生命", "城市更新：老街区的第二次生命", zh);
    const ruPage = page("ru", "Вторая жизнь старых кварталов", "Вторая жизнь старых кварталов", ru);
    expect((await htmlToArticle(zhPage, { url }))!.markdown).not.toContain("第二次生命");
    expect((await htmlToArticle(ruPage, { url }))!.markdown).not.toContain("Вторая жизнь");
    const without = new Set(["title-words"] as const);
    expect((await htmlToArticle(zhPage, { url, without }))!.markdown).toContain("第二次生命");
    expect((await htmlToArticle(ruPage, { url, without }))!.markdown).toContain("Вторая жизнь");
  });

  test("a heading that says something else than the title stays", async () => {
    const md = (await htmlToArticle(page("ru", "Новости города", "Вторая жизнь старых кварталов", ru), { url }))!.markdown;
    expect(md).toContain("Вторая жизнь старых кварталов");
  });
});
