import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { newAjv } from "./document.ts";
import { startTestApp, TEST_ORIGIN, type TestApp } from "../helpers/app.ts";
import { writeSetting } from "../../src/store/settings.ts";

/**
 * /.well-known/x402.json: every field of the API description's 2.6, pagination, one source of terms.
 * No socket is needed: the app handles each request in process, on a clock the tests move.
 */
const TREASURY = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";
const OTHER_TREASURY = "0x90F79bf6EB2c4f870365E785982E1f101E93b906";
const PUBLIC = "https://vellum.example.com";
const START_MS = Date.UTC(2026, 10, 23, 12, 0, 0);
let clockMs = START_MS;
const now = () => clockMs;
let withPublicUrl: TestApp;
let withoutPublicUrl: TestApp;

beforeAll(async () => {
  [withPublicUrl, withoutPublicUrl] = await Promise.all([
    startTestApp({ payTo: TREASURY, rpcUrls: ["http://127.0.0.1:9"], publicUrl: PUBLIC }, { now }),
    startTestApp({ rpcUrls: ["http://127.0.0.1:9"] }, { now, settingsPollMs: 10 }),
  ]);
});
afterAll(async () => {
  await Promise.all([withPublicUrl?.close(), withoutPublicUrl?.close()]);
});

const discovery = async (app: TestApp, query = "") => {
  const res = await app.request(`/.well-known/x402.json${query}`);
  // biome-ignore lint/suspicious/noExplicitAny: the test walks arbitrary fields of the JSON document
  return { status: res.status, body: (await res.json()) as any };
};

