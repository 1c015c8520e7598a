import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { Validator } from "@seriousme/openapi-schema-validator";
import { startTestService, type TestService } from "../helpers/service.ts";
import { tempDir } from "../helpers/temp.ts";
import { createApp } from "../../src/server/app.ts";
import { createServices } from "../../src/server/services.ts";
import { createLiveConfig } from "../../src/live-config.ts";
import { openDb } from "../../src/store/db.ts";
import { silentLogger } from "../../src/log.ts";
import { ENDPOINTS } from "../../src/server/routes/health.ts";
import { completeDocument } from "../../src/server/openapi.ts";
import { OUTPUT_EXAMPLE, SAMPLE_INPUT } from "../../src/server/x402-discovery.ts";
import examples from "../../src/server/openapi-examples.json" with { type: "json" };
import { ResponseChecker, newAjv, openObjects, type OpenApiDocument, type Operation } from "./document.ts";

/** /openapi.json as a document: valid OpenAPI 3.1, complete, strict, with real examples. */
let svc: TestService;
let doc: OpenApiDocument;

beforeAll(async () => {
  svc = await startTestService({ payTo: "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC", rpcUrls: ["http://127.0.0.1:9"] });
  doc = (await (await svc.get("/openapi.json")).json()) as OpenApiDocument;
});
afterAll(async () => {
  await svc?.close();
});

const op = (path: string, method: string): Operation => {
  const operation = doc.paths[path]?.[method];
  if (!operation) throw new Error(`${method.toUpperCase()} ${path} is not documented`);
  return operation;
};

