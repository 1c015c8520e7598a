import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { startTestService, type TestService } from "../helpers/service.ts";

/**
 * Issue 15's options in the published contract: every /extract option is a documented parameter
 * whose description Swagger UI shows (on the parameter, not only inside its schema), the Markdown
 * answer and its headers are documented with examples, browsers may read the new headers, and the
 * README names every option and flag.
 */
let svc: TestService;
// biome-ignore lint/suspicious/noExplicitAny: the published document is walked freely here
type Json = Record<string, any>;
let doc: Json;

beforeAll(async () => {
  svc = await startTestService({});
  doc = await svc.get("/openapi.json").then((r) => r.json());
});
afterAll(async () => {
  await svc?.close();
});

const OPTIONS = ["format", "include", "exclude", "mode", "maxChars"];

describe("/openapi.json", () => {
  test("GET /extract: every parameter carries its own description (what Swagger UI displays)", () => {
    const parameters = doc.paths["/extract"].get.parameters as Json[];
    for (const name of ["url", "free", ...OPTIONS]) {
      const p = parameters.find((x) => x.name === name && x.in === "query");
      expect(p, name).toBeDefined();
      expect(typeof p!.description, name).toBe("string");
      expect(p!.description.length, name).toBeGreaterThan(10);
    }
    for (const header of ["accept", "cache-control", "authorization", "x-free-trial"]) {
      const p = parameters.find((x) => x.name === header && x.in === "header");
      expect(p?.description, header).toBeString();
    }
    expect(parameters.find((x) => x.name === "include")!.example).toBe("article, .post-body");
  });

  test("GET /extract: the result's pageType names the four values and null", () => {
    const schema = doc.paths["/extract"].get.responses["200"].content["application/json"].schema;
    const resolved = schema.$ref ? doc.components.schemas[schema.$ref.split("/").pop()] : schema;
    const values = JSON.stringify(resolved.properties.pageType);
    for (const value of ["article", "documentation", "forum", "product", "null"]) expect(values).toContain(`"${value}"`);
  });

  test("POST /extract: the options are body fields, and ?format is a query parameter", () => {
    const op = doc.paths["/extract"].post;
    const body = op.requestBody.content["application/json"].schema;
    for (const name of OPTIONS) expect(body.properties[name]?.description, name).toBeString();
    expect((op.parameters as Json[]).find((x) => x.name === "format")?.description).toBeString();
  });

  test("the 200 answer: JSON with truncated/cache, text/markdown with real examples, and the headers", () => {
    for (const method of ["get", "post"]) {
      const ok = doc.paths["/extract"][method].responses["200"];
      const json = ok.content["application/json"].schema;
      expect(json.required).toEqual(expect.arrayContaining(["truncated", "cache"]));
      expect(json.properties.cacheAgeSeconds.type).toBe("integer");
      const md = ok.content["text/markdown"];
      expect(Object.keys(md.examples)).toEqual(expect.arrayContaining(["free", "pdf", "aimed", "cache_hit"]));
      expect(md.examples.pdf.value).toStartWith(
        '---\nurl: "https://blog.example.com/doc.pdf?pages=2"\ntitle: "Field Notes on Streaming Parsers"',
      );
      expect(md.examples.aimed.value).toContain("\ntruncated: true\n---\n");
      for (const h of ["X-Cache", "X-Cache-Age", "X-Usage-Mode", "X-Calls-Remaining", "X-Free-Calls-Remaining-Today", "X-Truncated"])
        expect(ok.headers[h]?.description, h).toBeString();
    }
    expect(doc.paths["/extract"].get.responses["400"].content["application/json"].examples.invalid_selector.value.message).toContain(
      '"div["',
    );
  });

  test("/mcp, /llms.txt and / are documented", () => {
    expect(doc.paths["/mcp"].post.responses["200"]).toBeDefined();
    expect(doc.paths["/llms.txt"].get.responses["200"].content["text/plain"]).toBeDefined();
    expect(doc.paths["/"].get.responses["200"].content["application/json"].schema.properties.mcp).toBeDefined();
    expect(doc.info.description).toContain("## Client snippets");
  });
});

test("browsers may send Cache-Control and the MCP headers, and read the cache and billing headers", async () => {
  const pre = await svc.get("/extract", { method: "OPTIONS" });
  const allowed = (pre.headers.get("access-control-allow-headers") ?? "").toLowerCase().split(/\s*,\s*/);
  expect(allowed).toEqual(expect.arrayContaining(["cache-control", "mcp-protocol-version", "mcp-session-id"]));
  const exposed = (pre.headers.get("access-control-expose-headers") ?? "").toLowerCase().split(/\s*,\s*/);
  expect(exposed).toEqual(
    expect.arrayContaining([
      "x-cache",
      "x-cache-age",
      "x-truncated",
      "x-usage-mode",
      "x-calls-remaining",
      "x-charged-usd",
      "x-free-calls-remaining-today",
    ]),
  );
});

test("the README documents every option, flag, header and endpoint of the agent features", () => {
  const readme = readFileSync(join(import.meta.dir, "../../README.md"), "utf8");
  for (const word of [
    "`--cache-ttl SECONDS`",
    "`--cache-max-mb N`",
    "`cacheTtl`",
    "`include`",
    "`exclude`",
    "`mode=full`",
    "`maxChars`",
    "`format=markdown`",
    "`Accept: text/markdown`",
    "`Cache-Control: no-cache`",
    "`X-Cache`",
    "`X-Usage-Mode`",
    "`POST /mcp`",
    "`GET /llms.txt`",
    "`application/pdf`",
    "`text/plain`",
  ])
    expect(readme, word).toContain(word);
});
