import { afterAll, beforeAll, expect, test } from "bun:test";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { toHex } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { BASE_USDC, startAnvil, testUsdcAbi, type Anvil } from "../helpers/anvil.ts";
import { startTargetSite, type TargetSite } from "../helpers/target-site.ts";
import { startTestService, type TestService } from "../helpers/service.ts";
import { tempDir } from "../helpers/temp.ts";

// The README's "Paying from an x402 client" snippet is examples/x402-client.ts, run as a user would.
let anvil: Anvil;
let site: TargetSite;
let svc: TestService;
const dir = tempDir();
const example = join(import.meta.dir, "../../examples/x402-client.ts");

beforeAll(async () => {
  anvil = await startAnvil({ blockTime: 1 });
  site = await startTargetSite();
  const keyFile = join(dir, "settler.key");
  writeFileSync(keyFile, toHex(anvil.accounts.relayer.getHdKey().privateKey!), { mode: 0o600 });
  svc = await startTestService({
    allowPrivateTargets: site.allowEntry,
    rpcUrls: [anvil.rpcUrl],
    payTo: anvil.accounts.treasury.address,
    settlerKeyFile: keyFile,
  });
}, 60_000);
afterAll(async () => {
  await svc?.close();
  await site?.close();
  await anvil?.stop();
});

test("the README shows the example file verbatim (its code part)", () => {
  const readme = readFileSync(join(import.meta.dir, "../../README.md"), "utf8");
  const code = readFileSync(example, "utf8")
    .split("\n")
    .filter((l) => !l.startsWith("//") && !l.startsWith("const article") && !l.startsWith("console.log"));
  for (const line of code.filter((l) => l.trim())) expect(readme).toContain(line);
});

test("the snippet pays once, then comes back through SIWX", async () => {
  const key = generatePrivateKey();
  const hash = await anvil.client.writeContract({
    address: BASE_USDC,
    abi: testUsdcAbi,
    functionName: "mint",
    args: [privateKeyToAccount(key).address, 1_000_000n],
    account: anvil.accounts.minter.address,
  });
  await anvil.client.waitForTransactionReceipt({ hash });
  const run = async () => {
    const proc = Bun.spawn([process.execPath, example, site.url("/article-simple")], {
      env: { PATH: process.env.PATH ?? "", VELLUM_URL: svc.url, PRIVATE_KEY: key },
      cwd: join(import.meta.dir, "../.."),
      stdout: "pipe",
      stderr: "pipe",
    });
    const [out, err] = [await new Response(proc.stdout).text(), await new Response(proc.stderr).text()];
    expect(await proc.exited).toBe(0);
    return out + err;
  };
  expect(await run()).toMatch(/^200 .*callsRemaining: 99/s);
  expect(await run()).toMatch(/^200 .*callsRemaining: 98/s);
  expect(await anvil.balanceOf(privateKeyToAccount(key).address)).toBe(0n);
}, 60_000);
