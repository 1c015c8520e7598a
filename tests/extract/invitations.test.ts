import { describe, expect, test } from "bun:test";
import { htmlToArticle } from "../../src/extract/html-to-article.ts";
import { withoutLinesWhere } from "../../src/extract/markdown.ts";
import { THRESHOLDS } from "../../src/extract/thresholds.ts";
import {
  isFollowPrompt,
  isPaywallPrompt,
  isReaderAppeal,
  withoutFollowPrompts,
  withoutReaderAppeals,
  isSignInPrompt,
  withoutInvitations,
  withoutSignInPrompts,
} from "../../src/extract/invitations.ts";

const story = [
  "# Ten years of keeping bees on a city roof",
  "The first hive arrived in a cardboard box, and the neighbours were not told until the honey was. ".repeat(3),
  "## What the bees eat",
  "Lime trees in June, ivy in October, and the park's clover in between: a city is a long flowering season. ".repeat(3),
];

describe("withoutInvitations: a newsletter's invitation among the paragraphs", () => {
  test("an invitation between paragraphs goes, and the text around it stays", () => {
    const md = [
      ...story.slice(0, 2),
      "Want more from the rooftop? **Sign up for our newsletter**, The Hive, and get a jar at the spring fair.",
      ...story.slice(2),
    ].join("\n\n");
    const { markdown, cut } = withoutInvitations(md);
    expect(markdown).not.toContain("Sign up for our newsletter");
    expect(markdown).toContain("the neighbours were not told");
    expect(markdown).toContain("Lime trees in June");
    expect(cut).toContain("The Hive");
  });

  test("an invitation whose words are split by a link and emphasis is read as one sentence", () => {
    const md = [...story, "*Want more?* [*Sign up*](https://bees.example/join) *for our newsletter, The Hive.*"].join("\n\n");
    expect(withoutInvitations(md).markdown).not.toContain("The Hive");
  });

  test("a box's title goes with its invitation; a heading over text stays", () => {
    const md = [
      ...story,
      "### Stay in the loop",
      "Sign up now to get the season's notes from the roof delivered straight to your inbox!",
    ].join("\n\n");
    const { markdown } = withoutInvitations(md);
    expect(markdown).not.toContain("Stay in the loop");
    expect(markdown).not.toContain("your inbox");
    expect(markdown).toContain("## What the bees eat");
  });

  test("a heading over two invitations and a blank line goes, and the next section stays", () => {
    const md = [
      ...story.slice(0, 2),
      "### Stay in the loop",
      "Join our mailing list for the season's notes.",
      "",
      "Or subscribe to our newsletter and get a jar at the spring fair.",
      ...story.slice(2),
    ].join("\n\n");
    const { markdown } = withoutInvitations(md);
    expect(markdown).not.toContain("Stay in the loop");
    expect(markdown).not.toContain("mailing list");
    expect(markdown).toContain("## What the bees eat");
  }, 2_000);

  test("a question asking whether the reader wants to be informed, then the sign-up, is an invitation", () => {
    const ask = "*Do you want to be informed of the association's actions? [Sign up here](https://a.example/news)*";
    const { markdown } = withoutInvitations([...story, ask].join("\n\n"));
    expect(markdown).not.toContain("Sign up here");
    expect(markdown).toContain(story[1]!);
    const question = "Do you want to be informed of a swarm before it leaves? Watch the hive entrance at noon every day in May.";
    expect(withoutInvitations([...story, question].join("\n\n")).markdown).toContain("Watch the hive entrance");
  });

  test("the question as a box's heading is read without its heading marks", () => {
    const heading = "### Want to stay up to date? Subscribe below";
    const { markdown } = withoutInvitations([...story, heading, "Every month, the notes from the roof."].join("\n\n"));
    expect(markdown).not.toContain("Want to stay up to date");
    expect(markdown).toContain(story[1]!);
    const section = "### Want to stay warm in the hive? Bees cluster";
    expect(withoutInvitations([...story, section].join("\n\n")).markdown).toContain(section);
  });

  test("invitations in the other languages most pages are in go; sentences about newsletters stay", () => {
    for (const ask of [
      "Kostenlos zum Newsletter anmelden und Jahresabo gewinnen",
      "Abonnieren Sie unseren Newsletter!",
      "Abonnez-vous à notre newsletter",
      "Suscríbete a nuestro boletín",
      "Iscriviti alla newsletter",
      "Schrijf je in voor onze nieuwsbrief",
      "Zapisz się do newslettera",
      "Zapraszamy też do subskrypcji tygodnika.",
    ]) {
      const { markdown } = withoutInvitations([...story, ask].join("\n\n"));
      expect(markdown).not.toContain(ask.slice(0, 12));
    }
    const about = "Der Verein verschickt seinen Newsletter zweimal im Jahr an alle Mitglieder, gedruckt und per Post.";
    expect(withoutInvitations([...story, about].join("\n\n")).markdown).toContain(about);
  });

  test("writing about newsletters, subscribers and inboxes is text, not an invitation", () => {
    const md = [
      ...story,
      "I also picked 28 newsletters, a small subset of the newsletters I subscribe to, as the test set.",
      "Send newsletters to your subscribers and automate the emails that land in their inbox.",
      "- Sign up for our newsletter: the plugin's settings page, step three",
      "```\nsubscribe to the newsletter delivered straight to your inbox\n```",
      `${"Beekeepers who sign up for the association's newsletter hear about swarms first, and the rest of this long paragraph goes on about swarms, queens, smoke, the hive tool and the cold mornings of March. ".repeat(2)}`,
    ].join("\n\n");
    expect(withoutInvitations(md)).toEqual({ markdown: md, cut: "" });
  });

  test("htmlToArticle leaves the invitation out, and keeps it when the rule is left out", async () => {
    const html = `<html><head><title>Bees</title><meta property="og:type" content="article"></head><body><article>
      <h1>Ten years of keeping bees on a city roof</h1><p>${story[1]}</p>
      <p>Join our mailing list! A letter when the honey is ready, nothing else.</p>
      <h2>What the bees eat</h2><p>${story[3]}</p></article></body></html>`;
    const article = await htmlToArticle(html, { url: "https://bees.example/roof" });
    expect(article?.markdown).toContain("Lime trees in June");
    expect(article?.markdown).not.toContain("Join our mailing list");
    const without = await htmlToArticle(html, { url: "https://bees.example/roof", without: new Set(["invitations"]) });
    expect(without?.markdown).toContain("Join our mailing list");
  });
});

