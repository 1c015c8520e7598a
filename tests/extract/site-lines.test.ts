import { describe, expect, test } from "bun:test";
import {
  isAuthorBio,
  isBylineLine,
  isCategoryLine,
  isCopyrightLine,
  isCreditLine,
  isDisclosure,
  isCookieNotice,
  isEmbedPlaceholder,
  isSiteNotice,
  withoutAuthorBio,
  withoutBylines,
  withoutCookieNotices,
  withoutCopyrightLines,
  withoutDisclosures,
  withoutSiteNotices,
} from "../../src/extract/site-lines.ts";
import { htmlToArticle } from "../../src/extract/html-to-article.ts";
import { withoutLinesWhere } from "../../src/extract/markdown.ts";
import { THRESHOLDS } from "../../src/extract/thresholds.ts";

const text = [
  "# Notes from the allotment",
  "The beans went in late this year, after a cold April kept the soil wet for weeks on end.",
  "The squash did better than ever under the new netting.",
].join("\n\n");

describe("withoutCopyrightLines: the site's copyright notice", () => {
  test("a footer's notice goes, the text stays", () => {
    const md = `${text}\n\n© 2026 Allotment Press Ltd. | [Privacy](https://a.example/privacy) | [Terms](https://a.example/terms)\n\nAll contents © Jane Doe 2026. All rights reserved.`;
    const out = withoutCopyrightLines(md);
    expect(out).not.toContain("Allotment Press");
    expect(out).not.toContain("All contents");
    expect(out).toContain("The squash did better");
  });

  test("the word and a year, or the sign after the word, open a notice", () => {
    expect(isCopyrightLine("Copyright © 2023 Example Radio. All rights reserved.")).toBe(true);
    expect(isCopyrightLine("COPYRIGHT 2026 EXAMPLE")).toBe(true);
    expect(isCopyrightLine("*© Example Institute / Photo J. Doe*")).toBe(true);
  });

  test("the reservation in the other languages most pages are in", () => {
    for (const line of [
      "Alle Rechte vorbehalten.",
      "© Gartenverlag – Alle Rechte vorbehalten",
      "Tous droits réservés.",
      "Todos los derechos reservados.",
      "Tutti i diritti riservati",
      "Alle rechten voorbehouden.",
      "Wszelkie prawa zastrzeżone.",
      "Materiał chroniony prawem autorskim - zasady przedruków określa regulamin.",
    ])
      expect(isCopyrightLine(line)).toBe(true);
    expect(isCopyrightLine("Das Urheberrecht schützt die Form, nicht die Idee.")).toBe(false);
  });

  test("a sentence about copyright, a heading, a list item, a long licence and code stay", () => {
    expect(isCopyrightLine("Copyright law protects the expression of an idea, not the idea itself.")).toBe(false);
    expect(isCopyrightLine("## COPYRIGHT")).toBe(false);
    expect(isCopyrightLine("- © 2026 the authors")).toBe(false);
    expect(
      isCopyrightLine(
        `This manual is free software. ${"You may copy and share it under the terms of the licence. ".repeat(4)}All rights reserved.`,
      ),
    ).toBe(false);
    const code = "```\n# © 2026 Example Ltd. All rights reserved.\n```";
    expect(withoutCopyrightLines(`${text}\n\n${code}`)).toContain(code);
  });
});

describe("withoutBylines: a byline standing alone", () => {
  test("a byline under the last paragraph goes, the text stays", () => {
    const out = withoutBylines(`${text}\n\nWritten by [Jane Doe](https://a.example/jane) on May 2, 2025`);
    expect(out).not.toContain("Jane Doe");
    expect(out).toContain("The squash did better");
    expect(isBylineLine("**Reviewed by,**")).toBe(true);
  });

  test("a sentence, an editor's credit and a heading stay", () => {
    expect(isBylineLine("Posted by the council in 1998, the notice still hangs on the gate of the allotments.")).toBe(false);
    expect(isBylineLine("Edited by Jane Doe and John Roe")).toBe(false);
    expect(isBylineLine("## Written by hand")).toBe(false);
  });
});

