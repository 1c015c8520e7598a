import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { parseAllowList } from "../../src/extract/address-guard.ts";
import { guardedFetch, type FetchFailure, type FetchSuccess } from "../../src/extract/guarded-fetch.ts";
import { createRobotsChecker } from "../../src/extract/robots.ts";
import { DEFAULT_ROBOTS, startTargetSite, type TargetSite } from "../helpers/target-site.ts";

type FetchResult = FetchSuccess | FetchFailure;

function robotsFile(text: string, url = "https://example.com/robots.txt"): FetchSuccess {
  return {
    ok: true,
    finalUrl: url,
    status: 200,
    contentType: "text/plain",
    contentLanguage: null,
    body: new TextEncoder().encode(text),
    redirects: 0,
  };
}

const upstreamStatus = (status: number): FetchFailure => ({
  ok: false,
  code: "upstream_failed",
  status: 502,
  message: `The target answered with HTTP ${status}.`,
  upstreamStatus: status,
});
const unreachable: FetchFailure = { ok: false, code: "upstream_failed", status: 502, message: "unreachable" };
const timedOut: FetchFailure = { ok: false, code: "upstream_timeout", status: 502, message: "timeout" };
const privateAddress: FetchFailure = { ok: false, code: "private_address", status: 403, message: "private" };
const tooLarge: FetchFailure = { ok: false, code: "too_large", status: 413, message: "too large" };

/** A fetch double that answers from `respond` and records every URL asked for. */
function fakeFetch(respond: (url: URL) => FetchResult | Promise<FetchResult>) {
  const urls: string[] = [];
  const fetch = async (url: URL) => {
    urls.push(url.href);
    return respond(url);
  };
  return { fetch, urls };
}

describe("what a robots.txt fetch outcome means", () => {
  test.each<[string, FetchResult, boolean, string]>([
    ["2xx with a disallow for the path", robotsFile("User-agent: *\nDisallow: /private/\n"), false, "rules"],
    ["2xx without a matching rule", robotsFile("User-agent: *\nDisallow: /admin/\n"), true, "rules"],
    ["2xx empty file", robotsFile(""), true, "rules"],
    ["2xx that is an HTML error page", robotsFile("<html><body>Not here</body></html>"), true, "rules"],
    ["400", upstreamStatus(400), true, "missing"],
    ["401", upstreamStatus(401), true, "missing"],
    ["403", upstreamStatus(403), true, "missing"],
    ["404", upstreamStatus(404), true, "missing"],
    ["410", upstreamStatus(410), true, "missing"],
    ["500", upstreamStatus(500), false, "unavailable"],
    ["503", upstreamStatus(503), false, "unavailable"],
    ["timeout", timedOut, false, "unavailable"],
    ["unreachable (DNS, connect, TLS)", unreachable, false, "unavailable"],
    ["too large", tooLarge, false, "unavailable"],
    ["robots.txt on a private address", privateAddress, false, "unavailable"],
  ])("%s", async (_name, result, allowed, source) => {
    const { fetch } = fakeFetch(() => result);
    const verdict = await createRobotsChecker({ fetch }).check(new URL("https://example.com/private/page"));
    expect(verdict.allowed).toBe(allowed);
    expect(verdict.source).toBe(source as never);
  });

  test("the failure behind a refusal is reported, e.g. private_address", async () => {
    const { fetch } = fakeFetch(() => privateAddress);
    const verdict = await createRobotsChecker({ fetch }).check(new URL("http://10.0.0.1/"));
    expect(verdict.failure?.code).toBe("private_address");
  });

  test("a fetch function that throws counts as unreachable", async () => {
    const checker = createRobotsChecker({ fetch: () => Promise.reject(new Error("boom")) });
    expect(await checker.isAllowed(new URL("https://example.com/"))).toBe(false);
  });
});

describe("rules for the user agent token", () => {
  const text = ["User-agent: VellumBot", "Disallow: /drafts/", "Allow: /drafts/public/", "", "User-agent: *", "Disallow: /"].join("\n");

  test.each([
    ["https://example.com/article", "VellumBot", true],
    ["https://example.com/drafts/secret", "VellumBot", false],
    ["https://example.com/drafts/public/post", "VellumBot", true],
    ["https://example.com/article", "OtherBot", false],
  ])("%s for %s → %p", async (url, token, expected) => {
    const { fetch } = fakeFetch(() => robotsFile(text));
    expect(await createRobotsChecker({ fetch }).isAllowed(new URL(url), token)).toBe(expected);
  });

  test("the default token is VellumBot", async () => {
    const { fetch } = fakeFetch(() => robotsFile("User-agent: vellumbot\nDisallow: /\n"));
    expect(await createRobotsChecker({ fetch }).isAllowed(new URL("https://example.com/a"))).toBe(false);
  });
});

