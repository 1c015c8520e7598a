import { afterAll, beforeAll, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { requireBinary, spawnServer, type SpawnedServer } from "../helpers/binary.ts";
import { TEXT_PDF } from "../helpers/pdf-fixtures.ts";
import { PLAIN_TEXT, startTargetSite, type TargetSite } from "../helpers/target-site.ts";
import { tempDir } from "../helpers/temp.ts";

/**
 * The compiled binary (dist/vellum) as users run it, driven by the MCP SDK's own client: PDF text
 * (unpdf inside the binary's worker), plain text, the cache flags, /llms.txt and /.
 */
let site: TargetSite;
let server: SpawnedServer;
const dir = tempDir();

beforeAll(async () => {
  site = await startTargetSite();
  server = await spawnServer(
    [requireBinary()],
    [
      "--dir",
      dir,
      "--allow-private-targets",
      site.allowEntry,
      "--free-calls-per-day",
      "20",
      "--cache-ttl",
      "600",
      "--cache-max-mb",
      "8",
      "--workers",
      "1",
    ],
  );
});
afterAll(async () => {
  await server?.stop();
  await site?.close();
  rmSync(dir, { recursive: true, force: true });
});

const textOf = (result: unknown) => (result as { content: { text: string }[] }).content[0]?.text ?? "";

test("the MCP client extracts a 20-page PDF and a text file through the compiled binary, the second PDF call from the cache", async () => {
  const client = new Client({ name: "vellum-binary-test", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`)));
  expect((await client.listTools()).tools.map((t) => t.name).sort()).toEqual(["balance", "extract"]);

  const pdf = await client.callTool({ name: "extract", arguments: { url: site.url("/doc.pdf"), format: "json" } });
  expect(pdf.isError).toBeFalsy();
  const body = JSON.parse(textOf(pdf));
  expect(body.title).toBe(TEXT_PDF.title);
  expect(body.byline).toBe(TEXT_PDF.author);
  for (const n of [1, 10, 20]) expect(body.markdown).toContain(`# ${TEXT_PDF.heading(n)}`);
  expect(body.cache).toBe("miss");
  const fetches = site.hits("/doc.pdf");
  const again = JSON.parse(textOf(await client.callTool({ name: "extract", arguments: { url: site.url("/doc.pdf"), format: "json" } })));
  expect(again.cache).toBe("hit");
  expect(site.hits("/doc.pdf")).toBe(fetches);

  const notes = textOf(await client.callTool({ name: "extract", arguments: { url: site.url("/notes.txt") } }));
  expect(notes).toContain("```text\n" + PLAIN_TEXT.trimEnd() + "\n```");
  const balance = JSON.parse(textOf(await client.callTool({ name: "balance", arguments: {} })));
  expect(balance.freeCallsRemainingToday).toBe(17);
  await client.close();
});

test("the binary serves /llms.txt and a landing answer at /", async () => {
  const llms = await fetch(`${server.url}/llms.txt`);
  expect(llms.headers.get("content-type")).toStartWith("text/plain");
  const text = await llms.text();
  expect(text.startsWith("# vellum\n\n> ")).toBe(true);
  expect(text).toContain(`${server.url}/mcp`);
  const json = await fetch(`${server.url}/`).then((r) => r.json());
  expect(json.docs).toBe(`${server.url}/docs`);
  const html = await fetch(`${server.url}/`, { headers: { accept: "text/html" } });
  expect(html.headers.get("content-type")).toBe("text/html; charset=utf-8");
  expect(await html.text()).toContain(`href="${server.url}/llms.txt"`);
});
