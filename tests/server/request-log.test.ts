import { afterAll, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { startServer } from "../../src/cli/serve.ts";
import { createLogger } from "../../src/log.ts";
import { tempDir } from "../helpers/temp.ts";

const dir = tempDir();
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test("a request's log line carries the client behind a trusted proxy, the error code, the key prefix and the user agent", async () => {
  const lines: string[] = [];
  const s = await startServer(
    { http: "127.0.0.1:0", dir, trustedProxies: "127.0.0.1/32" },
    {},
    { log: createLogger({ format: "json", write: (l) => lines.push(l) }) },
  );
  const key = `vk_${"A".repeat(43)}`;
  try {
    // Through the trusted proxy (this test's 127.0.0.1): the client is the right-most untrusted hop.
    await fetch(`${s.url}/extract?url=http%3A%2F%2Fa.example%2F`, {
      headers: { "x-forwarded-for": "198.51.100.7, 203.0.113.9", "user-agent": "curl/8.5.0", authorization: `Bearer ${key}` },
    });
    // Unpaid fast path (402 before routing) and a route error (400) and a guard's answer (405).
    await fetch(`${s.url}/extract?url=http%3A%2F%2Fa.example%2F`, { headers: { "user-agent": `agent-${"x".repeat(500)}` } });
    await fetch(`${s.url}/extract?free=1&url=ftp://x`);
    await fetch(`${s.url}/extract?url=http%3A%2F%2Fa.example%2F`, { method: "HEAD" });
    await fetch(`${s.url}/health`);
  } finally {
    await Bun.sleep(50);
    await s.stop();
  }
  const requests = lines.map((l) => JSON.parse(l)).filter((l) => l.msg === "request");
  expect(requests).toHaveLength(5);
  const [paidTry, unpaid, bad, head, health] = requests;
  expect(paidTry).toMatchObject({ status: 402, client: "203.0.113.9", error: "invalid_api_key", key: "vk_AAAAAAA", ua: "curl/8.5.0" });
  // The key itself never reaches the log.
  expect(lines.join("\n")).not.toContain(key);
  expect(unpaid).toMatchObject({ status: 402, client: "127.0.0.1", error: "payment_required" });
  expect(unpaid.key).toBeUndefined();
  expect(unpaid.ua).toHaveLength(201); // cut at 200 characters and marked with …
  expect(bad).toMatchObject({ status: 400, error: "invalid_request" });
  expect(head).toMatchObject({ status: 405, error: "method_not_allowed" });
  expect(health.status).toBe(200);
  expect(health.error).toBeUndefined();
});

test("without trusted proxies, X-Forwarded-For is ignored: the client is the socket peer", async () => {
  const lines: string[] = [];
  const s = await startServer({ http: "127.0.0.1:0", dir }, {}, { log: createLogger({ format: "json", write: (l) => lines.push(l) }) });
  try {
    await fetch(`${s.url}/health`, { headers: { "x-forwarded-for": "198.51.100.7" } });
  } finally {
    await Bun.sleep(50);
    await s.stop();
  }
  const [line] = lines.map((l) => JSON.parse(l)).filter((l) => l.msg === "request");
  expect(line.client).toBe("127.0.0.1");
});
