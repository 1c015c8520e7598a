import { afterAll, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { startServer } from "../../src/cli/serve.ts";
import { createLogger } from "../../src/log.ts";
import { tempDir } from "../helpers/temp.ts";

const dir = tempDir();
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test("every request gets one log line with its request id and the status that was sent", async () => {
  const lines: string[] = [];
  const s = await startServer({ http: "127.0.0.1:0", dir }, {}, { log: createLogger({ format: "json", write: (l) => lines.push(l) }) });
  const json = { "content-type": "application/json" };
  const sent = [
    await fetch(s.url + "/health"),
    await fetch(s.url + "/extract", { method: "POST", headers: json, body: '{"url":"http://a.example/"}' }), // unpaid fast path
    await fetch(s.url + "/extract", {
      method: "POST",
      headers: { ...json, authorization: "Bearer nope" },
      body: '{"url":"http://a.example/"}',
    }),
    await fetch(s.url + "/extract?free=1&url=ftp://x"),
    await fetch(s.url + "/nope"),
  ];
  // The line is written after the answer is sent (Elysia's afterResponse): wait for the five, not a fixed time.
  const logged = () => lines.filter((l) => JSON.parse(l).msg === "request").length;
  for (let i = 0; i < 400 && logged() < 5; i++) await Bun.sleep(5);
  await s.stop();
  const requests = lines.map((l) => JSON.parse(l)).filter((l) => l.msg === "request");
  expect(requests.map((r) => r.status)).toEqual([200, 402, 402, 400, 404]);
  expect(requests.map((r) => r.req)).toEqual(sent.map((r) => r.headers.get("x-request-id")));
  expect(new Set(requests.map((r) => r.req)).size).toBe(5);
});

test("pretty lines are readable text, JSON lines parse", () => {
  const pretty: string[] = [];
  createLogger({ format: "pretty", write: (l) => pretty.push(l) }).info("request", { req: "ab12", status: 200 });
  expect(pretty[0]).toMatch(/INFO.*request.*req=ab12 status=200/);
  const json: string[] = [];
  createLogger({ format: "json", write: (l) => json.push(l) }).warn("x", { amount: 5n });
  expect(JSON.parse(json[0]!)).toMatchObject({ level: "warn", msg: "x", amount: "5" });
});