describe("withoutBylines: the category a post was filed in", () => {
  test("a line that is only the category goes, a sentence starting with 'in' and a link stays", () => {
    const out = withoutBylines(`# Notes from the allotment\n\nin [Gardening](https://a.example/gardening)\n\n${text}`);
    expect(out).not.toContain("Gardening");
    expect(out).toContain("The squash did better");
    expect(isCategoryLine("in [Gardening](https://a.example/g), [Allotments](https://a.example/a)")).toBe(true);
    expect(isCategoryLine("in [Gardening](https://a.example/g) we planted beans")).toBe(false);
    expect(isCategoryLine("In 2024 the [council](https://a.example/c) raised the rent.")).toBe(false);
  });
});

describe("withoutSiteNotices: the site's notices", () => {
  test("a licence footer, a comment form's consent line and a feed's footer go, the text stays", () => {
    const md = [
      text,
      "Except as otherwise noted, the content of this page is licensed under the [Creative Commons Attribution 4.0 License](https://creativecommons.org/licenses/by/4.0/), and code samples are licensed under the Apache 2.0 License.",
      "By posting a comment, you consent to have your personally identifiable information collected and used in accordance with our [privacy policy](https://a.example/privacy).",
      "Your email address will not be published. Required fields are marked *",
      "The post [Notes from the allotment](https://a.example/notes) appeared first on Allotment Press.",
    ].join("\n\n");
    const out = withoutSiteNotices(md);
    for (const gone of ["Creative Commons", "consent", "email address", "appeared first"]) expect(out).not.toContain(gone);
    expect(out).toContain("The squash did better");
  });

  test("the site-wide licence in German and French goes", () => {
    expect(isSiteNotice("Die Inhalte dieser Website sind unter einer [Creative Commons-Lizenz](https://a.example/cc) lizenziert.")).toBe(
      true,
    );
    expect(isSiteNotice("Le contenu de ce site est sous licence Creative Commons BY-SA.")).toBe(true);
    expect(isSiteNotice("Die Inhalte dieser Website sind kostenlos und werden täglich ergänzt.")).toBe(false);
  });

  test("a sentence about a licence, the post's own words and a heading stay", () => {
    expect(isSiteNotice("This article is distributed under the terms of the Creative Commons Attribution License.")).toBe(false);
    expect(isSiteNotice("Except as otherwise noted, every bed was dug by hand.")).toBe(false);
    expect(isSiteNotice("The post office closed at noon, so the seeds came a day late.")).toBe(false);
    expect(isSiteNotice("## By posting a comment you join the discussion")).toBe(false);
  });
});

