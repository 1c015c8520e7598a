import { describe, expect, test } from "bun:test";
import { withoutMemberPanels } from "../../src/extract/member-panels.ts";

describe("withoutMemberPanels: a forum member's panel and phone signature beside a post", () => {
  test("join date, location and post count beside a post go, and the post stays", () => {
    const md = [
      "**harbourview** · Feb 14, 2026",
      "Join Date: **Aug 2008**",
      "Location: **Lisbon**",
      "Posts: **1,077**",
      "We took the night train south and woke up among cork oaks.",
      "Sent from my Pixel 7 using Tapatalk",
      "---",
      "**Registered:** 2016-07-02",
      "**Posts:** 65703",
      "Which train was it? The sleeper was cancelled when I went.",
    ].join("\n\n");
    const out = withoutMemberPanels(md);
    for (const gone of ["Join Date", "Lisbon", "1,077", "Tapatalk", "Registered", "65703"]) expect(out).not.toContain(gone);
    expect(out).toContain("**harbourview** · Feb 14, 2026");
    expect(out).toContain("woke up among cork oaks");
    expect(out).toContain("The sleeper was cancelled");
  });

  test("an article's location lines, a seller's membership and counts in a sentence stay", () => {
    const md = [
      "- **Location:** Boston, Massachusetts",
      "Location: the old mill on the river",
      "Member since February 16, 2016",
      "Posts: the blog had 40 of them by June.",
      "The forum's posts: 1,200 a day at its peak.",
    ].join("\n\n");
    expect(withoutMemberPanels(md)).toBe(md);
  });
});
