import { describe, expect, test } from "bun:test";
import { linkedomPage } from "../../src/extract/dom.ts";
import { htmlToArticle } from "../../src/extract/html-to-article.ts";
import { declaresDiscussion, findThread, leadWords, statedPosting, textOverlap, threadWins } from "../../src/extract/thread.ts";
import { THRESHOLDS } from "../../src/extract/thresholds.ts";

function page(html: string, head = ""): Document {
  return linkedomPage(`<html><head>${head}</head><body>${html}</body></html>`, "https://example.com/").document;
}

const SAY = [
  "I had the same problem with the pump on my boiler, and replacing the pressure valve fixed it after a week.",
  "Check the seal first, it is cheap and it was the cause on mine, the noise stopped the same evening.",
  "Mine turned out to be air in the system: bleeding the radiators from the top floor down did the trick.",
  "Have you asked the installer? Ours came back under warranty and swapped the whole pump for nothing.",
];

/** A marked-up reply: a schema.org Comment with its author, date, message, user panel and controls. */
const comment = (n: number, who: string) =>
  `<article class="message" itemscope itemtype="https://schema.org/Comment">` +
  `<div class="user" itemprop="author" itemscope itemtype="https://schema.org/Person"><a href="/members/${who}.${n}/" itemprop="name">${who}</a>` +
  `<dl><dt>Joined</dt><dd>Jan 3, 2019</dd><dt>Messages</dt><dd>${n * 41}</dd></dl></div>` +
  `<time itemprop="datePublished" datetime="2024-03-0${n}">Mar ${n}, 2024</time>` +
  `<div itemprop="text"><p>${SAY[n % SAY.length]}</p></div>` +
  `<div class="actions"><a role="button" href="#">Like</a><button>Reply</button><button>Quote</button></div></article>`;

describe("posts marked up as schema.org items", () => {
  test("every post comes back in order with its author and date, without user panels and controls", () => {
    const doc = page(`<h1>Boiler pump noise</h1><div class="thread">${comment(1, "anna")}${comment(2, "ben")}${comment(3, "cleo")}</div>`);
    const thread = findThread(doc)!;
    expect(thread.source).toBe("microdata");
    expect(thread.posts.map((p) => p.author)).toEqual(["anna", "ben", "cleo"]);
    expect(thread.posts.map((p) => p.date)).toEqual(["Mar 1, 2024", "Mar 2, 2024", "Mar 3, 2024"]);
    const text = thread.element.textContent ?? "";
    expect(text).toContain("Boiler pump noise");
    expect(text.indexOf(SAY[1]!)).toBeLessThan(text.indexOf(SAY[2]!));
    expect(text.indexOf(SAY[2]!)).toBeLessThan(text.indexOf(SAY[3]!));
    for (const furniture of ["Joined", "Messages", "Like", "Reply", "Quote"]) expect(text).not.toContain(furniture);
  });

  test("a message's quote stays; its expand control and hidden parts go", () => {
    const doc = page(
      `${comment(1, "anna")}<article itemscope itemtype="https://schema.org/Comment"><span itemprop="author">ben</span>` +
        `<div itemprop="text"><blockquote>anna said: Check the seal first<div><a role="button">Click to expand...</a></div></blockquote>` +
        `<p>Thanks, the seal it was.</p><div hidden>Edit history of this post</div></div></article>`,
    );
    const text = findThread(doc)!.element.textContent ?? "";
    expect(text).toContain("anna said: Check the seal first");
    expect(text).toContain("Thanks, the seal it was.");
    expect(text).not.toContain("Click to expand");
    expect(text).not.toContain("Edit history");
  });

  test("a post's date whose time is set in an element of its own is read whole", () => {
    const post = (n: number, who: string) =>
      `<li itemscope itemtype="http://schema.org/Comment"><span class="postdate" itemprop="datePublished"><span class="date">11-2${n}-2024,&nbsp;<span class="time">09:0${n} AM</span></span></span>` +
      `<a itemprop="author" href="/members/${n}">${who}</a><div itemprop="text"><p>${SAY[n % SAY.length]}</p></div></li>`;
    const thread = findThread(page(`<ol class="posts">${post(1, "anna")}${post(2, "ben")}</ol>`))!;
    expect(thread.posts.map((p) => p.date)).toEqual(["11-21-2024, 09:01 AM", "11-22-2024, 09:02 AM"]);
    // A first text that does not go on (no comma, no "at" at its end) is the date alone: a short form after it is no part of it.
    const short = (n: number) =>
      `<li itemscope itemtype="http://schema.org/Comment"><span itemprop="datePublished">June 1${n}, 2024<span>1 yr</span></span><span itemprop="author">anna</span><div itemprop="text"><p>${SAY[n]}</p></div></li>`;
    expect(findThread(page(`<ol>${short(1)}${short(2)}</ol>`))!.posts.map((p) => p.date)).toEqual(["June 11, 2024", "June 12, 2024"]);
  });

  test("a post's marked date hidden from the reader gives way to the date it prints", () => {
    const post = (n: number, who: string, hiding: string) =>
      `<div itemscope itemtype="https://schema.org/Comment"><span itemprop="author">${who}</span>` +
      `<p class="author"><span class="posttime"><span class="timespan" title="10:13 PM - Aug 0${n}, 2006">Aug 0${n}, 2006</span></span>` +
      `<time ${hiding} itemprop="datePublished" datetime="2006-08-0${n}T22:13+00:00">2006-08-0${n}T22:13+00:00</time></p>` +
      `<div itemprop="text"><p>${SAY[n]}</p></div></div>`;
    for (const hiding of [`class="hide"`, `class="sr-only stamp"`, "hidden", `style="display:none"`]) {
      const thread = findThread(page(`<div class="topic">${post(1, "anna", hiding)}${post(2, "ben", hiding)}</div>`))!;
      expect(thread.posts.map((p) => p.date)).toEqual(["Aug 01, 2006", "Aug 02, 2006"]);
    }
    // Shown, the marked date is the post's date.
    const shown = findThread(page(`<div class="topic">${post(1, "anna", `class="stamp"`)}${post(2, "ben", `class="stamp"`)}</div>`))!;
    expect(shown.posts.map((p) => p.date)).toEqual(["2006-08-01T22:13+00:00", "2006-08-02T22:13+00:00"]);
  });

  test("a post's date said relative to the day the page was drawn is the day its title states", () => {
    const post = (n: number, who: string, shown: string, title: string) =>
      `<article itemscope itemtype="https://schema.org/Comment"><span itemprop="author">${who}</span>` +
      `<time itemprop="datePublished" datetime="2026-03-0${n}T03:26:28-0500" title="${title}">${shown}</time><div itemprop="text"><p>${SAY[n]}</p></div></article>`;
    const thread = findThread(
      page(
        post(1, "anna", "Mar 1, 2026", "Mar 1, 2026 at 9:00 AM") +
          post(2, "ben", "Today at 3:26 AM", "Mar 5, 2026 at 3:26 AM") +
          post(3, "cleo", "Yesterday at 5:40 PM", "a tooltip"),
      ),
    )!;
    // A title with no figure in it says no day: the shown text stays.
    expect(thread.posts.map((p) => p.date)).toEqual(["Mar 1, 2026", "Mar 5, 2026 at 3:26 AM", "Yesterday at 5:40 PM"]);
  });

  test("on a Q&A page the question and answers are posts, the comments under them are not", () => {
    const qa = (type: string, who: string, body: string, remark: string) =>
      `<div itemscope itemtype="https://schema.org/${type}"><span itemprop="author">${who}</span><div itemprop="text"><p>${body}</p></div>` +
      `<ul><li itemscope itemtype="https://schema.org/Comment"><span itemprop="text">${remark}</span> – <span itemprop="author">troll</span></li></ul></div>`;
    const doc = page(
      qa("Question", "asker", "How do I bleed a radiator without a key?", "Duplicate of another question.") +
        qa("Answer", "helper", "A flat screwdriver fits most modern valves; hold a cloth under it.", "This worked for me, thanks.") +
        qa("Answer", "expert", "Buy a key: they cost little and do not damage the valve.", "Agreed."),
    );
    const thread = findThread(doc)!;
    expect(thread.posts.map((p) => p.author)).toEqual(["asker", "helper", "expert"]);
    const text = thread.element.textContent ?? "";
    expect(text).toContain("flat screwdriver");
    expect(text).not.toContain("Duplicate of another question");
    expect(text).not.toContain("This worked for me");
  });

  test("a message stated only in a <meta content> is read from it", () => {
    const doc = page(
      `<div itemscope itemtype="https://schema.org/DiscussionForumPosting"><meta itemprop="text" content="The opening post, stated in its markup.\n\nIts second paragraph.">` +
        `<p>The opening post, shown without markup.</p>${comment(1, "anna")}${comment(2, "ben")}</div>`,
    );
    const thread = findThread(doc)!;
    expect(thread.posts.length).toBe(3);
    const paragraphs = Array.from(thread.element.getElementsByTagName("p")).map((p) => p.textContent);
    expect(paragraphs).toContain("The opening post, stated in its markup.");
    expect(paragraphs).toContain("Its second paragraph.");
  });

  test("questions and answers marked up in an FAQPage item are the page's FAQ, not a thread", () => {
    const faq = (q: string, a: string) =>
      `<div itemscope itemprop="mainEntity" itemtype="https://schema.org/Question"><h3 itemprop="name">${q}</h3>` +
      `<div itemscope itemprop="acceptedAnswer" itemtype="https://schema.org/Answer"><div itemprop="text"><p>${a}</p></div></div></div>`;
    const items =
      faq("Do I need to install anything?", SAY[0]!) + faq("Can I cancel at any time?", SAY[1]!) + faq("Is my data safe?", SAY[2]!);
    const doc = page(`<h1>Accounting for small businesses</h1><section itemscope itemtype="https://schema.org/FAQPage">${items}</section>`);
    expect(findThread(doc)).toBeNull();
    expect(declaresDiscussion(doc)).toBe(false);
    // The same questions and answers outside an FAQPage item are a Q&A page's posts.
    const qa = page(`<h1>Accounting for small businesses</h1><section>${items}</section>`);
    expect(findThread(qa)!.posts.length).toBe(3);
    expect(declaresDiscussion(qa)).toBe(true);
  });

  test("a page with one marked comment has no thread", () => {
    expect(findThread(page(`<article><p>${SAY.join(" ")}</p></article>${comment(1, "anna")}`))).toBeNull();
  });
});