describe("isSiteNotice in the other languages most pages are in", () => {
  test("a comment form's lines go in German, French, Spanish, Italian, Portuguese, Dutch and Polish", () => {
    for (const line of [
      "Comments are closed.",
      "Deine E-Mail-Adresse wird nicht veröffentlicht. Erforderliche Felder sind mit * markiert",
      "Diese Website verwendet Akismet, um Spam zu reduzieren. [Erfahre mehr darüber, wie deine Kommentardaten verarbeitet werden](https://akismet.com/privacy/).",
      "Nur angemeldete Benutzer können kommentieren und bewerten.",
      "Votre adresse e-mail ne sera pas publiée. Les champs obligatoires sont indiqués avec *",
      "Tu dirección de correo electrónico no será publicada.",
      "Il tuo indirizzo email non sarà pubblicato.",
      "O seu endereço de e-mail não será publicado.",
      "Je e-mailadres wordt niet gepubliceerd.",
      "Twój adres e-mail nie zostanie opublikowany.",
      // An empty comment section's line.
      "No comments yet.",
      "Be the first to comment!",
      "Bisher keine Kommentare",
      "No Response so far",
      "No Comments",
      "Keine Kommentare",
      "Keine Kommentare (Kommentare erscheinen erst nach unserer Freigabe)",
      "Leider sind keine Kommentare möglich.",
      "Aucun commentaire pour le moment.",
      "No hay comentarios todavía.",
      "Nessun commento",
      "Ainda sem comentários.",
      "Nog geen reacties.",
      "Brak komentarzy.",
      // A comment form's prompt, the whole line.
      "Leave a Reply",
      "Write a comment",
      "Kommentar schreiben",
      "Diesen Artikel kommentieren",
      "Laisser un commentaire",
      "Lascia un commento",
      // The asks end-sections.ts reads as a comment form's heading, the same list.
      "Schreibe einen Kommentar",
      "Geef een reactie",
      "Dodaj komentarz",
    ])
      expect(isSiteNotice(line)).toBe(true);
  });

  test("a blog theme's line of feed and trackback links goes; a sentence about trackbacks stays", () => {
    for (const line of [
      "[Comment RSS](https://blog.example/post/feed/) · [TrackBack URI](https://blog.example/post/trackback/)",
      "[Kommentarfeed](https://blog.example/post/feed/) | Kommentare geschlossen | [Trackback-URL](https://blog.example/post/trackback/)",
      "[TrackBack URL](https://blog.example/post/trackback) https://blog.example/post/trackback",
    ])
      expect(isSiteNotice(line)).toBe(true);
    expect(isSiteNotice("Trackback URLs let one blog tell another that it linked to a post.")).toBe(false);
    expect(isSiteNotice("Comment RSS feeds are how we follow the discussion | readers asked")).toBe(false);
  });

  test("a German comment form's line asking to be logged in, however spelled", () => {
    expect(isSiteNotice("Du musst Eingeloggt sein um Kommentare zu schreiben! oder noch gar nicht Registriert?")).toBe(true);
    expect(isSiteNotice("Sie müssen angemeldet sein, um einen Kommentar zu schreiben.")).toBe(true);
  });

  test("sentences about e-mail, comments or spam stay", () => {
    expect(isSiteNotice("Die Kommentare der Leser sind geschlossen in ihrer Ablehnung des Plans.")).toBe(false);
    expect(isSiteNotice("Votre adresse compte: nous l'écrivons sur chaque colis avant l'envoi.")).toBe(false);
    expect(isSiteNotice("Akismet filtert Spam, diese Website verwendet es seit Jahren nicht mehr.")).toBe(false);
    expect(isSiteNotice("No comments yet from the council, which meets on Monday.")).toBe(false);
    expect(isSiteNotice("Bisher keine Kommentare von der Stadt zu den Plänen für das Gelände.")).toBe(false);
    expect(isSiteNotice("Keine Kommentare (die Pressestelle schwieg bis zum Abend)")).toBe(false);
    expect(isSiteNotice("No comment?")).toBe(false);
    expect(isSiteNotice("Leave a comment with your postcode and we will send the seeds.")).toBe(false);
    expect(isSiteNotice("Add a comment")).toBe(false);
  });
});

