import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startTargetSite, SIMPLE_ARTICLE, LATIN1_TEXT, TWICE_TEXT, type TargetSite } from "../helpers/target-site.ts";
import { startTestApp, type TestApp } from "../helpers/app.ts";

/**
 * /extract end to end on the free trial: the app the server runs (in process, through app.handle:
 * no socket is needed here), a real target site on 127.0.0.1, the real worker pool. Each scenario
 * names a request and the status and body it must produce.
 */
let site: TargetSite;
let svc: TestApp;

beforeAll(async () => {
  site = await startTargetSite();
  svc = await startTestApp({ allowPrivateTargets: site.allowEntry, fetchTimeoutMs: "1500", freeCallsPerDay: "1000" });
});
afterAll(async () => {
  await svc?.close();
  await site?.close();
});

const free = { "x-free-trial": "1" };

describe("a delivered article", () => {
  test("GET with free=1 returns every field of the result, absolute links, GFM table and fenced code", async () => {
    const res = await svc.get(`/extract?free=1&url=${encodeURIComponent(site.url("/article-simple"))}`);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(Object.keys(body).sort()).toEqual(
      [
        "byline",
        "cache",
        "excerpt",
        "lang",
        "length",
        "markdown",
        "ms",
        "pageType",
        "publishedTime",
        "siteName",
        "title",
        "truncated",
        "url",
        "usage",
        "words",
      ].sort(),
    );
    expect(body.url).toBe(site.url("/article-simple"));
    expect(body.title).toBe(SIMPLE_ARTICLE.title);
    expect(body.lang).toBe("en");
    expect(body.pageType).toBe("article"); // the page's og:type
    expect(body.excerpt).toBe(SIMPLE_ARTICLE.description);
    expect(body.length).toBe(body.markdown.length);
    expect(body.words).toBeGreaterThan(50);
    expect(Number.isInteger(body.ms)).toBe(true);
    expect(body.usage.mode).toBe("free");
    expect(body.markdown).toContain(site.origin + SIMPLE_ARTICLE.resolvedPaths.relativeLink);
    expect(body.markdown).toContain(site.origin + SIMPLE_ARTICLE.resolvedPaths.image);
    expect(body.markdown).toContain(site.origin + SIMPLE_ARTICLE.resolvedPaths.lazyImage);
    expect(body.markdown).toContain("```" + SIMPLE_ARTICLE.codeLanguage);
    expect(body.markdown).toMatch(/\n\| *[-:]+ *\|/); // a GFM header separator row
  });

  test("a manual's page at a documentation address is given pageType documentation", async () => {
    const res = await svc.post("/extract", { url: site.url("/docs/config") }, { headers: free });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.pageType).toBe("documentation");
    expect(body.markdown).toContain("widget.toml");
  });

  test("a shop's category page is given pageType collection, its cards in the Markdown", async () => {
    const res = await svc.post("/extract", { url: site.url("/shop/lamps") }, { headers: free });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.pageType).toBe("collection");
    expect(body.markdown).toContain("Lamp model 24");
    expect(body.markdown).toContain("$43.00");
  });

  test("POST with X-Free-Trial returns the same shape and content as GET", async () => {
    const url = site.url("/article-simple");
    const [a, b] = await Promise.all([
      svc.get(`/extract?free=1&url=${encodeURIComponent(url)}`).then((r) => r.json()),
      svc.post("/extract", { url }, { headers: free }).then((r) => r.json()),
    ]);
    expect(Object.keys(b).sort()).toEqual(Object.keys(a).sort());
    expect(b.markdown).toBe(a.markdown);
    expect(b.title).toBe(a.title);
  });

  test("a windows-1252 page with no charset is decoded correctly", async () => {
    const res = await svc.post("/extract", { url: site.url("/latin1") }, { headers: free });
    expect(res.status).toBe(200);
    expect((await res.json()).markdown).toContain(LATIN1_TEXT);
  });

  test("a page whose UTF-8 was encoded twice comes back with the author's characters", async () => {
    const res = await svc.post("/extract", { url: site.url("/twice") }, { headers: free });
    expect(res.status).toBe(200);
    const markdown = (await res.json()).markdown;
    expect(markdown).toContain(TWICE_TEXT);
    expect(markdown).not.toContain("â€");
  });

  test("a redirect chain within the allowed site is followed and the final URL reported", async () => {
    const target = site.url("/article-simple");
    const res = await svc.post("/extract", { url: site.url(`/redirect?n=3&to=${encodeURIComponent(target)}`) }, { headers: free });
    expect(res.status).toBe(200);
    expect((await res.json()).url).toBe(target);
  });
});