/** An unmarked post as many forums lay it out: an author column, a header with the date, the message, controls. */
const post = (n: number, who: string, opening = false) =>
  `<article class="entry entry-${n}">` +
  `<aside class="author-column"><a class="avatar" href="/profile/${n}-${who}/">${who[0]!.toUpperCase()}</a>` +
  `<h3><a href="/profile/${n}-${who}/">${who}</a></h3><ul class="stats"><li>${n * 120} posts</li><li>Reputation ${n * 7}</li><li>Members</li></ul></aside>` +
  `<div class="entry-content"><div class="entry-meta"><time datetime="2024-06-1${n}">June 1${n}, 2024</time></div>` +
  (opening
    ? `<section class="opening"><div class="rich-text">${SAY[n % SAY.length]}</div></section>`
    : `<div class="rich-text"><p>${SAY[n % SAY.length]}</p></div>`) +
  `<menu class="controls"><li><a href="#">Quote</a></li></menu></div></article>`;

describe("posts found by their shape", () => {
  test("dated siblings inside a <form> are the thread: each message with its author and date, panels and controls gone", () => {
    const doc = page(
      `<nav><a href="/">Forums</a></nav><h1>Boiler pump noise</h1><form action="/moderate">${post(1, "anna", true)}${post(2, "ben")}${post(3, "cleo")}${post(4, "dev")}</form>` +
        `<footer>Powered by a forum</footer>`,
    );
    const thread = findThread(doc)!;
    expect(thread.source).toBe("structure");
    expect(thread.authors).toBe(4);
    expect(thread.posts.map((p) => p.author)).toEqual(["anna", "ben", "cleo", "dev"]);
    expect(thread.posts.map((p) => p.date)).toEqual(["June 11, 2024", "June 12, 2024", "June 13, 2024", "June 14, 2024"]);
    const text = thread.element.textContent ?? "";
    // The opening post is laid out differently; its message is still found.
    for (let n = 1; n <= 4; n++) expect(text).toContain(SAY[n % SAY.length]!);
    for (const furniture of ["posts", "Reputation", "Members", "Quote", "Forums", "Powered by"]) expect(text).not.toContain(furniture);
  });

  test("the opening post with one class more joins the series; an edit note's date inside a message does not hide it", () => {
    const first =
      `<article class="entry entry-1 entry--starter"><aside class="author-column"><h3><a href="/profile/9-zoe/">zoe</a></h3></aside>` +
      `<div class="entry-content"><div class="entry-meta"><time datetime="2024-06-10">June 10, 2024</time></div>` +
      `<div class="rich-text"><p>The opening question about the boiler pump that makes a noise every night.</p>` +
      `<p class="edited">Edited <time datetime="2024-06-11">June 11, 2024</time> by zoe</p></div></div></article>`;
    const doc = page(
      `<div class="posts">${first}${post(2, "ben")}${post(3, "cleo")}</div><aside>Sidebar text that is not a post at all</aside>`,
    );
    const thread = findThread(doc)!;
    expect(thread.posts.map((p) => p.author)).toEqual(["zoe", "ben", "cleo"]);
    expect(thread.posts[0]!.date).toBe("June 10, 2024");
    const text = thread.element.textContent ?? "";
    expect(text).toContain("The opening question about the boiler pump");
    expect(text).toContain("Edited June 11, 2024 by zoe");
    expect(text).not.toContain("Sidebar text");
  });

  test("an unmarked opening post among marked replies keeps its message where the marked ones keep theirs", () => {
    const reply = (n: number, who: string) =>
      `<article class="message"><div class="cell-user"><a href="/members/${who}/">${who}</a> Full Member Joined Jan 3, 2019 Messages ${n * 41} Reaction score ${n}</div>` +
      `<div class="cell-main" itemscope itemtype="https://schema.org/Comment"><span itemprop="author">${who}</span>` +
      `<time itemprop="datePublished" datetime="2024-07-1${n}">Jul 1${n}, 2024</time><div class="wrap"><div itemprop="text">OK ${n}</div></div></div></article>`;
    const opening =
      `<article class="message"><div class="cell-user"><a href="/members/ann/">ann</a> Full Member Joined Jan 3, 2019 Messages 12 Reaction score 1</div>` +
      `<div class="cell-main"><time datetime="2024-07-10">Jul 10, 2024</time><div class="wrap"><div>Interview invitations have started.</div></div></div></article>`;
    const thread = findThread(page(`<div class="posts">${opening}${reply(1, "ben")}${reply(2, "cleo")}${reply(3, "dev")}</div>`))!;
    expect(thread.posts.length).toBe(4);
    const text = thread.element.textContent ?? "";
    expect(text).toContain("Interview invitations have started.");
    expect(text).not.toContain("Reaction score");
  });

  test("an unmarked opening post beside marked replies is found though a block of the page holds them all", () => {
    const reply = (n: number, who: string) =>
      `<article class="message message--post" itemscope itemtype="https://schema.org/Comment"><div class="user"><a href="/members/${who}/" itemprop="author">${who}</a></div>` +
      `<time itemprop="datePublished" datetime="2024-07-1${n}">Jul 1${n}, 2024</time><div class="body"><div itemprop="text">${SAY[n % SAY.length]}</div></div></article>`;
    const opening =
      `<article class="message message--post message--first"><div class="user"><a href="/members/ann/">ann</a></div>` +
      `<time datetime="2024-07-10">Jul 10, 2024</time><div class="body"><div>Interview invitations have started, has anyone heard back yet?</div></div></article>`;
    // The page's blocks (the thread's, two sidebar boxes) are dated siblings too, and the thread's holds the most text.
    const box = (n: number) =>
      `<div class="block"><h3>Latest threads</h3><a href="/t/${n}">Another thread about radiators ${n}</a> <time datetime="2024-01-0${n}">Jan ${n}</time></div>`;
    const thread = findThread(
      page(`<div class="blocks"><div class="block">${opening}${reply(1, "ben")}${reply(2, "cleo")}</div>${box(1)}${box(2)}</div>`),
    )!;
    expect(thread.posts.map((p) => p.author)).toEqual(["ann", "ben", "cleo"]);
    const text = thread.element.textContent ?? "";
    expect(text).toContain("Interview invitations have started");
    expect(text).not.toContain("Another thread");
  });

  test("a line of a message that only repeats the post's date goes; an edit note stays", () => {
    const entry = (n: number, who: string) =>
      `<article class="entry"><a class="name" href="/profile/${who}/">${who}</a><time datetime="2024-06-1${n}">June 1${n}, 2024</time>` +
      `<div class="content"><div class="meta">Posted <time datetime="2024-06-1${n}">June 1${n}, 2024</time> (edited)</div>` +
      `<p>${SAY[n % SAY.length]}</p><p class="note">Edited <time datetime="2024-06-1${n}">June 1${n}, 2024</time> by ${who}</p>` +
      `<p>We met on June 1${n}, 2024 at the plumbers' fair and talked about pumps.</p></div></article>`;
    const thread = findThread(page(`<div class="posts">${entry(1, "anna")}${entry(2, "ben")}${entry(3, "cleo")}</div>`))!;
    expect(thread.posts.map((p) => p.date)).toEqual(["June 11, 2024", "June 12, 2024", "June 13, 2024"]);
    const text = thread.element.textContent ?? "";
    expect(text).not.toContain("Posted");
    expect(text).not.toContain("(edited)");
    expect(text).toContain("Edited June 11, 2024 by anna");
    expect(text).toContain("We met on June 12, 2024 at the plumbers' fair");
    for (let n = 1; n <= 3; n++) expect(text).toContain(SAY[n % SAY.length]!);
  });

  test("a post marked up without its author property, or stating its author for scripts, is given its author", () => {
    const item = (n: number, who: string) =>
      `<article class="msg" data-author="${who}" itemscope itemtype="https://schema.org/Comment"><b class="handle">${who}</b>` +
      `<time itemprop="datePublished" datetime="2024-07-1${n}">Jul 1${n}, 2024</time><div itemprop="text">${SAY[n % SAY.length]}</div></article>`;
    const thread = findThread(page(`<div class="posts">${item(1, "ben")}${item(2, "cleo")}</div>`))!;
    expect(thread.posts.map((p) => p.author)).toEqual(["ben", "cleo"]);
  });

  test("reaction counters under a message (an icon and a number each) go; a list with words stays", () => {
    const entry = (n: number, who: string) =>
      `<article class="entry"><a class="name" href="/profile/${who}/">${who}</a><time datetime="2024-06-1${n}">June 1${n}, 2024</time>` +
      `<div class="content"><p>${SAY[n % SAY.length]}</p><ul class="steps"><li>Drain 2 litres</li><li>Refill</li></ul>` +
      `<ul class="reactions"><li><img src="/like.png" alt="Like">${n + 4}</li><li><img src="/thanks.png" alt="Thanks">1</li></ul></div></article>`;
    const thread = findThread(page(`<div class="posts">${entry(1, "anna")}${entry(2, "ben")}</div>`))!;
    const body = thread.messages[0]!;
    expect(body.getElementsByTagName("img").length).toBe(0);
    expect(body.textContent).toContain("Drain 2 litres");
  });

  test("a threaded discussion: replies nested in the posts they answer are posts, each message once, in order", () => {
    const reply = (n: number, who: string, inner = "") =>
      `<li class="subtree"><div class="comment"><div class="byline"><a href="/~${who}">${who}</a> <time datetime="2024-05-0${n}">${n} days ago</time></div>` +
      `<div class="comment_text"><p>${SAY[n % SAY.length]}</p></div></div>${inner ? `<ol class="comments">${inner}</ol>` : ""}</li>`;
    const doc = page(`<ol class="comments">${reply(1, "anna", reply(2, "ben", reply(3, "cleo")))}${reply(4, "dev")}</ol>`);
    const thread = findThread(doc)!;
    expect(thread.posts.map((p) => p.author)).toEqual(["anna", "ben", "cleo", "dev"]);
    const text = thread.element.textContent ?? "";
    for (let n = 1; n <= 4; n++) expect(text.split(SAY[n % SAY.length]!).length - 1).toBe(1);
    expect(text.indexOf(SAY[2]!)).toBeLessThan(text.indexOf(SAY[3]!));
  });

  test("on a declared discussion, an opening post laid out apart before the replies' list is the first post", () => {
    const reply = (n: number, who: string) =>
      `<div class="reply card"><p class="head"><a href="/members/${who}/">${who}</a> <time datetime="2026-03-0${n}">0${n}/03/2026</time></p>` +
      `<div class="post-body mt-2.5 prose leading-6 w-full">${SAY[n % SAY.length]}</div></div>`;
    const opening =
      `<div class="opening"><h1>Boiler pump noise</h1><p class="head"><a href="/members/zoe/">zoe</a> <time datetime="2026-03-01">01/03/2026</time></p>` +
      `<div class="post-body mt-2 prose leading-6 w-full">Our boiler pump makes a grinding noise every night, what should I check first?</div></div>`;
    const declared = `<script type="application/ld+json">{"@type":"DiscussionForumPosting","headline":"Boiler pump noise"}</script>`;
    const html = `${opening}<div class="replies">${reply(1, "ben")}${reply(2, "cleo")}${reply(3, "dev")}</div>`;
    const thread = findThread(page(html, declared))!;
    expect(thread.posts.map((p) => p.author)).toEqual(["zoe", "ben", "cleo", "dev"]);
    expect(thread.messages[0]!.textContent).toContain("grinding noise every night");
    // Off a declared discussion (an article above its comments) the text before the list is not a post.
    expect(findThread(page(html))!.posts.map((p) => p.author)).toEqual(["ben", "cleo", "dev"]);
  });

  test("a list of dated links beside a marked thread is not part of it", () => {
    const latest = (n: number) =>
      `<li class="latest"><a href="/t/${n}">Another thread about radiators number ${n}</a> <time datetime="2024-01-0${n}">Jan ${n}</time></li>`;
    const doc = page(
      `<div class="thread">${comment(1, "anna")}${comment(2, "ben")}</div><ul class="sidebar">${latest(1)}${latest(2)}${latest(3)}</ul>`,
    );
    const thread = findThread(doc)!;
    expect(thread.posts.length).toBe(2);
    expect(thread.element.textContent).not.toContain("Another thread");
  });

  test("siblings without dates are not a thread (a grid of cards)", () => {
    const card = (n: number) => `<div class="card"><h3>Radiator key model ${n}</h3><p>${SAY[n % SAY.length]}</p></div>`;
    expect(findThread(page(`<div class="grid">${card(1)}${card(2)}${card(3)}</div>`))).toBeNull();
  });
});