describe("isSiteNotice: a blog theme's filing line under the post", () => {
  test("the line filing the post under its categories goes, in the theme's words in each language", () => {
    for (const line of [
      "This entry was posted in [Allotment](https://a.example/c/allotment) and tagged [beans](https://a.example/t/beans). Bookmark the [permalink](https://a.example/p/1).",
      "This entry was posted on May 2, 2024 in [Notes](https://a.example/c/notes).",
      "Bookmark the [permalink](https://a.example/p/1).",
      "Dieser Eintrag wurde veröffentlicht in [Garten](https://a.example/c/garten) und getaggt als [Bohnen](https://a.example/t/bohnen).",
      "Der Beitrag wurde am Mittwoch, den 27. November 2019 um 15:21 Uhr veröffentlicht und wurde unter [Allgemein](https://a.example/c/allgemein) abgelegt.",
      "Erstellt am Dienstag 6. Mai 2014 um 23:30 und abgelegt unter [Linux](https://a.example/c/linux).",
      "Ce contenu a été publié dans [Jardin](https://a.example/c/jardin), avec comme mot(s)-clé(s) [haricots](https://a.example/t/h).",
      "Esta entrada fue publicada en [Huerto](https://a.example/c/huerto) y etiquetada [judías](https://a.example/t/j).",
      "Questa voce è stata pubblicata in [Orto](https://a.example/c/orto).",
      "Dit bericht werd geplaatst in [Moestuin](https://a.example/c/moestuin).",
      "Ten wpis został opublikowany w kategorii [Ogród](https://a.example/c/ogrod).",
    ])
      expect(isSiteNotice(line)).toBe(true);
    expect(withoutSiteNotices(`${text}\n\nThis entry was posted in [Allotment](https://a.example/c/allotment).`)).not.toContain(
      "This entry",
    );
  });

  test("sentences about a post's publication stay", () => {
    expect(isSiteNotice("This entry was the last one he wrote before the war.")).toBe(false);
    expect(isSiteNotice("Der Beitrag wurde am Montag veröffentlicht und löste in der Politik eine Debatte aus.")).toBe(false);
    expect(isSiteNotice("Der Artikel wurde am Montag in der Zeitung veröffentlicht.")).toBe(false);
    expect(isSiteNotice("Posted in the spring, the letter reached the council in May.")).toBe(false);
  });
});

describe("withoutDisclosures: an affiliate disclosure above or under the text", () => {
  const disclosure =
    "**Disclosure:** This post contains affiliate links. If you buy through them, we may earn a small commission at no extra cost to you.";
  test("a disclosure opening or closing the text goes, the text stays", () => {
    expect(withoutDisclosures(`${disclosure}\n\n${text}`)).not.toContain("affiliate");
    const closed = withoutDisclosures(`${text}\n\n${disclosure}`);
    expect(closed).not.toContain("affiliate");
    expect(closed).toContain("The squash did better");
  });

  test("a disclosure in the middle of the text, a paragraph ending on one and a list item stay", () => {
    // Headings are not counted among the text's lines: two paragraphs more on each side put it in the middle.
    const more = "The onions kept well in the shed.\n\nThe leeks stood through the frost.";
    const middle = `${text}\n\n${more}\n\n${disclosure}\n\n${more}\n\n${text.replace("# Notes from the allotment", "## More notes")}`;
    expect(withoutDisclosures(middle)).toContain("affiliate links");
    expect(
      isDisclosure(
        "I love a meal with crispiness and crunch, and this air fryer delivers every single night of the week, from nuggets to the crispiest vegetables. If you want one, [this is my pick](https://a.example/fryer). *(affiliate link)*",
      ),
    ).toBe(false);
    expect(isDisclosure("- Affiliate links: streamers earn a commission when viewers buy gear.")).toBe(false);
    expect(isDisclosure(disclosure)).toBe(true);
  });
});