describe("withoutSignInPrompts: a prompt to log in or sign up", () => {
  test("prompts to log in, join or register go, and the text around them stays", () => {
    const md = [
      ...story.slice(0, 2),
      "[Log in to save to favorites](https://bees.example/login)",
      "Join for free or log in|",
      "Register for free site membership to compare hives and more",
      "Already have an account?Sign In",
      "#### Register",
      ...story.slice(2),
    ].join("\n\n");
    const out = withoutSignInPrompts(md);
    for (const gone of ["favorites", "Join for free", "site membership", "Already have", "#### Register"]) expect(out).not.toContain(gone);
    expect(out).toContain("the neighbours were not told");
    expect(out).toContain("## What the bees eat");
  });

  test("a how-to's step, a teaser's title, a section on a registry, an offer and a long sentence stay", () => {
    for (const line of [
      "- Log in to your hive tracker and click “Add colony”.",
      "## [Join or host a swarm-catching day near you](https://bees.example/days)",
      "## [Sign in to order honey](https://bees.example/shop)",
      "### Register for Gifts",
      "Sign up for the spring course on queen rearing",
      "Join us to see the season's new hives and products, and to learn how the city's beekeepers get through the winter.",
    ])
      expect(isSignInPrompt(line)).toBe(false);
  });
});