describe("whether the thread replaces the chosen candidate", () => {
  const base = {
    threadWords: 600,
    chosenWords: 200,
    chosenInThread: 0,
    threadInChosen: 0,
    discussion: false,
    authors: 3,
    messagesInChosen: 0,
    leadWords: 0,
    opens: false,
    printed: false,
    marked: false,
  };
  test("Readability kept one post: the thread wins", () => {
    expect(threadWins({ ...base, chosenInThread: 0.95 })).toBe(true);
  });
  test("the candidate holds the thread and its furniture: the thread wins", () => {
    expect(threadWins({ ...base, chosenWords: 900, threadInChosen: 0.9 })).toBe(true);
  });
  test("off a declared discussion, dated items without several authors (reviews, one author's teasers) do not replace a candidate holding them", () => {
    const held = { ...base, chosenWords: 900, threadInChosen: 1 };
    expect(threadWins({ ...held, authors: 0 })).toBe(false);
    expect(threadWins({ ...held, authors: 1 })).toBe(false);
    expect(threadWins({ ...held, authors: THRESHOLDS.threadMinAuthors })).toBe(true);
    expect(threadWins({ ...held, authors: 0, discussion: true })).toBe(true);
    // A declared discussion whose thread is a small part of the candidate (an FAQ's questions) does not win.
    expect(threadWins({ ...held, threadWords: 200, chosenWords: 2000, discussion: true })).toBe(false);
  });
  test("comments under an article: a small part of a candidate holding the article too, the article stays", () => {
    expect(threadWins({ ...base, threadWords: 300, chosenWords: 1200, threadInChosen: 0.9 })).toBe(false);
    expect(threadWins({ ...base, chosenInThread: 0.1, threadInChosen: 0.05 })).toBe(false);
  });
  test("a short fragment beside the posts loses only on a page declaring a discussion", () => {
    const fragment = { ...base, chosenWords: 80, chosenInThread: 0.1, threadInChosen: 0.02 };
    expect(threadWins({ ...fragment, discussion: true })).toBe(true);
    expect(threadWins(fragment)).toBe(false);
    expect(threadWins({ ...fragment, discussion: true, threadWords: 80 * THRESHOLDS.threadMinGrowth - 1 })).toBe(false);
  });
  test("a declared conversation held by a candidate after a short lead wins over its furniture, however large", () => {
    // User panels and remarks under answers: the candidate holds the messages and three times their words.
    const held = { ...base, discussion: true, chosenWords: 1800, chosenInThread: 0.35, threadInChosen: 0.7, messagesInChosen: 0.95 };
    expect(threadWins({ ...held, leadWords: 12 })).toBe(true);
    expect(threadWins({ ...held, leadWords: THRESHOLDS.threadMaxLeadWords })).toBe(true);
    // An article before the posts (its comments) is kept: the lead is the article.
    expect(threadWins({ ...held, leadWords: THRESHOLDS.threadMaxLeadWords + 1 })).toBe(false);
    // Not on a page that declares no discussion unless the posts are marked up as items, nor with a
    // single author (one person's dated items).
    expect(threadWins({ ...held, leadWords: 12, discussion: false })).toBe(false);
    expect(threadWins({ ...held, leadWords: 12, discussion: false, marked: true })).toBe(true);
    expect(threadWins({ ...held, leadWords: THRESHOLDS.threadMaxLeadWords + 1, discussion: false, marked: true })).toBe(false);
    expect(threadWins({ ...held, leadWords: 12, authors: 1 })).toBe(false);
    // The candidate must hold the messages.
    expect(threadWins({ ...held, leadWords: 12, messagesInChosen: 0.5 })).toBe(false);
  });
  test("a candidate made mostly of posts and shorter than the thread is a part of it on a declared conversation", () => {
    const part = { ...base, discussion: true, threadWords: 1100, chosenWords: 950, chosenInThread: 0.6, threadInChosen: 0.5 };
    expect(threadWins(part)).toBe(true);
    expect(threadWins({ ...part, chosenInThread: THRESHOLDS.threadPartMinOverlap - 0.1 })).toBe(false);
    expect(threadWins({ ...part, chosenWords: 1200 })).toBe(false);
    expect(threadWins({ ...part, discussion: false })).toBe(false);
  });
  test("a thread opened by the page's declared posting wins even over a candidate beside it", () => {
    const beside = { ...base, threadWords: 200, chosenWords: 230, discussion: true, authors: 2 };
    expect(threadWins(beside)).toBe(false);
    expect(threadWins({ ...beside, opens: true })).toBe(true);
  });
  test("posts found on printed dates replace only a candidate they hold, or when the declared posting opens them", () => {
    const printed = { ...base, printed: true };
    expect(threadWins({ ...printed, chosenInThread: 0.95 })).toBe(true);
    // Readability found next to nothing: a thread by <time> takes over, one by printed dates does not.
    expect(threadWins({ ...base, chosenWords: 10 })).toBe(true);
    expect(threadWins({ ...printed, chosenWords: 10 })).toBe(false);
    expect(threadWins({ ...printed, chosenWords: 900, threadInChosen: 0.9 })).toBe(false);
    expect(threadWins({ ...printed, discussion: true, chosenWords: 100 })).toBe(false);
    expect(threadWins({ ...printed, chosenWords: 10, opens: true })).toBe(true);
  });
  test("leadWords counts the candidate's words before any post's message", () => {
    const posts = ["the pump on my boiler was making a noise", "bleeding the radiators fixed mine"];
    expect(leadWords(posts, "Boiler noise anna Joined 2019 Messages 41 the pump on my boiler was making a noise ben")).toBe(7);
    expect(leadWords(posts, "ben said bleeding the radiators fixed mine")).toBe(2);
    expect(leadWords(posts, "an article about something else entirely")).toBe(6);
  });
  test("a thread of a few words never wins", () => {
    expect(threadWins({ ...base, threadWords: THRESHOLDS.threadMinWords - 1, chosenWords: 0 })).toBe(false);
  });
  test("overlap is read on runs of words, so common words alone do not make two texts the same", () => {
    const article = "The council voted on Tuesday to close the library for the summer and to open it again in the autumn.";
    const comments = "the the to to and and for for on on it it in in a a of of is is that that was was";
    expect(textOverlap(article, comments)).toBeLessThan(0.1);
    expect(textOverlap(article, `Intro. ${article} More.`)).toBe(1);
  });
  test("posts' messages are compared apart: header lines and post boundaries do not lower the overlap", () => {
    const posts = ["NIH sent invitations on the eighteenth", "That is amazing news, congratulations"];
    const chosen = `ann Full Member Joined 2016 ${posts[0]} ben Full Member Joined 2019 ${posts[1]}`;
    expect(textOverlap(posts, chosen)).toBe(1);
    expect(textOverlap(posts.join(" "), chosen)).toBeLessThan(1);
  });
  test("a discussion is declared by JSON-LD or microdata", () => {
    expect(
      declaresDiscussion(page("", `<script type="application/ld+json">{"@type":"DiscussionForumPosting","headline":"x"}</script>`)),
    ).toBe(true);
    expect(
      declaresDiscussion(
        page("", `<script type="application/ld+json">{"@type":"WebPage","mainEntity":{"@type":"DiscussionForumPosting"}}</script>`),
      ),
    ).toBe(true);
    expect(declaresDiscussion(page(`<div itemscope itemtype="https://schema.org/QAPage"></div>`))).toBe(true);
    expect(declaresDiscussion(page("", `<script type="application/ld+json">{"@type":"NewsArticle"}</script>`))).toBe(false);
    expect(
      declaresDiscussion(
        page("", `<script type="application/ld+json">{"@type":"FAQPage","mainEntity":[{"@type":"Question","name":"q"}]}</script>`),
      ),
    ).toBe(false);
  });
});