describe("the document", () => {
  test("is valid OpenAPI 3.1 (checked by @seriousme/openapi-schema-validator)", async () => {
    const result = await new Validator().validate(doc as never);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.info).toMatchObject({ title: "vellum API", version: "1.1.0" });
  });

  test("a broken document does fail the validator", async () => {
    const broken = structuredClone(doc) as Record<string, unknown>;
    delete broken.info;
    expect((await new Validator().validate(broken as never)).valid).toBe(false);
  });

  test("every endpoint /health lists is documented with its method", () => {
    const documented = Object.entries(doc.paths).flatMap(([path, item]) => Object.keys(item).map((m) => `${m.toUpperCase()} ${path}`));
    expect(ENDPOINTS.filter((e) => !documented.includes(e))).toEqual([]);
  });

  test("every route the app serves is documented (a route added without a schema fails here)", async () => {
    const dir = tempDir();
    const db = await openDb(dir);
    const live = await createLiveConfig({ flags: { dir }, env: {}, db, log: silentLogger });
    const services = await createServices({ live, log: silentLogger, db });
    try {
      const app = createApp({ db, live, log: silentLogger, ...services.appDeps });
      const served = app.routes
        .filter(
          (r) =>
            !(r.hooks as { detail?: { hide?: boolean } } | undefined)?.detail?.hide || r.path === "/openapi.json" || r.path === "/docs",
        )
        .map((r) => `${r.method.toLowerCase()} ${r.path}`);
      const undocumented = served.filter((route) => {
        const [method, path] = route.split(" ") as [string, string];
        return !doc.paths[path]?.[method]?.responses;
      });
      expect(undocumented).toEqual([]);
    } finally {
      await services.close();
      live.stop();
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test("every status code of the API description's section 7 is documented", () => {
    const section7: [string, string, number[]][] = [
      ["/extract", "get", [200, 400, 402, 403, 413, 422, 502]],
      ["/extract", "post", [200, 400, 402, 403, 413, 422, 502]],
      ["/redeem", "post", [200, 400, 409, 425]],
      ["/balance", "get", [200, 401]],
      ["/kit/redeem", "post", [200, 400, 409, 425]],
      ["/kit/download", "get", [200, 403, 429]],
      ["/kit/info", "get", [200]],
      ["/health", "get", [200]],
      ["/openapi.json", "get", [200]],
      ["/.well-known/x402.json", "get", [200]],
    ];
    const missing = section7.flatMap(([path, method, statuses]) =>
      statuses.filter((s) => !doc.paths[path]?.[method]?.responses?.[String(s)]).map((s) => `${method.toUpperCase()} ${path} ${s}`),
    );
    expect(missing).toEqual([]);
  });

  test("every error other than 402 is the { error, message } envelope with its codes enumerated", () => {
    const loose: string[] = [];
    for (const [path, item] of Object.entries(doc.paths))
      for (const [method, operation] of Object.entries(item))
        for (const [status, response] of Object.entries(operation.responses)) {
          if (Number(status) < 400 || status === "402" || method === "head") continue; // HEAD answers carry no body
          const schema = response.content?.["application/json"]?.schema as
            | { required?: string[]; properties?: Record<string, { enum?: string[] }>; additionalProperties?: boolean }
            | undefined;
          const ok =
            schema?.required?.includes("error") &&
            schema.required.includes("message") &&
            (schema.properties?.error?.enum?.length ?? 0) > 0 &&
            schema.additionalProperties === false;
          if (!ok) loose.push(`${method.toUpperCase()} ${path} ${status}`);
        }
    expect(loose).toEqual([]);
  });

  test("402 carries the PaymentRequired schema and the PAYMENT-REQUIRED header; 425/429/503 Retry-After", () => {
    for (const method of ["get", "post"]) {
      const r402 = op("/extract", method).responses["402"]!;
      expect(r402.headers?.["PAYMENT-REQUIRED"]).toMatchObject({ required: true, schema: { type: "string" } });
      const schema = r402.content?.["application/json"]?.schema as { required: string[]; properties: Record<string, unknown> };
      expect(schema.required).toEqual(expect.arrayContaining(["x402Version", "resource", "accepts", "extensions"]));
      expect(Object.keys(schema.properties.extensions as object)).toContain("properties");
    }
    expect(op("/redeem", "post").responses["425"]!.headers?.["Retry-After"]).toMatchObject({ required: true, schema: { type: "integer" } });
    expect(op("/extract", "post").responses["503"]!.headers?.["Retry-After"]).toMatchObject({ schema: { type: "integer" } });
    const statuses429 = Object.values(doc.paths).flatMap((item) =>
      Object.values(item)
        .map((o) => o.responses["429"])
        .filter(Boolean),
    );
    for (const r of statuses429) expect(r!.headers?.["Retry-After"]).toMatchObject({ required: true });
  });

  test("the free query, the X-Free-Trial header and the bearer scheme are documented", () => {
    for (const method of ["get", "post"]) {
      const params = op("/extract", method).parameters ?? [];
      expect(params.find((p) => p.in === "query" && p.name === "free")?.schema).toMatchObject({ const: "1" });
      expect(params.find((p) => p.in === "header" && p.name.toLowerCase() === "x-free-trial")).toBeDefined();
      expect(op("/extract", method).security).toEqual([{ bearerAuth: [] }, {}]);
    }
    expect(op("/extract", "get").parameters?.find((p) => p.in === "query" && p.name === "url")).toMatchObject({
      required: true,
      schema: { type: "string", format: "uri" },
    });
    expect(op("/extract", "post").requestBody?.content["application/json"]?.schema).toMatchObject({
      required: ["url"],
      properties: { url: { type: "string", format: "uri" } },
    });
    expect(op("/balance", "get").security).toEqual([{ bearerAuth: [] }, { signInWithX: [] }]);
    expect(doc.components?.securitySchemes?.bearerAuth).toMatchObject({ type: "http", scheme: "bearer" });
  });

  test("response objects with declared fields are closed (additionalProperties: false)", () => {
    // Free-form places (the bazaar extension's input and JSON Schema, the discovery entry's input
    // schema) are records, which declare no properties and so are not listed here.
    expect(openObjects(doc)).toEqual([]);
  });

  test("integers are integers (Elysia's string-or-integer coercion is not published)", () => {
    expect(JSON.stringify(doc)).not.toContain('"format":"integer"');
  });

  test("servers come from --public-url, and are left out without it", () => {
    expect(doc.servers).toBeUndefined();
    expect(
      completeDocument({ paths: {} }, { publicUrl: "https://api.example.org", examples: { requests: {}, responses: {} } }).servers,
    ).toEqual([{ url: "https://api.example.org" }]);
  });
});

describe("examples taken from real responses (src/server/openapi-examples.json)", () => {
  const captured = examples as unknown as {
    requests: Record<string, unknown>;
    responses: Record<string, Record<string, Record<string, { value: unknown }>>>;
  };

  test("each one still matches the schema of its operation and status", async () => {
    const checker = new ResponseChecker(doc);
    const stale: string[] = [];
    for (const [opKey, byStatus] of Object.entries(captured.responses))
      for (const [status, named] of Object.entries(byStatus))
        for (const [name, { value }] of Object.entries(named)) {
          const spec = checker.spec(opKey, Number(status));
          const schema = typeof spec === "string" ? undefined : spec.content?.["application/json"]?.schema;
          if (!schema) {
            stale.push(`${opKey} ${status} ${name}: not documented`);
            continue;
          }
          const validate = checker.validator(opKey, Number(status), schema);
          if (!validate(value)) stale.push(`${opKey} ${status} ${name}: ${JSON.stringify(validate.errors)}`);
        }
    expect(stale).toEqual([]);
  });

  test("every documented JSON response has one (refresh: npm run openapi:examples)", () => {
    const without: string[] = [];
    for (const [path, item] of Object.entries(doc.paths))
      for (const [method, operation] of Object.entries(item))
        for (const [status, response] of Object.entries(operation.responses)) {
          if (!response.content?.["application/json"] || `${method} ${path}` === "get /openapi.json") continue;
          if (Object.keys(response.content["application/json"].examples ?? {}).length === 0) without.push(`${method} ${path} ${status}`);
        }
    expect(without).toEqual([]);
  });

  test("the document shows them, and request bodies have an example too", () => {
    const ok = op("/extract", "post").responses["200"]!.content!["application/json"]!.examples!;
    expect(Object.keys(ok)).toEqual(["free", "paid", "pdf", "aimed", "cache_hit"]);
    expect((ok.free!.value as { usage: { mode: string } }).usage.mode).toBe("free");
    expect(op("/extract", "post").requestBody?.content["application/json"]?.example).toEqual({
      url: "https://blog.example.com/article-simple",
    });
    expect(op("/redeem", "post").requestBody?.content["application/json"]?.example).toMatchObject({
      txHash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
    });
  });

  test("the bazaar and discovery sample (a constant in src/server/x402-discovery.ts) agrees with the captured real call", () => {
    expect(captured.requests["post /extract"]).toEqual(SAMPLE_INPUT);
    const article = Object.values(captured.responses["post /extract"]!["200"]!)[0]!.value as {
      title: string;
      markdown: string;
      words: number;
    };
    expect(OUTPUT_EXAMPLE.title).toBe(article.title);
    expect(OUTPUT_EXAMPLE.words).toBe(article.words);
    expect(article.markdown.startsWith(OUTPUT_EXAMPLE.markdown.replace(/ …$/, ""))).toBe(true);
    expect(OUTPUT_EXAMPLE.markdown.length).toBeLessThanOrEqual(402);
  });

  test("the ajv used here rejects what it should (so the checks above can fail)", () => {
    const validate = newAjv().compile({ type: "object", properties: { a: { type: "integer" } }, additionalProperties: false });
    expect(validate({ a: 1 })).toBe(true);
    expect(validate({ a: "1" })).toBe(false);
    expect(validate({ a: 1, b: 2 })).toBe(false);
  });
});
