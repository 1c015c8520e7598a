import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createPublicClient, http, toHex } from "viem";
import { llmsTxt, withBase } from "../../src/server/routes/landing.ts";
import { SNIPPETS, snippetsMarkdown } from "../../src/server/snippets.ts";
import { anvilAccounts, startAnvil, type Anvil } from "../helpers/anvil.ts";
import { startTestService, type TestService } from "../helpers/service.ts";
import { SIMPLE_ARTICLE, startTargetSite, type TargetSite } from "../helpers/target-site.ts";

/**
 * The client snippets of the README, /docs and /llms.txt (src/server/snippets.ts) are run here as
 * a user would paste them: curl in bash, the TypeScript ones with bun, against a real server, a
 * real target site and, for the payment, anvil with the test USDC. If one rots, this fails.
 */
let site: TargetSite;
let anvil: Anvil;
let svc: TestService;
// Inside the repository so the snippets' imports (viem) resolve from its node_modules.
const RUN_DIR = join(import.meta.dir, ".snippets-run");

beforeAll(async () => {
  mkdirSync(RUN_DIR, { recursive: true });
  site = await startTargetSite();
  anvil = await startAnvil({ blockTime: 1 });
  svc = await startTestService({
    allowPrivateTargets: site.allowEntry,
    payTo: anvilAccounts.treasury.address,
    rpcUrls: [anvil.rpcUrl],
    confirmations: "2",
    freeCallsPerDay: "100",
  });
});
afterAll(async () => {
  await svc?.close();
  await anvil?.stop();
  await site?.close();
  rmSync(RUN_DIR, { recursive: true, force: true });
});

const code = (id: string) => SNIPPETS.find((s) => s.id === id)!.code;

async function run(cmd: string[], env: Record<string, string>): Promise<string> {
  const proc = Bun.spawn(cmd, {
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "/tmp", ...env },
    stdout: "pipe",
    stderr: "pipe",
  });
  const [out, err, status] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
  if (status !== 0) throw new Error(`${cmd.join(" ")} exited ${status}: ${err}`);
  return out;
}

async function runTs(id: string, env: Record<string, string>): Promise<string> {
  const file = join(RUN_DIR, `${id}.ts`);
  writeFileSync(file, code(id));
  return run([process.execPath, file], env);
}

describe("the snippets run", () => {
  test("curl: Markdown on the free trial, then JSON without nav and footer, cut at 4000 characters", async () => {
    const out = await run(["bash", "-c", code("curl")], { VELLUM: svc.url, PAGE: site.url("/article-simple") });
    expect(out.startsWith(`---\nurl: "${site.url("/article-simple")}"\ntitle: "${SIMPLE_ARTICLE.title}"`)).toBe(true);
    const json = JSON.parse(out.slice(out.indexOf('{"url"')));
    expect(json.title).toBe(SIMPLE_ARTICLE.title);
    expect(json.usage.mode).toBe("free");
    expect(json.length).toBeLessThanOrEqual(4000);
  });

  test("TypeScript with fetch, on the free trial and with a key bought by the viem snippet", async () => {
    const free = await runTs("fetch", { VELLUM: svc.url, PAGE: site.url("/article-simple") });
    expect(free).toContain(`${SIMPLE_ARTICLE.title} `);
    expect(free).toContain('mode: "free"');

    // Paying with viem and /redeem: the buyer holds test USDC on anvil (chain id 8453, as Base).
    // With a block time, the mint is only sent: wait until it is mined, or the snippet's transfer can
    // land before it in the same block and revert.
    const minted = await anvil.mint(anvilAccounts.buyer.address, 5_000_000n);
    await createPublicClient({ transport: http(anvil.rpcUrl) }).waitForTransactionReceipt({ hash: minted, pollingInterval: 100 });
    const privateKey = toHex(anvilAccounts.buyer.getHdKey().privateKey!);
    const redeemed = await runTs("viem", { VELLUM: svc.url, PRIVATE_KEY: privateKey, RPC_URL: anvil.rpcUrl });
    const [apiKey, calls] = redeemed.trim().split(/\s+/);
    expect(apiKey).toMatch(/^vk_/);
    expect(calls).toBe("100");
    expect(await anvil.balanceOf(anvilAccounts.treasury.address)).toBeGreaterThanOrEqual(1_000_000n);

    const paid = await runTs("fetch", { VELLUM: svc.url, PAGE: site.url("/article-simple"), VELLUM_KEY: apiKey! });
    expect(paid).toContain('mode: "paid"');
    expect(paid).toContain("callsRemaining: 99");
  }, 60_000);
});

describe("the snippets are the ones shown", () => {
  test("the README has each, verbatim", () => {
    const readme = readFileSync(join(import.meta.dir, "../../README.md"), "utf8");
    for (const s of SNIPPETS) expect(readme).toContain(`\`\`\`${s.language}\n${s.code}\n\`\`\``);
  });

  test("/docs shows them (the OpenAPI description Swagger UI renders) and /llms.txt has them", async () => {
    const doc = await svc.get("/openapi.json").then((r) => r.json());
    expect(doc.info.description).toContain(snippetsMarkdown("###"));
    const llms = await svc.get("/llms.txt").then((r) => r.text());
    expect(llms).toBe(llmsTxt(svc.url, 100));
    for (const s of SNIPPETS) expect(llms).toContain(withBase(s.code, svc.url));
    expect(llms).toContain(`VELLUM=\${VELLUM:-${svc.url}}`);
  });
});