describe("withoutDisclosures: the words of other languages, a title above, and a notice said twice", () => {
  test("German, French and Spanish disclosures are read as disclosures", () => {
    for (const line of [
      "*Dieser Artikel enthält Affiliate-Links und/oder werbende Inhalte.*",
      "Die mit Sternchen markierten Provisions-Links bringen uns eine kleine Vergütung.",
      "Cet article contient des liens d'affiliation.",
      "Este artículo contiene enlaces de afiliados.",
    ])
      expect(isDisclosure(line)).toBe(true);
  });

  test("a disclosure under the post's title, picture and date is at the text's edge", () => {
    const md = [
      "# Alaska joins the alliance",
      "![](https://a.example/plane.jpg)",
      "Oct 13, 2020",
      "This post contains references to products from our advertisers. We may receive compensation when you click on links to those products.",
      "Alaska Airlines has a new date for its membership.",
      "The carrier had planned to join earlier.",
      "Members earn miles on every partner.",
      "The change takes effect in March.",
    ].join("\n\n");
    const out = withoutDisclosures(md);
    expect(out).not.toContain("compensation");
    expect(out).toContain("Oct 13, 2020");
    expect(out).toContain("# Alaska joins the alliance");
  });

  test("a disclosure said twice in the middle goes; said once there, it stays", () => {
    const box = "Letzte Aktualisierung am 2.02.2022 / Bei den Verlinkungen handelt es sich um Affiliate Links";
    const body = ["Erster Absatz.", "Zweiter Absatz.", "Dritter Absatz.", "Vierter Absatz."];
    const twice = [...body, box, "Fünfter Absatz.", box, ...body.map((b) => `${b} Noch einmal.`)].join("\n\n");
    expect(withoutDisclosures(twice)).not.toContain("Verlinkungen");
    const once = [...body, box, ...body.map((b) => `${b} Noch einmal.`)].join("\n\n");
    expect(withoutDisclosures(once)).toContain("Verlinkungen");
  });
});

describe("isSiteNotice: a PHP error the server printed into the page", () => {
  test("the error line goes, bold or plain", () => {
    expect(
      isSiteNotice(
        "**Warning**: Creating default object from empty value in **/www/htdocs/w0094d70/wp-includes/classes.php** on line **407**",
      ),
    ).toBe(true);
    expect(
      isSiteNotice("Deprecated: Function create_function() is deprecated in /var/www/html/wp-content/plugins/x/y.php on line 12"),
    ).toBe(true);
  });

  test("a sentence about a warning, an error without its file and line, and a heading stay", () => {
    expect(isSiteNotice("Warning: the bridge is closed on line 4 of the tram network this weekend.")).toBe(false);
    expect(isSiteNotice("Fatal error: the server ran out of memory.")).toBe(false);
    expect(isSiteNotice("## Warning: Creating default object in /a/b.php on line 3")).toBe(false);
  });
});