describe("posts whose dates are printed, without <time>", () => {
  /** An old-style post: a header line printing the date, a user panel with a join date, a message, a signature. */
  const printed = (n: number, who: string, message = SAY[n % SAY.length]) =>
    `<div class="post">` +
    `<dl class="profile"><dt><a href="/memberlist.php?mode=viewprofile&u=${n}">${who}</a></dt><dd>Posts: ${n * 40}</dd><dd>Joined: Jan 0${n}, 2019</dd></dl>` +
    `<div class="body"><p class="author">by <strong>${who}</strong> » Tue Aug 2${n}, 2024 1:4${n} am</p>` +
    `<div class="content">${message}</div>` +
    `<div class="signature">My boiler blog, come and read it: ${who}'s heating pages since 2009</div></div></div>`;

  test("posts are found by dates printed in their header lines, each with its date, in order", () => {
    const thread = findThread(
      page(`<h1>Boiler pump noise</h1><div class="topic">${printed(1, "anna")}${printed(2, "ben")}${printed(3, "cleo")}</div>`),
    )!;
    expect(thread.source).toBe("structure");
    expect(thread.posts.map((p) => p.author)).toEqual(["anna", "ben", "cleo"]);
    expect(thread.posts.map((p) => p.date)).toEqual(["Tue Aug 21, 2024 1:41 am", "Tue Aug 22, 2024 1:42 am", "Tue Aug 23, 2024 1:43 am"]);
    const text = thread.element.textContent ?? "";
    for (let n = 1; n <= 3; n++) expect(text).toContain(SAY[n % SAY.length]!);
    // The user panel's join date is a member's, not the post's, and the panel stays out.
    expect(text).not.toContain("Joined");
    expect(text).not.toContain("Posts: 40");
  });

  test("the thread author's posts, flagged with classes of their own besides the posts' ones, are posts too", () => {
    const flagged = (n: number, who: string) =>
      printed(n, who).replace('<div class="post">', '<div class="post thread-author original-poster">');
    const thread = findThread(
      page(`<div class="topic">${flagged(1, "anna")}${printed(2, "ben")}${printed(3, "cleo")}${flagged(4, "anna")}</div>`),
    )!;
    expect(thread.posts.map((p) => p.author)).toEqual(["anna", "ben", "cleo", "anna"]);
    // A sibling sharing only some of the posts' classes is something else (an ad slot laid out alike).
    const other = printed(4, "dev").replace('<div class="post">', '<div class="promo-slot wide">');
    const mixed = findThread(page(`<div class="topic">${printed(1, "anna")}${printed(2, "ben")}${other}</div>`))!;
    expect(mixed.posts.map((p) => p.author)).toEqual(["anna", "ben"]);
  });

  test("a lone <time> elsewhere on the page (a footer's) does not hide posts dated in print", () => {
    const footer = `<footer>Page built <time datetime="2026-03-05T12:16:19Z">March 5, 2026</time></footer>`;
    const thread = findThread(page(`<div class="topic">${printed(1, "anna")}${printed(2, "ben")}${printed(3, "cleo")}</div>${footer}`))!;
    expect(thread.printed).toBe(true);
    expect(thread.posts.map((p) => p.author)).toEqual(["anna", "ben", "cleo"]);
    // Two <time>s can date a series: the posts are then read from them, not from the print.
    const timed = (n: number, who: string) => printed(n, who).replace("</p>", `<time datetime="2024-08-2${n}">Aug 2${n}</time></p>`);
    expect(findThread(page(`<div class="topic">${timed(1, "anna")}${timed(2, "ben")}</div>${footer}`))!.printed).toBe(false);
  });

  test("signatures under the messages are left out, a message that mentions one is kept", () => {
    const doc = page(`<div class="topic">${printed(1, "anna")}${printed(2, "ben")}</div>`);
    const text = findThread(doc)!.element.textContent ?? "";
    expect(text).not.toContain("heating pages since 2009");
    expect(text).toContain(SAY[1]!);
    const own = printed(2, "dev", "My signature on the form was missing, so the installer refused the warranty claim for the pump.");
    const kept = findThread(page(`<div class="topic">${printed(1, "anna")}${own}</div>`))!.element.textContent ?? "";
    expect(kept).toContain("My signature on the form was missing");
  });

  test("a header line with a long run of punctuation before its date is read in linear time", () => {
    const hostile = (n: number) => printed(n, "anna").replace(`<strong>anna</strong>`, `a${"!".repeat(100_000)}b <strong>anna</strong>`);
    const thread = findThread(page(`<div class="topic">${hostile(1)}${printed(2, "ben")}${printed(3, "cleo")}</div>`))!;
    expect(thread.posts.map((p) => p.date)).toEqual(["Tue Aug 21, 2024 1:41 am", "Tue Aug 22, 2024 1:42 am", "Tue Aug 23, 2024 1:43 am"]);
  }, 5_000);

  test("dated rows without named authors (episodes, a changelog) are no thread when their dates are printed", () => {
    const row = (n: number) =>
      `<li class="episode"><span>45m - Dec ${n + 10}, 2025</span><div class="summary">Episode ${n}: the hosts talk about heat pumps, radiators and the cost of running them through a cold winter.</div></li>`;
    expect(findThread(page(`<ul class="episodes">${row(1)}${row(2)}${row(3)}</ul>`))).toBeNull();
  });

  test("rows without named authors on printed dates make a thread on a page declaring a discussion", () => {
    const row = (n: number) => `<div class="reply"><p>03/0${n}/2026 19:4${n}</p><div class="text">${SAY[n % SAY.length]}</div></div>`;
    const rows = `<div class="replies">${row(1)}${row(2)}${row(3)}</div>`;
    expect(findThread(page(rows))).toBeNull();
    const ld = `<script type="application/ld+json">{"@type":"DiscussionForumPosting","headline":"Pumps"}</script>`;
    const thread = findThread(page(rows, ld))!;
    expect(thread.posts.map((p) => p.date)).toEqual(["03/01/2026 19:41", "03/02/2026 19:42", "03/03/2026 19:43"]);
    expect(thread.printed).toBe(true);
  });

  test("a wrapper flagged as having a signature keeps its message; the signature itself goes", () => {
    const post = (n: number, who: string) =>
      printed(n, who)
        .replace('<div class="content">', '<div class="content has-signature">')
        .replace('class="signature"', 'class="message-signature"');
    const text = findThread(page(`<div class="topic">${post(1, "anna")}${post(2, "ben")}</div>`))!.element.textContent ?? "";
    expect(text).toContain(SAY[1]!);
    expect(text).toContain(SAY[2]!);
    expect(text).not.toContain("heating pages since 2009");
  });

  test("a quote of an earlier post is left out of the reply, a quote from elsewhere stays", () => {
    const quoting = printed(2, "ben", `<blockquote>anna said: ${SAY[1]}</blockquote><p>Thanks, I will try the seal first.</p>`);
    const outside = printed(
      3,
      "cleo",
      `<blockquote>The manual says: never bleed a hot system, wait an hour after switching it off.</blockquote><p>Mind that.</p>`,
    );
    const thread = findThread(page(`<div class="topic">${printed(1, "anna")}${quoting}${outside}</div>`))!;
    const text = thread.element.textContent ?? "";
    expect(text.split(SAY[1]!).length - 1).toBe(1);
    expect(text).toContain("Thanks, I will try the seal first.");
    expect(text).toContain("never bleed a hot system");
  });

  test("a quote laid out as a box named a quote is left out when it repeats an earlier post; one from elsewhere stays", () => {
    const box = (who: string, words: string) =>
      `<div class="bbcode_container"><div class="bbcode_quote"><div class="quote_container"><div class="postedby">Originally Posted by <strong>${who}</strong></div><div class="message">${words}</div></div></div></div>`;
    const quoting = printed(2, "ben", `${box("anna", SAY[1]!)}<p>Thanks, I will try the seal first.</p>`);
    const outside = printed(
      3,
      "cleo",
      `${box("the manual", "Never bleed a hot system, wait an hour after switching it off.")}<p>Mind that.</p>`,
    );
    const thread = findThread(page(`<div class="topic">${printed(1, "anna")}${quoting}${outside}</div>`))!;
    const text = thread.element.textContent ?? "";
    expect(text.split(SAY[1]!).length - 1).toBe(1);
    expect(text).not.toContain("Originally Posted by anna");
    expect(text).toContain("Thanks, I will try the seal first.");
    expect(text).toContain("Never bleed a hot system");
  });

  test("a name printed as text before the post's date is its author", () => {
    const line = (n: number, who: string) =>
      `<div class="reply"><p class="head">${who} <span class="when">0${n}/03/2026 19:4${n}</span></p><div class="body"><p>${SAY[n % SAY.length]}</p></div></div>`;
    const thread = findThread(
      page(`<div class="replies">${line(1, "longshot")}${line(2, "keeping sanity")}${line(3, "Mary Ann Smith")}</div>`),
    )!;
    expect(thread.posts.map((p) => p.author)).toEqual(["longshot", "keeping sanity", "Mary Ann Smith"]);
    // A sentence before a date is not a name.
    const said = (n: number) =>
      `<div class="reply"><p class="head">This was first reported to the council on <span class="when">0${n}/03/2026 19:4${n}</span></p><div class="body"><p>${SAY[n % SAY.length]}</p></div></div>`;
    const other = findThread(
      page(
        `<div class="replies">${said(1)}${said(2)}${said(3)}</div>`,
        `<script type="application/ld+json">{"@type":"DiscussionForumPosting"}</script>`,
      ),
    );
    expect(other?.posts.map((p) => p.author)).toEqual([null, null, null]);
  });

  test("a name ending in a header line's word ('on', 'at') keeps its letters; the whole word 'on' goes", () => {
    const line = (n: number, who: string) =>
      `<div class="reply"><p class="head">${who} <span class="when">0${n}/03/2026 19:4${n}</span></p><div class="body"><p>${SAY[n % SAY.length]}</p></div></div>`;
    const thread = findThread(page(`<div class="replies">${line(1, "Simon ·")}${line(2, "by Pat")}${line(3, "by anna on")}</div>`))!;
    // Read as "Sim", "P" and "anna" before: the end run took "on" and "at" out of words.
    expect(thread.posts.map((p) => p.author)).toEqual(["Simon", "Pat", "anna"]);
  });

  test("a header line of a long run of punctuation before the date is read in linear time and names no one", () => {
    const line = (n: number, who: string) =>
      `<div class="reply"><p class="head">${who} <span class="when">0${n}/03/2026 19:4${n}</span></p><div class="body"><p>${SAY[n % SAY.length]}</p></div></div>`;
    const thread = findThread(
      page(`<div class="replies">${line(1, `a${"!".repeat(100_000)}b`)}${line(2, "keeping sanity")}${line(3, "Mary Ann Smith")}</div>`),
    )!;
    expect(thread.posts.map((p) => p.author)).toEqual([null, "keeping sanity", "Mary Ann Smith"]);
  }, 5_000);

  test("on a page with <time> dates, printed ones are not the posts' dates", () => {
    const timed = (n: number, who: string) =>
      `<div class="post"><dl class="profile"><dt><a href="/members/${who}.${n}/">${who}</a></dt><dd>Oct 2${n}, 2017</dd></dl>` +
      `<time datetime="2025-03-2${n}">Mar 2${n}, 2025</time><div class="content">${SAY[n % SAY.length]}</div></div>`;
    const thread = findThread(page(`<div class="topic">${timed(1, "anna")}${timed(2, "ben")}</div>`))!;
    expect(thread.posts.map((p) => p.date)).toEqual(["Mar 21, 2025", "Mar 22, 2025"]);
  });

  test("an article with one printed date line, and lines with version numbers, is no thread", () => {
    const story = Array.from(
      { length: 4 },
      (_, i) => `<p>Paragraph ${i + 1}: the council met and voted to close the central library for the summer months.</p>`,
    ).join("");
    expect(findThread(page(`<article><p class="byline">By Ann Lee, May 26, 2025</p>${story}</article>`))).toBeNull();
    const notes = Array.from(
      { length: 3 },
      (_, i) =>
        `<div class="note"><span>Version 1.2.${i + 10}</span><p>Fixes the crash when the pump is switched off during a cycle.</p></div>`,
    ).join("");
    expect(findThread(page(`<div class="notes">${notes}</div>`))).toBeNull();
  });
});