describe("withoutFollowPrompts: lines asking the reader to follow the site elsewhere", () => {
  const text = "The porch took three weekends, most of it spent sanding the old boards back to bare wood.";

  test("follow and join prompts go, however marked up, and the text stays", () => {
    const md = [
      text,
      "**Follow me on instagram**: @porchfixers",
      "- **Join the Facebook group** – [facebook.example/porch](https://facebook.example/porch)",
      "Stay connected with me!",
      "\\*\\*\\* Follow us on [Pinterest](https://pinterest.example/p), [YouTube](https://youtube.example/p)",
    ].join("\n\n");
    expect(withoutFollowPrompts(md)).toBe(text);
  });

  test("an offer inside a sentence, a heading, a table row, a sentence naming a network and code stay", () => {
    expect(isFollowPrompt("Want the insider scoop? Join my free Facebook community!")).toBe(false);
    expect(isFollowPrompt("## Follow us on Instagram")).toBe(false);
    expect(isFollowPrompt("| Follow us on Instagram | daily |")).toBe(false);
    expect(isFollowPrompt("Instagram lets you follow accounts without posting anything yourself.")).toBe(false);
    expect(isFollowPrompt("Follow the steps below to set up YouTube on your television.")).toBe(false);
    const code = "```\nFollow us on Instagram\n```";
    expect(withoutFollowPrompts(`${text}\n\n${code}`)).toContain(code);
  });
});

describe("isFollowPrompt: in other languages, with the site's name, its channel and its app", () => {
  test("prompts in German, French, Spanish, Italian, Dutch and Polish go", () => {
    for (const line of [
      "Folgen Sie uns auf Instagram!",
      "Folge uns auf [WhatsApp](https://wa.example/c) und Telegram",
      "Suivez-nous sur Facebook et X",
      "**Síguenos en X, Instagram y TikTok**",
      "Seguici su Telegram per restare aggiornato",
      "Volg ons op LinkedIn",
      "Obserwuj nas na Facebooku i YouTube",
    ])
      expect(isFollowPrompt(line)).toBe(true);
  });

  test("the site named where 'us' would be goes with its handle or a second network", () => {
    expect(isFollowPrompt("**Follow The Gleaner on Twitter and Instagram @JamaicaGleaner and on Facebook @GleanerJamaica.**")).toBe(true);
    expect(isFollowPrompt("Follow Porch Weekly on Instagram and TikTok for more builds.")).toBe(true);
    expect(isFollowPrompt("Follow the steps on YouTube to upload your first video.")).toBe(false);
    expect(isFollowPrompt("Follow the link on Twitter to read the thread.")).toBe(false);
  });

  test("a channel of the site's goes when the line asks the reader in; a sentence about it stays", () => {
    expect(
      isFollowPrompt(
        "¿Ya sabías que en Guatemala.com tenemos canal de Telegram? Únete **desde tu celular** en este [enlace de invitación](https://t.example/g).",
      ),
    ).toBe(true);
    expect(isFollowPrompt("**¡Mira lo que tiene nuestro canal de YouTube!**")).toBe(true);
    expect(isFollowPrompt("Subscribe to our YouTube channel for a new build every week.")).toBe(true);
    expect(isFollowPrompt("In an interview on our YouTube channel, the founder said the porch took a year.")).toBe(false);
    expect(isFollowPrompt("Come to the tour: the city's YouTube channel streams it, and our Instagram posts the photos.")).toBe(false);
  });

  test("the site's app goes; news of an app stays", () => {
    expect(
      isFollowPrompt(
        "For the latest stories and breaking news updates download the Nationnews apps for [**iOS**](https://a.example/ios) and [**Android**](https://a.example/android).",
      ),
    ).toBe(true);
    expect(isFollowPrompt("Download our free app to get alerts.")).toBe(true);
    expect(isFollowPrompt("POPSUGAR Would Like To Send You Push Notifications.")).toBe(true);
    expect(isFollowPrompt("Allow notifications")).toBe(true);
    expect(isFollowPrompt("The app would like to send you reminders, the developer says.")).toBe(false);
    expect(isFollowPrompt("Users can download the Threads app for iOS from today.")).toBe(false);
    expect(isFollowPrompt("Download the plans from the council's site before you start.")).toBe(false);
    expect(isFollowPrompt("Download our free checklist to plan the build.")).toBe(false);
  });
});

