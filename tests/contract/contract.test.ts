import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { perform, scenarios, startContractEnv, type ContractEnv } from "./harness.ts";
import { ResponseChecker, documentedStatuses, type OpenApiDocument } from "./document.ts";

/**
 * Every endpoint through its success and error paths against the real server, and every real
 * response checked against what /openapi.json says for that operation and status: a status the
 * document does not list, a body field its schema lacks, a wrong media type or a missing required
 * header fails here.
 */
let env: ContractEnv;
let checker: ResponseChecker;
let doc: OpenApiDocument;

beforeAll(async () => {
  env = await startContractEnv();
  doc = (await (await env.main.get("/openapi.json")).json()) as OpenApiDocument;
  checker = new ResponseChecker(doc);
});
afterAll(async () => {
  await env?.close();
});

const table = scenarios();

describe("every real response matches the document", () => {
  for (const scenario of table) {
    test(`${scenario.op} → ${scenario.status}${scenario.code ? ` ${scenario.code}` : ""}: ${scenario.name}`, async () => {
      const { res } = await perform(env, scenario);
      const { problems, body } = await checker.check(scenario.op, res);
      expect({ status: res.status, problems }).toEqual({ status: scenario.status, problems: [] });
      // A HEAD answer has no body to carry the code.
      if (scenario.code && !scenario.op.startsWith("head ")) expect((body as { error?: string }).error).toBe(scenario.code);
    }, 60_000);
  }
});

describe("coverage", () => {
  test("every documented status of every operation is driven by a scenario", () => {
    const driven = new Set(table.map((s) => `${s.op} ${s.status}`));
    const missing: string[] = [];
    for (const [op, statuses] of documentedStatuses(doc))
      for (const status of statuses) if (!driven.has(`${op} ${status}`)) missing.push(`${op} ${status}`);
    expect(missing).toEqual([]);
  });

  test("every scenario names a documented operation", () => {
    const ops = new Set(documentedStatuses(doc).keys());
    expect(table.map((s) => s.op).filter((op) => !ops.has(op))).toEqual([]);
  });
});

describe("the checker itself", () => {
  const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
    new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });

  test("fails a status the document does not list", async () => {
    const { problems } = await checker.check("get /health", json(418, { error: "teapot", message: "no" }));
    expect(problems).toEqual(["GET /health answered 418, a status the document does not list"]);
  });

  test("fails a field the schema does not have", async () => {
    const health = await (await env.main.get("/health")).json();
    const { problems } = await checker.check("get /health", json(200, { ...health, secret: 1 }));
    expect(problems).toEqual(["body: must NOT have additional properties (secret)"]);
  });

  test("fails an error code the operation does not list", async () => {
    const { problems } = await checker.check("get /balance", json(401, { error: "invalid_api_key", message: "x" }));
    expect(problems).toEqual(["body/error: must be equal to one of the allowed values"]);
  });

  test("fails a 425 without Retry-After", async () => {
    const { problems } = await checker.check("post /redeem", json(425, { error: "pending", message: "wait" }));
    expect(problems).toEqual(["the required header Retry-After is missing"]);
  });
});
