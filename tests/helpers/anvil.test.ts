import { expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { startAnvil } from "./anvil.ts";

/** Alive and not a zombie (a killed orphan may linger as one until init reaps it). */
function isRunning(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return !/^\d+ \(.*\) [ZX] /.test(stat);
  } catch {
    return false;
  }
}

async function waitUntilGone(pid: number, ms = 3_000): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (!isRunning(pid)) return true;
    await Bun.sleep(25);
  }
  return !isRunning(pid);
}

// A test process that starts anvil, reports its pid, then ends in the given way.
async function anvilPidOfChild(ending: "sigkill" | "exit" | "throw"): Promise<number> {
  const script = `
    import { startAnvil } from ${JSON.stringify(join(import.meta.dir, "anvil.ts"))};
    const anvil = await startAnvil({ bare: true });
    console.log(anvil.pid);
    if (${JSON.stringify(ending)} === "exit") process.exit(0);
    if (${JSON.stringify(ending)} === "throw") throw new Error("test crashed");
    await Bun.sleep(60_000);
  `;
  const child = Bun.spawn([process.execPath, "-e", script], { stdout: "pipe", stderr: "ignore" });
  const reader = child.stdout.getReader();
  let text = "";
  while (!text.includes("\n")) {
    const { value, done } = await reader.read();
    if (done) break;
    text += new TextDecoder().decode(value);
  }
  const pid = Number(text.trim());
  expect(pid).toBeGreaterThan(0);
  if (ending === "sigkill") child.kill("SIGKILL");
  await child.exited;
  return pid;
}

test("stop() kills anvil by its own pid", async () => {
  const anvil = await startAnvil({ bare: true });
  expect(await anvil.client.getChainId()).toBe(8453);
  expect(readFileSync(`/proc/${anvil.pid}/cmdline`, "utf8").split("\0")[0]).toEndWith("anvil");
  await anvil.stop();
  expect(await waitUntilGone(anvil.pid)).toBe(true);
  await anvil.stop(); // idempotent
});

test("a test process killed with SIGKILL leaves no anvil behind", async () => {
  const pid = await anvilPidOfChild("sigkill");
  expect(await waitUntilGone(pid)).toBe(true);
});

test("a test process that exits without stop() leaves no anvil behind", async () => {
  const pid = await anvilPidOfChild("exit");
  expect(await waitUntilGone(pid)).toBe(true);
});

test("a test process that crashes with an exception leaves no anvil behind", async () => {
  const pid = await anvilPidOfChild("throw");
  expect(await waitUntilGone(pid)).toBe(true);
});

test("options reach anvil: another chain id, mining off", async () => {
  const anvil = await startAnvil({ chainId: 84532, automine: false, bare: true });
  try {
    expect(await anvil.client.getChainId()).toBe(84532);
    expect(await anvil.client.getAutomine()).toBe(false);
  } finally {
    await anvil.stop();
  }
});