describe("the declared posting", () => {
  const ld = (text: string) =>
    `<script type="application/ld+json">{"@context":"https://schema.org","@type":"DiscussionForumPosting","headline":"Boiler pump noise","text":${JSON.stringify(text)}}</script>`;
  const posts = `<div class="thread">${comment(1, "anna")}${comment(2, "ben")}${comment(3, "cleo")}</div>`;
  test("its stated text is read from JSON-LD, at the top or as a page's main entity", () => {
    expect(statedPosting(page("", ld("Hello there")))).toBe("Hello there");
    const nested = `<script type="application/ld+json">{"@type":"QAPage","mainEntity":{"@type":"Question","name":"q","text":"Why?"}}</script>`;
    expect(statedPosting(page("", nested))).toBe("Why?");
    expect(statedPosting(page("", `<script type="application/ld+json">{"@type":"NewsArticle","articleBody":"x"}</script>`))).toBeNull();
  });
  test("the thread opens with it when the first post's message holds its text", () => {
    expect(findThread(page(posts, ld(SAY[1]!)))!.opens).toBe(true);
    // An article's text stated as the posting, with comments below: the comments do not open with it.
    const story = "The council voted on Tuesday to close the central library for the summer while the roof is repaired.";
    expect(findThread(page(posts, ld(story)))!.opens).toBe(false);
    expect(findThread(page(posts))!.opens).toBe(false);
  });
});