type Scenario = { name: string; url: () => unknown; status: number; error: string; extra?: Record<string, unknown> };
const scenarios: Scenario[] = [
  { name: "a missing url", url: () => undefined, status: 400, error: "invalid_request" },
  { name: "a non-string url", url: () => 42, status: 400, error: "invalid_request" },
  { name: "an ftp URL", url: () => "ftp://example.com/a", status: 400, error: "invalid_request" },
  { name: "a javascript: URL", url: () => "javascript:alert(1)", status: 400, error: "invalid_request" },
  {
    name: "a URL with userinfo",
    url: () => site.url("/article-simple").replace("http://", "http://user:pw@"),
    status: 400,
    error: "invalid_request",
  },
  {
    name: "a URL over 2048 characters",
    url: () => site.url("/article-simple?q=" + "a".repeat(2100)),
    status: 400,
    error: "invalid_request",
  },
  { name: "a path robots.txt disallows", url: () => site.url("/private/secret"), status: 403, error: "robots_disallowed" },
  {
    name: "a redirect that lands on a private address",
    url: () => site.url(`/redirect?n=1&to=${encodeURIComponent("http://10.0.0.1/x")}`),
    status: 403,
    error: "private_address",
  },
  { name: "the cloud metadata address", url: () => "http://169.254.169.254/latest/meta-data/", status: 403, error: "private_address" },
  { name: "loopback in decimal form", url: () => "http://2130706433/", status: 403, error: "private_address" },
  { name: "loopback in octal form", url: () => "http://0177.0.0.1/", status: 403, error: "private_address" },
  { name: "loopback in hex form", url: () => "http://0x7f.0.0.1/", status: 403, error: "private_address" },
  { name: "loopback in short form", url: () => "http://127.1/", status: 403, error: "private_address" },
  { name: "bracketed IPv6 loopback", url: () => "http://[::1]/", status: 403, error: "private_address" },
  { name: "an IPv4-mapped IPv6 private address", url: () => "http://[::ffff:10.0.0.1]/", status: 403, error: "private_address" },
  { name: "a name that resolves to loopback", url: () => `http://localhost:3/article-simple`, status: 403, error: "private_address" },
  { name: "a 6 MiB streamed body", url: () => site.url("/big"), status: 413, error: "too_large" },
  { name: "a declared 6 MiB Content-Length", url: () => site.url("/big-declared"), status: 413, error: "too_large" },
  { name: "a gzip bomb", url: () => site.url("/bomb"), status: 413, error: "too_large" },
  // PDFs are extracted (tests/server/agent-extract.test.ts); this one is damaged beyond reading.
  { name: "a broken PDF", url: () => site.url("/pdf"), status: 422, error: "no_content" },
  { name: "a binary download", url: () => site.url("/octet"), status: 422, error: "unsupported_content_type" },
  { name: "a page without an article", url: () => site.url("/empty"), status: 422, error: "no_content" },
  {
    name: "a target answering 500",
    url: () => site.url("/status/500"),
    status: 502,
    error: "upstream_failed",
    extra: { upstreamStatus: 500 },
  },
  {
    name: "a target answering 404",
    url: () => site.url("/status/404"),
    status: 502,
    error: "upstream_failed",
    extra: { upstreamStatus: 404 },
  },
  { name: "a slow-drip body past the timeout", url: () => site.url("/slow"), status: 502, error: "upstream_timeout" },
  { name: "a refused connection", url: () => `http://127.0.0.1:1/x`, status: 502, error: "upstream_failed" },
  { name: "another port of an allowed host", url: () => `http://127.0.0.1:2/x`, status: 403, error: "private_address" },
];