describe("withoutAuthorBio: the box about the page's writer under the post", () => {
  const bio = "Rebecca Norris is a freelance writer living near Washington, D.C. She has written about gardens for ten years.";
  test("a bio beginning with the byline's name goes from the last lines, quoted or not, in other languages too", () => {
    expect(withoutAuthorBio(`${text}\n\n${bio}`, "Rebecca Norris")).not.toContain("freelance writer");
    expect(
      withoutAuthorBio(`${text}\n\n> ${bio}\n\n[More by Rebecca](https://a.example/rebecca)`, "Ann Lee and Rebecca Norris"),
    ).not.toContain("freelance writer");
    const de = "[Inga Buller](https://a.example/inga) ist Redakteurin und testet gerne neue Haushaltsgeräte.";
    expect(withoutAuthorBio(`${text}\n\n${de}`, "Inga Buller")).not.toContain("Redakteurin");
    const it = "Giulia Rossi è giornalista e scrive di orti urbani da dieci anni.";
    expect(withoutAuthorBio(`${text}\n\n${it}`, "Giulia Rossi")).not.toContain("giornalista");
    expect(withoutAuthorBio(`${text}\n\n${text}`, "Rebecca Norris")).toContain("The squash did better");
  });

  test("the text's own sentences about a person, a bio of someone else and a bio high up in the text stay", () => {
    // The subject of a profile, not the writer.
    expect(withoutAuthorBio(`${text}\n\nJohn Smith is the mayor, and he wants the path.`, "Rebecca Norris")).toContain("John Smith");
    // The writer named in a sentence that says something else.
    expect(withoutAuthorBio(`${text}\n\nRebecca Norris and her son planted the beans.`, "Rebecca Norris")).toContain("planted the beans");
    // Not among the last lines: the writer introducing herself at the start.
    expect(withoutAuthorBio(`${bio}\n\n${text}`, "Rebecca Norris")).toContain("freelance writer");
    // A byline of one word names no one to look for.
    expect(withoutAuthorBio(`${text}\n\nAdmin is a gardener.`, "Admin")).toContain("Admin is a gardener.");
    expect(isAuthorBio(`${bio} ${"She grows beans. ".repeat(40)}`, ["Rebecca Norris"])).toBe(false);
  });

  test("a bio under its box's label, by the writer's first name, or with a title after the name goes too", () => {
    const labelled = "**About the author:** Craig Hull is a freelance photographer based in Eastern Europe.";
    expect(withoutAuthorBio(`${text}\n\n${labelled}`, "Craig Hull")).not.toContain("freelance photographer");
    const first = "Karina holds an MBA in finance and leads the cleaning company she founded.";
    expect(withoutAuthorBio(`${text}\n\n${first}`, "Karina Cohen")).not.toContain("MBA");
    const hyphened = "Jean-Luc started the site in 2010 as a part-time endeavour.";
    expect(withoutAuthorBio(`${text}\n\n${hyphened}`, "Jean-Luc Aufranc (CNXSoft)")).not.toContain("part-time");
    const titled = "Amanda Furrer, Editor, Running Reviews, studied journalism at college.";
    expect(withoutAuthorBio(`${text}\n\n${titled}`, "Amanda Furrer")).not.toContain("journalism");
    expect(withoutAuthorBio(`${text}\n\n> ${titled}`, "Ann Lee, Amanda Furrer")).not.toContain("journalism");
  });

  test("a company's byline, an acronym, another word beginning like the name and a sentence about the writer stay", () => {
    // A company's byline of two words has no first name: its closing pitch is the text's own.
    expect(withoutAuthorBio(`${text}\n\nQCY is already embracing these trends.`, "QCY Official")).toContain("embracing");
    expect(withoutAuthorBio(`${text}\n\nThe team is proud of the beans.`, "The Investopedia Team")).toContain("proud");
    // A word that only begins with the first name.
    expect(withoutAuthorBio(`${text}\n\nTomatoes are easier than beans.`, "Tom Baker")).toContain("Tomatoes");
    // The first name and a verb that says nothing of who the writer is.
    expect(withoutAuthorBio(`${text}\n\nKarina planted the squash in May.`, "Karina Cohen")).toContain("planted");
    // Words after the name that are no title set off by commas.
    expect(withoutAuthorBio(`${text}\n\nAmanda Furrer's beans is a joke we make.`, "Amanda Furrer")).toContain("joke");
    // Someone else's bio under a bio box's label.
    expect(withoutAuthorBio(`${text}\n\nAbout the author: John Smith is the mayor.`, "Karina Cohen")).toContain("mayor");
  });
});

describe("isCreditLine: a picture's credit standing alone", () => {
  test("a credit label and whose picture it is goes, in the languages most pages are in", () => {
    for (const line of [
      "Image source: Getty Images.",
      "*Photo credit: [Jane Doe](https://a.example/jane)*",
      "Foto: dpa",
      "Titelbild: Fachy Marín on Unsplash",
      "Beitragsbild: Titelseite der FAZ vom 2.4.2019, Ausriss.",
      "Crédits photos : Bestimage",
      "Credits: Titelbild AO PRODUCTION S.R.O.",
    ])
      expect(isCreditLine(line)).toBe(true);
    expect(withoutLinesWhere(`${text}\n\nImage source: Getty Images.`, isCreditLine)).not.toContain("Getty");
  });

  test("a caption saying what the picture shows, a sentence about photos, a heading and a list item stay", () => {
    expect(
      isCreditLine("Bild: Die neuen Darsteller der Serie bei der Premiere in München, von links nach rechts Soluna, Robin und Martin."),
    ).toBe(false);
    expect(isCreditLine("Photos of the beans taken in May show the netting at work.")).toBe(false);
    expect(isCreditLine("## Photo: the beans in May")).toBe(false);
    expect(isCreditLine("- Photo: Jane Doe")).toBe(false);
    expect(isCreditLine("Photo:")).toBe(false);
  });
});