describe("the discovery document", () => {
  test("has every field of section 2.6, with absolute URLs from --public-url", async () => {
    const { status, body } = await discovery(withPublicUrl);
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual(["items", "pagination", "resources", "x402Version"]);
    expect(body.x402Version).toBe(2);
    expect(body.pagination).toEqual({ limit: 20, offset: 0, total: 1 });
    expect(body.items).toEqual(body.resources);
    const [entry] = body.resources;
    expect(Object.keys(entry).sort()).toEqual(
      [
        "accepts",
        "description",
        "docs",
        "iconUrl",
        "inputSchema",
        "lastUpdated",
        "metadata",
        "method",
        "mimeType",
        "outputExample",
        "resource",
        "serviceName",
        "settlement",
        "tags",
        "type",
        "x402Version",
      ].sort(),
    );
    expect(entry).toMatchObject({
      resource: `${PUBLIC}/extract`,
      type: "http",
      x402Version: 2,
      method: "POST",
      serviceName: "vellum",
      mimeType: "application/json",
      iconUrl: `${PUBLIC}/icon.svg`,
      docs: `${PUBLIC}/docs`,
      metadata: { category: expect.any(String), provider: "vellum", pricePerCallUsd: 0.01 },
    });
    expect(entry.tags.length).toBeGreaterThan(0);
    expect(entry.description).toContain("Markdown");
    expect(entry.outputExample).toEqual({ title: expect.any(String), markdown: expect.any(String), words: expect.any(Number) });
    expect(entry.outputExample.words).toBeGreaterThan(0);
    expect(entry.settlement).toContain(TREASURY);
    expect(entry.settlement).toContain(`${PUBLIC}/redeem`);
    expect(entry.settlement).toContain("txHash");
    expect(entry.settlement).toContain("2 confirmations");
  });

  test("lastUpdated is an integer Unix time (seconds) that stays put while the terms do", async () => {
    const a = (await discovery(withPublicUrl)).body.resources[0].lastUpdated;
    expect(a).toBe(START_MS / 1000); // when the app started, on the injected clock
    clockMs += 5_000;
    expect((await discovery(withPublicUrl)).body.resources[0].lastUpdated).toBe(a);
  });

  test("inputSchema accepts a URL and refuses what the route refuses", async () => {
    const { inputSchema } = (await discovery(withPublicUrl)).body.resources[0];
    const validate = newAjv().compile(inputSchema);
    expect(inputSchema).toMatchObject({ type: "object", required: ["url"], properties: { url: { type: "string", format: "uri" } } });
    expect(validate({ url: "https://blog.example.com/post" })).toBe(true);
    expect(validate({})).toBe(false);
    expect(validate({ url: 5 })).toBe(false);
    expect(validate({ url: "not a url" })).toBe(false);
  });

  test("accepts equal the accepts of a 402, and the entry describes the resource the 402 names", async () => {
    const [{ body }, res] = await Promise.all([
      discovery(withPublicUrl),
      withPublicUrl.request("/extract", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ url: "https://blog.example.com/post" }),
      }),
    ]);
    expect(res.status).toBe(402);
    const terms = await res.json();
    const [entry] = body.resources;
    expect(entry.accepts).toEqual(terms.accepts);
    expect(entry.accepts).toHaveLength(1);
    const { url, ...resource } = terms.resource;
    expect(url).toBe(entry.resource);
    expect(resource).toEqual({
      description: entry.description,
      mimeType: entry.mimeType,
      serviceName: entry.serviceName,
      tags: entry.tags,
      iconUrl: entry.iconUrl,
    });
  });

  test("without --public-url, URLs use the request's own host", async () => {
    const [entry] = (await discovery(withoutPublicUrl)).body.resources;
    expect(entry.resource).toBe(`${TEST_ORIGIN}/extract`);
    expect(entry.docs).toBe(`${TEST_ORIGIN}/docs`);
    expect(entry.iconUrl).toBe(`${TEST_ORIGIN}/icon.svg`);
  });

  test("the docs and icon URLs resolve", async () => {
    const [entry] = (await discovery(withoutPublicUrl)).body.resources;
    const icon = await withoutPublicUrl.request(entry.iconUrl);
    expect(icon.status).toBe(200);
    expect(icon.headers.get("content-type")).toBe("image/svg+xml");
    expect(await icon.text()).toStartWith("<svg");
    const docs = await withoutPublicUrl.request(entry.docs);
    expect(docs.status).toBe(200);
    expect(docs.headers.get("content-type")).toStartWith("text/html");
  });

  test("a pay-to address set while running changes accepts and moves lastUpdated", async () => {
    const before = (await discovery(withoutPublicUrl)).body.resources[0];
    expect(before.accepts).toEqual([]); // nothing is sold yet
    expect(before.settlement).toContain("not configured");
    clockMs += 7_000;
    await writeSetting(withoutPublicUrl.db, "payTo", OTHER_TREASURY);
    let after = before;
    // The settings are polled every 10 ms here (2 s in a server).
    for (let i = 0; i < 200 && after.accepts.length === 0; i++) {
      await Bun.sleep(10);
      after = (await discovery(withoutPublicUrl)).body.resources[0];
    }
    expect(after.accepts).toEqual([expect.objectContaining({ payTo: OTHER_TREASURY })]);
    expect(after.lastUpdated).toBeGreaterThan(before.lastUpdated);
    expect(after.lastUpdated).toBe(Math.floor(clockMs / 1000)); // the injected clock when the change was seen
  });
});

describe("pagination", () => {
  const cases: [string, number, { limit: number; offset: number; total: number }, number][] = [
    ["?limit=1", 200, { limit: 1, offset: 0, total: 1 }, 1],
    ["?limit=100", 200, { limit: 100, offset: 0, total: 1 }, 1],
    ["?offset=1", 200, { limit: 20, offset: 1, total: 1 }, 0],
    ["?limit=5&offset=0", 200, { limit: 5, offset: 0, total: 1 }, 1],
  ];
  for (const [query, status, pagination, count] of cases) {
    test(`${query} gives ${count} entr${count === 1 ? "y" : "ies"}`, async () => {
      const { status: got, body } = await discovery(withPublicUrl, query);
      expect(got).toBe(status);
      expect(body.pagination).toEqual(pagination);
      expect(body.resources).toHaveLength(count);
      expect(body.items).toEqual(body.resources);
    });
  }

  for (const query of ["?limit=0", "?limit=101", "?limit=1.5", "?limit=abc", "?limit=", "?offset=-1", "?offset=0.5", "?offset=x"]) {
    test(`${query} is refused with 400 invalid_request`, async () => {
      const { status, body } = await discovery(withPublicUrl, query);
      expect(status).toBe(400);
      expect(body.error).toBe("invalid_request");
      expect(typeof body.message).toBe("string");
    });
  }
});