describe("end to end", () => {
  test("a thread whose posts sit in a <form> comes back whole, in order, without furniture", async () => {
    const html =
      `<html><head><title>Boiler pump noise</title><script type="application/ld+json">{"@type":"DiscussionForumPosting","headline":"Boiler pump noise"}</script></head>` +
      `<body><header><a href="/">Forums</a> <a href="/login">Sign in</a></header><main><h1>Boiler pump noise</h1>` +
      `<ul class="actions"><li><a href="/new">Start new topic</a></li><li><a href="#reply">Reply to this topic</a></li></ul>` +
      `<form action="/moderate">${post(1, "anna", true)}${post(2, "ben")}${post(3, "cleo")}${post(4, "dev")}</form></main></body></html>`;
    const article = (await htmlToArticle(html, { url: "https://example.com/t/1" }))!;
    const md = article.markdown;
    let at = -1;
    for (let n = 1; n <= 4; n++) {
      const i = md.indexOf(SAY[n % SAY.length]!);
      expect(i).toBeGreaterThan(at);
      at = i;
    }
    expect(md).toContain("**anna** · June 11, 2024");
    expect(md).not.toContain("Reputation");
    expect(md).not.toContain("Quote");
    expect(article.pageType).toBe("forum");
  });

  test("a thread's posts lose the forum's prompts to join, their messages stay", async () => {
    const exif = `<p><a href="/register"><em>Join</em></a> to see EXIF info for this image (if available)</p>`;
    const withPrompt = (n: number, who: string) => post(n, who).replace("</p></div>", `</p>${exif}</div>`);
    const html =
      `<html><head><title>Boiler pump noise</title><script type="application/ld+json">{"@type":"DiscussionForumPosting","headline":"Boiler pump noise"}</script></head>` +
      `<body><main><h1>Boiler pump noise</h1><form action="/moderate">${post(1, "anna", true)}${withPrompt(2, "ben")}${withPrompt(3, "cleo")}${post(4, "dev")}</form></main></body></html>`;
    const article = (await htmlToArticle(html, { url: "https://example.com/t/2" }))!;
    expect(article.pageType).toBe("forum");
    expect(article.markdown).not.toContain("EXIF");
    for (let n = 1; n <= 4; n++) expect(article.markdown).toContain(SAY[n % SAY.length]!);
  });

  test("an ad's label left inside a thread's post goes; a post that talks about an advertisement stays", async () => {
    // As a news theme prints it between dashes, in a paragraph no name marks (the page's own clean-up keeps it).
    const talk = "The advertisement for that pump promised silence, which is not what we got after the first winter.";
    const withAd = (n: number, who: string) => post(n, who).replace("</p></div>", `</p><p>- Advertisement -</p><p>${talk}</p></div>`);
    const html =
      `<html><head><title>Boiler pump noise</title><script type="application/ld+json">{"@type":"DiscussionForumPosting","headline":"Boiler pump noise"}</script></head>` +
      `<body><main><h1>Boiler pump noise</h1><form action="/moderate">${post(1, "anna", true)}${withAd(2, "ben")}${withAd(3, "cleo")}${post(4, "dev")}</form></main></body></html>`;
    const article = (await htmlToArticle(html, { url: "https://example.com/t/3" }))!;
    expect(article.pageType).toBe("forum");
    expect(article.markdown).not.toContain("Advertisement -");
    expect(article.markdown).toContain(talk);
    for (let n = 1; n <= 4; n++) expect(article.markdown).toContain(SAY[n % SAY.length]!);
  });

  test("the site's lines between a thread's posts go (appeals, invitations, follow prompts, form notices); the posts stay", async () => {
    // A news theme read as a thread prints its asks between the posts, each a paragraph no name marks.
    const site = [
      "Support independent journalism! Donate today.",
      "Sign up for our newsletter",
      "Follow us on Instagram",
      "Your email address will not be published. Required fields are marked *",
      "Please enter a valid email address.",
    ];
    const between = (n: number, who: string, line: string) => post(n, who).replace("</p></div>", `</p><p>${line}</p></div>`);
    const html =
      `<html><head><title>Boiler pump noise</title><script type="application/ld+json">{"@type":"DiscussionForumPosting","headline":"Boiler pump noise"}</script></head>` +
      `<body><main><h1>Boiler pump noise</h1><form action="/moderate">${post(1, "anna", true)}${between(2, "ben", site[0]!)}` +
      `${between(3, "cleo", site[1]!)}${between(4, "dev", site[2]!)}${between(5, "eve", site[3]!)}${between(6, "finn", site[4]!)}</form></main></body></html>`;
    const url = "https://example.com/t/4";
    const article = (await htmlToArticle(html, { url }))!;
    expect(article.pageType).toBe("forum");
    for (const line of site) expect(article.markdown).not.toContain(line.slice(0, 24));
    for (let n = 1; n <= 4; n++) expect(article.markdown).toContain(SAY[n % SAY.length]!);
    // Each line is its rule's: without them, the thread keeps them.
    const rules = ["reader-appeals", "invitations", "follow-prompts", "site-notices", "form-notices", "validation-messages"] as const;
    const kept = (await htmlToArticle(html, { url, without: new Set(rules) }))!;
    for (const line of site) expect(kept.markdown).toContain(line.slice(0, 24));
  });

  test("an article with marked comments under it stays the article", async () => {
    const story = Array.from(
      { length: 8 },
      (_, i) =>
        `<p>Paragraph ${i + 1} of the story: the council met on Tuesday and voted to close the central library for the summer months while the roof is repaired.</p>`,
    ).join("");
    const html =
      `<html><head><title>Library closes</title><meta property="og:type" content="article"></head><body><article><h1>Library closes for the summer</h1>${story}</article>` +
      `<section class="discussion">${comment(1, "anna")}${comment(2, "ben")}${comment(3, "cleo")}</section></body></html>`;
    const article = (await htmlToArticle(html, { url: "https://example.com/news/1" }))!;
    expect(article.markdown).toContain("Paragraph 8 of the story");
    expect(article.markdown).toContain("Paragraph 1 of the story");
    // The comments were found but not taken: the page is the article it declares.
    expect(article.pageType).toBe("article");
  });

  test("a product page's marked questions and answers do not replace the product", async () => {
    const description =
      "<p>A boiler pump with three speeds and a quiet motor, for heating systems of up to twelve radiators, fitted in under an hour with the unions it comes with.</p>" +
      "<p>The pump's housing is cast iron, its shaft ceramic, and its motor is rated for ten years of continuous running.</p>";
    const answers = [1, 2, 3, 4].map((n) =>
      comment(n, ["anna", "ben", "cleo", "dev"][n - 1]!).replaceAll("schema.org/Comment", "schema.org/Answer"),
    );
    const html =
      `<html><head><title>Quiet boiler pump</title><meta property="og:type" content="product"></head><body><main><h1>Quiet boiler pump</h1>` +
      `<div class="description">${description}</div><section class="questions"><h2>Questions and answers</h2>${answers.join("")}</section></main></body></html>`;
    const article = (await htmlToArticle(html, { url: "https://shop.example/p/pump" }))!;
    expect(article.markdown).toContain("three speeds and a quiet motor");
    expect(article.pageType).toBe("product");
  });
});