describe("withoutCookieNotices: a consent banner no name marked, left as a paragraph", () => {
  test("the site's notice that it sets cookies goes, in the languages most pages are in", () => {
    for (const line of [
      "We use cookies to improve your experience. [Learn more](https://a.example/privacy) OK",
      "This website uses cookies to ensure you get the best experience.",
      "By continuing to use this site you agree to our use of cookies.",
      "This content isn't visible due to your cookie preferences. To load this content, click the Allow button below.",
      "Wir verwenden Cookies, die unser Angebot nutzerfreundlicher, effektiver und sicherer machen.  ",
      "Durch die weitere Nutzung der Seite stimmst du der Verwendung von Cookies zu. [Weitere Informationen](https://a.example/impressum/)",
      "Cookies erleichtern die Bereitstellung unserer Dienste. Mit der Nutzung unserer Dienste erklären Sie sich damit einverstanden, dass wir Cookies verwenden.",
      "Ce site utilise des cookies pour améliorer votre expérience.",
      "Utilizamos cookies propias y de terceros para mejorar nuestros servicios.",
      "Questo sito utilizza cookie tecnici e di profilazione.",
      "Wij gebruiken cookies om onze website te verbeteren.",
      "Ta strona używa plików cookies.",
    ])
      expect(isCookieNotice(line)).toBe(true);
    const banner =
      "Wir verwenden Cookies, die unser Angebot nutzerfreundlicher machen.  \nDurch die Nutzung unserer Dienste stimmen Sie der Verwendung von Cookies zu. [Weitere Informationen](https://a.example/datenschutz) OK";
    const out = withoutCookieNotices(`${text}\n\n${banner}`);
    expect(out).toBe(text);
  });

  test("a sentence that only mentions cookies, a heading, a list item and a notice longer than cookieNoticeMaxChars stay", () => {
    for (const line of [
      "Bitte lösche den Verlauf und deine Cookies und klicke dann erneut auf den Bestätigungslink.",
      "Roll the dough into balls and place them on a cookie sheet.",
      "## We use cookies",
      "- We use cookies to remember your cart.",
      "No cookies, just insights. Made and hosted in the EU.",
    ])
      expect(isCookieNotice(line)).toBe(false);
    const long = `We use cookies to ${"measure how the site is read and ".repeat(20)}more.`;
    expect(long.length).toBeGreaterThan(THRESHOLDS.cookieNoticeMaxChars);
    expect(isCookieNotice(long)).toBe(false);
    expect(isCookieNotice(long.slice(0, THRESHOLDS.cookieNoticeMaxChars))).toBe(true);
  });

  test("a privacy policy keeps its cookie lines: not every line naming cookies is a notice", () => {
    const policy = [
      "# Privacy policy",
      "We use cookies to remember your settings and to count visits.",
      "You can choose to have your computer warn you each time a cookie is being sent, or turn off all cookies in your browser.",
      "If you turn cookies off, some features will not work.",
    ].join("\n\n");
    expect(withoutCookieNotices(policy)).toBe(policy);
  });

  test("code is never read, and a page without the word is returned as it is", () => {
    const md = `${text}\n\n\`\`\`\nWe use cookies to keep you signed in.\n\`\`\``;
    expect(withoutCookieNotices(md)).toBe(md);
    expect(withoutCookieNotices(text)).toBe(text);
  });

  test("through htmlToArticle: a banner of a plain box with an OK button under the post goes; left out, it stays", async () => {
    const para = (s: string) => `<p>${s}</p>`;
    const html = `<html><body><article><h1>Notes from the allotment</h1>${para("The beans went in late this year, after a cold April kept the soil wet for weeks on end, and the slugs had the first sowing.")}${para("The squash did better than ever under the new netting, and the courgettes came in faster than the kitchen could use them.")}</article><div id="botclick">Wir verwenden Cookies, die unser Angebot nutzerfreundlicher machen.<br>Durch die Nutzung unserer Dienste stimmen Sie der Verwendung von Cookies zu. <a href="/datenschutz">Weitere Informationen</a><a class="ok">OK</a></div></body></html>`;
    const url = "https://blog.example/allotment";
    const md = (await htmlToArticle(html, { url }))!.markdown;
    expect(md).toContain("The squash did better");
    expect(md).not.toContain("Cookies");
    const off = (await htmlToArticle(html, { url, without: new Set(["cookie-notices"]) }))!.markdown;
    expect(off).toContain("Verwendung von Cookies");
  });
});