describe("isSignInPrompt: what signing up would open", () => {
  test("an offer to unlock something by registering is a prompt, a sentence about unlocking stays", () => {
    expect(isSignInPrompt("Unlock advanced filters by Registering for free!")).toBe(true);
    expect(isSignInPrompt("Unlock the door by turning the key twice.")).toBe(false);
  });
});

describe("withoutReaderAppeals: the site asking the reader to donate, share, rate or follow", () => {
  test("the appeals go, however marked up, and the text stays", () => {
    const md = [
      "# Sourdough for beginners",
      "Feed the starter twice a day until it doubles within six hours of a feeding.",
      "**Help me spread the word about this podcast!**",
      "## [**♥ DONATE TODAY! ♥**](https://a.example/donate)",
      "## **This story is funded by readers like you**",
      "Did you make one of my recipes? Please take a moment to **leave a star rating**. Also, feel free to leave a comment!",
      "## **Love the Bread Letter? Tell your friends and get rewards.**",
      "# Follow the author",
      "Bake it at 240 degrees for twenty minutes with the lid on, then twenty without.",
    ].join("\n\n");
    const out = withoutReaderAppeals(md);
    for (const gone of ["spread the word", "DONATE", "funded by", "star rating", "rewards", "Follow the author"])
      expect(out).not.toContain(gone);
    expect(out).toContain("Feed the starter");
    expect(out).toContain("Bake it at 240 degrees");
  });

  test("sentences about donating, sharing or making something, and list items, stay", () => {
    expect(isReaderAppeal("Donate the less healthy food to a shelter rather than throwing it away.")).toBe(false);
    expect(isReaderAppeal("Share the dough between two tins before the second rise.")).toBe(false);
    expect(isReaderAppeal("Did you make this mistake? Most beginners add too much water in the first week.")).toBe(false);
    expect(isReaderAppeal("- Donate today")).toBe(false);
    expect(isReaderAppeal("Follow the author's advice and keep the starter warm.")).toBe(false);
    expect(isReaderAppeal("Our community kitchen is funded by a grant from the city.")).toBe(false);
  });
});

describe("isReaderAppeal: in other languages, for a membership and for the site's journalism", () => {
  test("the appeals go, as a line, a heading or a quote", () => {
    for (const line of [
      "**HAZTE MIEMBRO Y DISFRUTA DE BENEFICIOS EXCLUSIVOS**",
      "## [Je fais un don à Attac](https://a.example/don)",
      "Jetzt spenden!",
      "Werden Sie Mitglied",
      "> **Apoya el periodismo incómodo**",
      "Support independent journalism",
      "Help us continue to spread the magic of words to readers everywhere",
      "Ihr Beitrag hilft, unsere Berichterstattung noch weiter auszubauen und diese weiterhin kostenlos zur Verfügung zu stellen.",
      "Your support helps us keep the archive free.",
      "**Gefällt dir unser Klettermagazin? Wir haben uns gegen eine Bezahlschranke entschieden. Unterstütze uns mit einem Beitrag.**",
      "Enjoy our podcast? Become a member for ad-free episodes.",
    ])
      expect(isReaderAppeal(line)).toBe(true);
  });

  test("a reply's thanks, sentences about support or membership and a question with no ask stay", () => {
    for (const line of [
      "Ihr Beitrag hilft mir sehr, danke!",
      "Support for the plan grew over the summer.",
      "Help us understand the problem: which version do you run?",
      "Werden Sie nicht ungeduldig, der Teig braucht Zeit.",
      "Do you like our new layout? Tell us in the comments.",
      "#### Faire un don en ligne :",
      "- Jetzt spenden",
    ])
      expect(isReaderAppeal(line)).toBe(false);
  });
});