describe("every failure gets its status and code, and costs nothing", () => {
  test.each(scenarios.map((s) => [s.name, s] as const))("%s", async (_name, s) => {
    const dedicated = await startTestApp({
      allowPrivateTargets: `${site.allowEntry},127.0.0.1:1`,
      fetchTimeoutMs: "1500",
      freeCallsPerDay: "1",
    });
    try {
      const res = await dedicated.post("/extract", s.url() === undefined ? {} : { url: s.url() }, { headers: free });
      expect(res.status).toBe(s.status);
      const body = await res.json();
      expect(body.error).toBe(s.error);
      expect(typeof body.message).toBe("string");
      expect(body.message.length).toBeGreaterThan(10);
      if (s.extra) expect(body).toMatchObject(s.extra);
      // The one free call of the day is still there: the failure did not use it.
      const after = await dedicated.post("/extract", { url: site.url("/article-simple") }, { headers: free });
      expect(after.status).toBe(200);
      expect((await after.json()).usage.freeCallsRemainingToday).toBe(0);
    } finally {
      await dedicated.close();
    }
  });

  test("malformed JSON is a 400 invalid_request", async () => {
    const res = await svc.post("/extract", "{not json", { headers: free });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe("invalid_request");
  });

  test("free=2 is not the free flag and is refused as invalid", async () => {
    const res = await svc.get(`/extract?free=2&url=${encodeURIComponent(site.url("/article-simple"))}`);
    expect(res.status).toBe(400);
  });

  test("the target site itself is refused without the allow entry", async () => {
    const strict = await startTestApp({});
    try {
      const res = await strict.post("/extract", { url: site.url("/article-simple") }, { headers: free });
      expect(res.status).toBe(403);
      expect((await res.json()).error).toBe("private_address");
    } finally {
      await strict.close();
    }
  });
});

describe("402 payment terms", () => {
  const decode = (res: Response) => JSON.parse(Buffer.from(res.headers.get("payment-required") ?? "", "base64").toString("utf8"));
  const payTo = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";

  test("no key and no flag: 402 whose body equals the PAYMENT-REQUIRED header", async () => {
    const paid = await startTestApp({ payTo, publicUrl: "https://vellum.example" });
    try {
      const res = await paid.post("/extract", { url: site.url("/article-simple") });
      expect(res.status).toBe(402);
      expect(res.headers.get("cache-control")).toBe("no-store");
      const body = await res.json();
      expect(decode(res)).toEqual(body);
      expect(body).toMatchObject({ x402Version: 2, error: "payment_required", resource: { url: "https://vellum.example/extract" } });
      expect(body.accepts).toEqual([
        {
          scheme: "exact",
          network: "eip155:8453",
          amount: "1000000",
          maxAmountRequired: "1000000",
          asset: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
          payTo,
          maxTimeoutSeconds: 120,
          extra: { name: "USD Coin", version: "2" },
        },
      ]);
    } finally {
      await paid.close();
    }
  });

  const reasons: [string, Record<string, string>, string][] = [
    ["an unknown key", { authorization: "Bearer vk_" + "1".repeat(44) }, "invalid_api_key"],
    ["a malformed key", { authorization: "Bearer nope" }, "invalid_api_key"],
    ["an x402 PAYMENT-SIGNATURE", { "payment-signature": "eyJ4NDAyVmVyc2lvbiI6Mn0=" }, "x402_settlement_unsupported"],
    ["a v1 X-PAYMENT", { "x-payment": "eyJ4NDAyVmVyc2lvbiI6MX0=" }, "x402_settlement_unsupported"],
  ];
  test.each(reasons)("%s gets a 402 with its reason code", async (_n, headers, reason) => {
    const res = await svc.post("/extract", { url: site.url("/article-simple") }, { headers });
    expect(res.status).toBe(402);
    expect((await res.json()).error).toBe(reason);
  });

  test("an unknown key with the free flag is served from the free trial", async () => {
    const res = await svc.post(
      "/extract",
      { url: site.url("/article-simple") },
      { headers: { ...free, authorization: "Bearer vk_" + "1".repeat(44) } },
    );
    expect(res.status).toBe(200);
    expect((await res.json()).usage.mode).toBe("free");
  });

  test("CORS lets browsers read PAYMENT-REQUIRED and send Authorization", async () => {
    const pre = await svc.request("/extract", {
      method: "OPTIONS",
      headers: {
        origin: "https://app.example",
        "access-control-request-method": "POST",
        "access-control-request-headers": "authorization, content-type",
      },
    });
    expect(pre.status).toBe(204);
    expect(pre.headers.get("access-control-allow-headers")?.toLowerCase()).toContain("authorization");
    const res = await svc.post("/extract", { url: site.url("/article-simple") }, { headers: { origin: "https://app.example" } });
    expect(res.headers.get("access-control-expose-headers")?.toLowerCase()).toContain("payment-required");
  });
});