describe("isEmbedPlaceholder: the stand-in for an embed that waits for the reader's consent", () => {
  test("the stand-in goes, in English and German", () => {
    for (const line of [
      "Wir respektieren deine Privatsphäre und stellen deshalb ohne dein Einverständnis keine Verbindung zu Twitter her. Hier kannst du deine Einstellungen verwalten.",
      "Um Deine persönlichen Daten zu schützen, haben wir das automatische Laden der Inhalte von twitter.com blockiert. Wenn Dir Inhalte dieses Anbieters angezeigt werden sollen, stimme bitte zu.",
      "Mit dem Laden des Videos akzeptieren Sie die Datenschutzerklärung von YouTube. [Mehr erfahren](https://a.example/datenschutz)",
      "This content is blocked. Accept cookies to view it.",
      "To view this video, please accept marketing cookies.",
      // The stand-in's label alone.
      "Externer Inhalt",
      "External content:",
      "Contenu externe",
    ])
      expect(isEmbedPlaceholder(line)).toBe(true);
    expect(
      withoutLinesWhere(`${text}\n\nMit dem Laden des Videos akzeptieren Sie die Datenschutzerklärung von YouTube.`, isEmbedPlaceholder),
    ).toBe(text);
  });

  test("sentences about consent and blocking, a heading, a list item and a long stand-in stay", () => {
    for (const line of [
      "Alleinreisende Personen unter 15 Jahren sollten eine amtlich beglaubigte Einverständniserklärung der Eltern mitführen.",
      "The road to the pass is blocked by snow until May, and the video from the webcam shows why.",
      "To view this video in full screen, press F.",
      "External content from the archive fills the second half of the exhibition.",
      "## Mit dem Laden des Videos akzeptieren Sie die Datenschutzerklärung von YouTube",
      "- To view this content, please accept the terms.",
      `To view this content, please accept ${"the terms of the provider and ".repeat(25)}more.`,
    ])
      expect(isEmbedPlaceholder(line)).toBe(false);
  });

  test("through htmlToArticle: a tweet's stand-in inside a press release goes; left out, it stays", async () => {
    const para = (s: string) => `<p>${s}</p>`;
    const html = `<html><body><article><h1>Autonome Waffensysteme</h1>${para("Die Organisation fordert ein verbindliches Verbot autonomer Waffensysteme, bevor die Technik sich weiter verbreitet und Fakten schafft.")}<div class="embed">${para("Wir respektieren deine Privatsphäre und stellen deshalb ohne dein Einverständnis keine Verbindung zu Twitter her.")}</div>${para("Die Staaten verhandeln seit Jahren in Genf, bisher ohne Ergebnis, während die Entwicklung in mehreren Ländern voranschreitet.")}</article></body></html>`;
    const url = "https://ngo.example/presse/autonome-waffen";
    const md = (await htmlToArticle(html, { url }))!.markdown;
    expect(md).toContain("verhandeln seit Jahren");
    expect(md).not.toContain("Einverständnis");
    const off = (await htmlToArticle(html, { url, without: new Set(["embed-placeholders"]) }))!.markdown;
    expect(off).toContain("ohne dein Einverständnis");
  });
});
