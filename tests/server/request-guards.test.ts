// Requests refused before any route (issue 11): malformed requests, HEAD /extract, oversized JSON
// bodies, and a second server on a busy port. Raw sockets send what fetch() would not.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import net from "node:net";
import { startServer } from "../../src/cli/serve.ts";
import { ConfigError } from "../../src/config.ts";
import { silentLogger } from "../../src/log.ts";
import { startTestService, type TestService } from "../helpers/service.ts";
import { startTargetSite, type TargetSite } from "../helpers/target-site.ts";
import { tempDir } from "../helpers/temp.ts";

let service: TestService;
let site: TargetSite;

beforeAll(async () => {
  site = await startTargetSite();
  service = await startTestService({ allowPrivateTargets: site.allowEntry, freeCallsPerDay: "5" });
});
afterAll(async () => {
  await service.close();
  await site.close();
});

/** Sends raw bytes and returns the status line and body of the answer. */
function raw(port: number, request: string): Promise<{ status: number; head: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    let data = "";
    socket.on("data", (chunk) => {
      data += chunk.toString("latin1");
    });
    socket.on("error", reject);
    socket.on("end", () => {
      const [head = "", body = ""] = data.split("\r\n\r\n");
      resolve({ status: Number(/^HTTP\/1\.[01] (\d{3})/.exec(head)?.[1] ?? 0), head, body });
    });
    socket.write(request);
    setTimeout(() => socket.end(), 1500).unref();
  });
}

describe("malformed requests are 400 invalid_request, never 500", () => {
  test.each([
    ["a Host with a space", "GET /extract?url=https://example.com/ HTTP/1.1\r\nHost: a b\r\nConnection: close\r\n\r\n"],
    ["a port out of range", "GET /extract?url=https://example.com/ HTTP/1.1\r\nHost: example.com:99999\r\nConnection: close\r\n\r\n"],
    ["an unclosed IPv6 bracket", "GET /health HTTP/1.1\r\nHost: [::1\r\nConnection: close\r\n\r\n"],
    ["HTTP/1.0 without Host", "GET /extract?url=https://example.com/ HTTP/1.0\r\n\r\n"],
    ["CONNECT", "CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\nConnection: close\r\n\r\n"],
  ])("%s", async (_name, request) => {
    const answer = await raw(service.port, request);
    expect(answer.status).toBe(400);
    if (answer.body.startsWith("{")) expect(JSON.parse(answer.body).error).toBe("invalid_request");
    // The service still answers normally afterwards.
    expect((await service.get("/health")).status).toBe(200);
  });
});

describe("HEAD /extract", () => {
  test("is 405 with Allow: GET, POST, and neither fetches nor charges", async () => {
    const before = site.hits("/article-simple");
    for (let i = 0; i < 6; i++) {
      const response = await service.get(`/extract?url=${encodeURIComponent(site.url("/article-simple"))}&free=1`, { method: "HEAD" });
      expect(response.status).toBe(405);
      expect(response.headers.get("allow")).toBe("GET, POST");
    }
    expect(site.hits("/article-simple")).toBe(before);
    // The free allowance (5 a day) is untouched: a real call still gets all of it.
    const call = await service.get(`/extract?url=${encodeURIComponent(site.url("/article-simple"))}&free=1`);
    expect(call.status).toBe(200);
    expect((await call.json()).usage.freeCallsRemainingToday).toBe(4);
  });
});

describe("JSON body limit", () => {
  test.each(["/extract", "/redeem", "/kit/redeem"])(
    "a body declared over 64 KiB to %s is 413 too_large before it is read",
    async (path) => {
      // Only the head is sent, with a 100 MB Content-Length: the answer must come without the body.
      const answer = await raw(
        service.port,
        `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100000000\r\n\r\n{"url":"`,
      );
      expect(answer.status).toBe(413);
      expect(JSON.parse(answer.body)).toMatchObject({ error: "too_large" });
    },
  );

  test("a body just under the limit is read and judged on its content", async () => {
    const response = await service.post("/extract?free=1", { url: site.url("/article-simple"), pad: "x".repeat(60 * 1024) });
    expect(response.status).not.toBe(413);
  });

  test.each(["/extract", "/redeem"])("a chunked body (no Content-Length) to %s is 413 too_large without being read", async (path) => {
    const answer = await raw(
      service.port,
      `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n10000\r\n{"url":"`,
    );
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({ error: "too_large" });
  });
});

describe("a second server on a busy port", () => {
  test("refuses to start, naming the address", async () => {
    const dir = tempDir("vellum-port-");
    const attempt = startServer({ http: `127.0.0.1:${service.port}`, workers: "1", dir }, {}, { log: silentLogger });
    const error = await attempt.then(
      async (running) => {
        await running.stop("test");
        return null;
      },
      (err: unknown) => err,
    );
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toContain(`127.0.0.1:${service.port}`);
    expect((error as Error).message).toContain("already in use");
  });
});