describe("caching", () => {
  const allowAll = () => robotsFile("User-agent: *\nAllow: /\n");

  test("fetches /robots.txt of the URL origin once for many paths", async () => {
    const { fetch, urls } = fakeFetch(allowAll);
    const checker = createRobotsChecker({ fetch });
    await checker.isAllowed(new URL("https://example.com/a?x=1"));
    await checker.isAllowed(new URL("https://example.com/b/c"));
    await checker.isAllowed(new URL("https://EXAMPLE.com:443/d"));
    expect(urls).toEqual(["https://example.com/robots.txt"]);
  });

  test("scheme, host and port each make a separate origin", async () => {
    const { fetch, urls } = fakeFetch(allowAll);
    const checker = createRobotsChecker({ fetch });
    for (const url of ["https://example.com/", "http://example.com/", "https://example.com:8443/", "https://www.example.com/"]) {
      await checker.isAllowed(new URL(url));
    }
    expect(urls).toEqual([
      "https://example.com/robots.txt",
      "http://example.com/robots.txt",
      "https://example.com:8443/robots.txt",
      "https://www.example.com/robots.txt",
    ]);
  });

  test("concurrent checks of one origin share a single fetch", async () => {
    const pending = Promise.withResolvers<FetchResult>();
    const { fetch, urls } = fakeFetch(() => pending.promise);
    const checker = createRobotsChecker({ fetch });
    const checks = Array.from({ length: 10 }, (_, index) => checker.isAllowed(new URL(`https://example.com/${index}`)));
    pending.resolve(robotsFile("User-agent: *\nDisallow: /3\n"));
    expect(await Promise.all(checks)).toEqual([true, true, true, false, true, true, true, true, true, true]);
    expect(urls).toHaveLength(1);
  });

  test("a fetched file is trusted for ttlMs, then fetched again", async () => {
    let clock = 0;
    const { fetch, urls } = fakeFetch(allowAll);
    const checker = createRobotsChecker({ fetch, ttlMs: 1000, now: () => clock });
    await checker.isAllowed(new URL("https://example.com/"));
    clock = 999;
    await checker.isAllowed(new URL("https://example.com/"));
    expect(urls).toHaveLength(1);
    clock = 1000;
    await checker.isAllowed(new URL("https://example.com/"));
    expect(urls).toHaveLength(2);
  });

  test("the default TTL is 24 hours", async () => {
    let clock = 0;
    const { fetch, urls } = fakeFetch(allowAll);
    const checker = createRobotsChecker({ fetch, now: () => clock });
    await checker.isAllowed(new URL("https://example.com/"));
    clock = 24 * 60 * 60 * 1000 - 1;
    await checker.isAllowed(new URL("https://example.com/"));
    expect(urls).toHaveLength(1);
    clock += 1;
    await checker.isAllowed(new URL("https://example.com/"));
    expect(urls).toHaveLength(2);
  });

  test("a failure is remembered only for failureTtlMs", async () => {
    let clock = 0;
    let answer: FetchResult = upstreamStatus(503);
    const { fetch, urls } = fakeFetch(() => answer);
    const checker = createRobotsChecker({ fetch, failureTtlMs: 100, now: () => clock });
    expect(await checker.isAllowed(new URL("https://example.com/"))).toBe(false);
    clock = 99;
    expect(await checker.isAllowed(new URL("https://example.com/"))).toBe(false);
    expect(urls).toHaveLength(1);
    answer = allowAll();
    clock = 100;
    expect(await checker.isAllowed(new URL("https://example.com/"))).toBe(true);
    expect(urls).toHaveLength(2);
  });

  test("at most maxEntries origins are kept, least recently used dropped first", async () => {
    const { fetch, urls } = fakeFetch(allowAll);
    const checker = createRobotsChecker({ fetch, maxEntries: 2 });
    const check = (host: string) => checker.isAllowed(new URL(`https://${host}/`));
    await check("a.test");
    await check("b.test");
    await check("a.test"); // a is now the most recently used
    await check("c.test"); // evicts b
    await check("a.test");
    expect(urls).toHaveLength(3);
    await check("b.test");
    expect(urls).toEqual([
      "https://a.test/robots.txt",
      "https://b.test/robots.txt",
      "https://c.test/robots.txt",
      "https://b.test/robots.txt",
    ]);
  });
});

describe("through the guarded fetcher against a real site", () => {
  let site: TargetSite;
  beforeAll(async () => {
    site = await startTargetSite();
  });
  afterAll(() => site.close());

  const checkerFor = (allowEntries: string[]) =>
    createRobotsChecker({
      fetch: (url) =>
        guardedFetch(url, {
          allow: parseAllowList(allowEntries),
          timeoutMs: 2000,
          maxBytes: 5 * 1024 * 1024,
          maxRedirects: 5,
          userAgent: "VellumBot/test",
        }),
    });

  test("the default robots.txt disallows /private/ only, fetched once", async () => {
    site.setRobots(200, DEFAULT_ROBOTS);
    const hitsBefore = site.hits("/robots.txt");
    const checker = checkerFor([site.allowEntry]);
    expect(await checker.isAllowed(new URL(site.url("/article-simple")))).toBe(true);
    expect(await checker.isAllowed(new URL(site.url("/private/notes")))).toBe(false);
    expect(await checker.isAllowed(new URL(site.url("/private")))).toBe(true);
    expect(site.hits("/robots.txt") - hitsBefore).toBe(1);
  });

  test.each([
    [404, true],
    [403, true],
    [500, false],
    [503, false],
  ])("robots.txt answering %d → allowed %p", async (status, allowed) => {
    site.setRobots(status, "User-agent: *\nDisallow: /\n");
    expect(await checkerFor([site.allowEntry]).isAllowed(new URL(site.url("/article-simple")))).toBe(allowed);
  });

  test("robots.txt is refused on a private address without the allow entry", async () => {
    site.setRobots(200, DEFAULT_ROBOTS);
    const verdict = await checkerFor([]).check(new URL(site.url("/article-simple")));
    expect(verdict).toMatchObject({ allowed: false, source: "unavailable", failure: { code: "private_address" } });
  });
});
