import { describe, expect, test } from "bun:test";
import { withoutAdLabels } from "../../src/extract/ad-labels.ts";

describe("withoutAdLabels: advertisements' labels and sections headed as ads", () => {
  test("a lone label goes, and a section headed as an ad goes to the next heading of its rank", () => {
    const md = [
      "# This week in the workshop",
      "The new lathe arrived on Monday, and by Friday it had turned its first chair leg.",
      "Advertisement",
      "## **Advertisement: The Joinery Book!**",
      "Forty joints, drawn and explained, in a book for the bench. Order it before the holidays.",
      "### Order now",
      "Free shipping this month.",
      "## Next week",
      "We glue up the chair and find out whether the legs were worth it.",
      "*Sponsored*",
    ].join("\n\n");
    const { markdown, cut } = withoutAdLabels(md);
    for (const gone of ["Advertisement", "Joinery Book", "Forty joints", "Order now", "Free shipping", "Sponsored"])
      expect(markdown).not.toContain(gone);
    expect(markdown).toContain("turned its first chair leg");
    expect(markdown).toContain("## Next week");
    expect(markdown).toContain("whether the legs were worth it");
    expect(cut).toContain("Forty joints");
  });

  test("ad labels in the other languages most pages are in go; sentences with the word stay", () => {
    const md = [
      "# Kita-Plätze fehlen",
      "Die Stadt sucht seit Monaten Erzieherinnen für drei neue Gruppen.",
      "- Anzeige -",
      "Werbung",
      "Reklama",
      "Publicité",
      "Anzeige erstatten kann jeder, der eine Straftat sieht.",
    ].join("\n\n");
    const out = withoutAdLabels(md).markdown;
    for (const gone of ["- Anzeige -", "Werbung", "Reklama", "Publicité"]) expect(out.split("\n")).not.toContain(gone);
    expect(out).toContain("Anzeige erstatten kann jeder");
    expect(out).toContain("drei neue Gruppen");
  });

  test("an English label between dashes goes, as news themes print it; an entry 'Ad' of a list stays", () => {
    const md = ["# Port reopens", "Ships berthed again on Tuesday.", "\\- Advertisement -", "– Sponsored –", "- Ad", "- Print"].join(
      "\n\n",
    );
    const out = withoutAdLabels(md).markdown;
    expect(out).not.toContain("Advertisement");
    expect(out).not.toContain("Sponsored");
    expect(out).toContain("- Ad\n\n- Print");
  });

  test("a promoted entry's label, a link to a section, a heading about ads and a sentence stay", () => {
    const md = [
      "- [The lathe, reviewed](https://shop.example/lathe)\n\n  Promoted",
      "[Partner Content](https://shop.example/partner-content/)",
      "## Advertisement in the age of the feed",
      "Sponsored posts made up a third of the feed by 2020.",
      "```\nAdvertisement\n```",
    ].join("\n\n");
    expect(withoutAdLabels(md)).toEqual({ markdown: md, cut: "" });
  });
});