describe("isPaywallPrompt: where the story stops for readers who do not subscribe", () => {
  test("the prompt goes, as a line or a heading, in English, German, French and Spanish", () => {
    for (const line of [
      "To view the full story, please subscribe to [The Haitian Times](https://news.example/subscribe). You can choose a [$60 Annual Subscription](https://news.example/yearly) or a $5 Weekly Pass.",
      "If you’re seeing this message but you’re already a subscriber, you can [log in](https://news.example/my-account/) for immediate access to this story.",
      "Subscribe to continue reading",
      "To continue reading, please sign in.",
      "This article is only available to subscribers.",
      "# Möchten Sie weiterlesen?",
      "## Ja. Ich bin Abonnent.",
      "Dieser Artikel ist nur für Abonnenten.",
      "Cet article est réservé aux abonnés.",
      "Este contenido es exclusivo para suscriptores.",
    ])
      expect(isPaywallPrompt(line)).toBe(true);
    const text = story.join("\n\n");
    expect(withoutLinesWhere(`${text}\n\n# Möchten Sie weiterlesen?\n\n## Ja. Ich bin Abonnent.`, isPaywallPrompt)).toBe(text.trim());
  });

  test("a shop's link for its buyers, sentences about paywalls and subscriptions, a list item and a long paragraph stay", () => {
    for (const line of [
      "Already a subscriber? [View your reports here →](https://research.example/my-account/downloads/)",
      "Obsidian would be my go to if they did not lock cross device syncing behind a paywall.",
      "To view the full moon, climb the hill behind the church after ten.",
      "Möchten Sie weiterlesen, finden Sie das Buch in jeder Bibliothek?",
      "- Subscribe to continue reading",
      `To view the full story, please subscribe: ${"the plans, their prices and what each one holds, ".repeat(6)}.`,
    ])
      expect(isPaywallPrompt(line)).toBe(false);
    const long = `To view the full story, please subscribe: ${"x".repeat(THRESHOLDS.paywallPromptMaxChars)}`;
    expect(isPaywallPrompt(long)).toBe(false);
    expect(isPaywallPrompt(long.slice(0, THRESHOLDS.paywallPromptMaxChars))).toBe(true);
  });

  test("through htmlToArticle: the prompt under a story's opening goes; left out, it stays", async () => {
    const para = (s: string) => `<p>${s}</p>`;
    const html = `<html><body><article><h1>Gute Löhne alleine reichen nicht</h1>${para("Das Zentrum lud zur Gesprächsrunde ein. Die Teilnehmenden sprachen darüber, wie Arbeitgeber in Zeiten des Fachkräftemangels genügend Personal finden und halten.")}${para("Mit dabei waren die Leiterin der Pflege, ein Gemeinderat und zwei Mitarbeitende, die seit Jahren im Haus arbeiten und davon erzählten.")}<div class="box">${para("Möchten Sie weiterlesen?")}${para("Ja. Ich bin Abonnent.")}</div>${para("Die Gesprächsrunde endete mit einem Rundgang durch das Haus, bei dem die Gäste auch die neue Küche und den Garten sahen.")}</article></body></html>`;
    const url = "https://zeitung.example/gute-loehne";
    const md = (await htmlToArticle(html, { url }))!.markdown;
    expect(md).toContain("Fachkräftemangels");
    expect(md).toContain("Rundgang");
    expect(md).not.toContain("weiterlesen");
    expect(md).not.toContain("Abonnent");
    const off = (await htmlToArticle(html, { url, without: new Set(["paywall-prompts"]) }))!.markdown;
    expect(off).toContain("Möchten Sie weiterlesen?");
  });
});