describe("free trial accounting", () => {
  test("concurrent calls never exceed the allowance, and the excess gets free_trial_exhausted", async () => {
    const limited = await startTestApp({ allowPrivateTargets: site.allowEntry, freeCallsPerDay: "3" });
    try {
      const results = await Promise.all(
        Array.from({ length: 10 }, () => limited.post("/extract", { url: site.url("/article-simple") }, { headers: free })),
      );
      const statuses = results.map((r) => r.status).sort();
      expect(statuses.filter((s) => s === 200).length).toBe(3);
      expect(statuses.filter((s) => s === 402).length).toBe(7);
      const refused = await Promise.all(results.filter((r) => r.status === 402).map((r) => r.json()));
      expect(new Set(refused.map((b) => b.error))).toEqual(new Set(["free_trial_exhausted"]));
    } finally {
      await limited.close();
    }
  });

  test("behind a trusted proxy each forwarded client has its own allowance; IPv6 counts per /64", async () => {
    const proxied = await startTestApp({ allowPrivateTargets: site.allowEntry, freeCallsPerDay: "1", trustedProxies: "127.0.0.1/32" });
    const call = (xff: string) =>
      proxied.post("/extract", { url: site.url("/article-simple") }, { headers: { ...free, "x-forwarded-for": xff } });
    try {
      expect((await call("198.51.100.1")).status).toBe(200);
      expect((await call("198.51.100.1")).status).toBe(402);
      expect((await call("198.51.100.2")).status).toBe(200);
      expect((await call("2001:db8:aa:bb::1")).status).toBe(200);
      expect((await call("2001:db8:aa:bb::ffff")).status).toBe(402); // same /64
      expect((await call("2001:db8:aa:cc::1")).status).toBe(200);
    } finally {
      await proxied.close();
    }
  });

  test("X-Forwarded-For from an untrusted peer is ignored", async () => {
    const direct = await startTestApp({ allowPrivateTargets: site.allowEntry, freeCallsPerDay: "1" });
    const call = (xff: string) =>
      direct.post("/extract", { url: site.url("/article-simple") }, { headers: { ...free, "x-forwarded-for": xff } });
    try {
      expect((await call("198.51.100.1")).status).toBe(200);
      expect((await call("198.51.100.2")).status).toBe(402);
    } finally {
      await direct.close();
    }
  });
});

describe("the worker pool under load", () => {
  test("a full queue answers 503 busy with Retry-After, and the refused calls cost nothing", async () => {
    const paragraph = "<p>" + "Words of a long article that keeps going and going. ".repeat(20) + "</p>\n";
    const heavy = `<html lang="en"><head><title>Heavy</title></head><body><article><h1>Heavy</h1>${paragraph.repeat(3500)}</article></body></html>`;
    const big = Bun.serve({
      hostname: "127.0.0.1",
      port: 0,
      fetch: () => new Response(heavy, { headers: { "content-type": "text/html; charset=utf-8" } }),
    });
    const busy = await startTestApp({
      allowPrivateTargets: `127.0.0.1:${big.port}`,
      workers: "1",
      queueSize: "0",
      freeCallsPerDay: "10",
    });
    try {
      const results = await Promise.all(
        Array.from({ length: 4 }, () => busy.post("/extract", { url: `http://127.0.0.1:${big.port}/a` }, { headers: free })),
      );
      const refused = results.filter((r) => r.status === 503);
      expect(refused.length).toBeGreaterThanOrEqual(1);
      expect(results.filter((r) => r.status === 200).length).toBeGreaterThanOrEqual(1);
      for (const r of refused) {
        expect(Number(r.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
        expect((await r.json()).error).toBe("busy");
      }
      const delivered = results.filter((r) => r.status === 200).length;
      const last = await busy.post("/extract", { url: `http://127.0.0.1:${big.port}/b` }, { headers: free });
      expect((await last.json()).usage.freeCallsRemainingToday).toBe(10 - delivered - 1);
    } finally {
      await busy.close();
      big.stop(true);
    }
  });
});
