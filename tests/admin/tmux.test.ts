import { afterAll, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { requireBinary } from "../helpers/binary.ts";
import { tempDir } from "../helpers/temp.ts";
import { openDb } from "../../src/store/db.ts";
import { readSettings } from "../../src/store/settings.ts";

/**
 * The compiled binary's console in a real terminal: tmux gives it a pty, send-keys types,
 * capture-pane reads the screen. .ci/run installs tmux from Debian's packages.
 */
const session = `vellum-admin-${process.pid}`;
const dir = tempDir("vellum-tmux-");
afterAll(() => {
  Bun.spawnSync(["tmux", "kill-session", "-t", session]);
  rmSync(dir, { recursive: true, force: true });
});

function tmux(...args: string[]): string {
  const r = Bun.spawnSync(["tmux", ...args], { stdout: "pipe", stderr: "pipe" });
  if (r.exitCode !== 0) throw new Error(`tmux ${args[0]} failed: ${r.stderr.toString()}`);
  return r.stdout.toString();
}

async function screenContains(text: string, timeoutMs = 10_000): Promise<string> {
  const end = Date.now() + timeoutMs;
  let screen = "";
  while (Date.now() < end) {
    screen = tmux("capture-pane", "-p", "-t", session);
    if (screen.includes(text)) return screen;
    await Bun.sleep(100);
  }
  throw new Error(`"${text}" never appeared; the screen was:\n${screen}`);
}

test("the compiled console runs in a real terminal: switches screens, saves a setting, quits and restores the shell", async () => {
  const binary = requireBinary();
  tmux("new-session", "-d", "-s", session, "-x", "110", "-y", "30", `${binary} admin --dir ${dir}; echo "exit=$?"; sleep 30`);
  // The header names every screen; wait for each screen's own text instead.
  await screenContains("Pay-to address");
  tmux("send-keys", "-t", session, "4");
  await screenContains("RPC URLs in fallback order");
  tmux("send-keys", "-t", session, "2");
  await screenContains("No kit imported");
  tmux("send-keys", "-t", session, "1");
  await screenContains("Pay-to address");
  tmux("send-keys", "-t", session, "e");
  await Bun.sleep(300);
  tmux("send-keys", "-t", session, "0x70997970c51812dc3a010c7d01b50e0d17dc79c8", "Enter");
  await screenContains("0x70997970C51812dc3A010C7d01b50e0d17dc79C8");
  const db = await openDb(join(dir));
  expect((await readSettings(db)).payTo).toBe("0x70997970C51812dc3A010C7d01b50e0d17dc79C8");
  await db.close();
  tmux("send-keys", "-t", session, "q");
  const after = await screenContains("exit=0");
  // The alternate screen is gone: the console's frame is no longer on the shell's screen.
  expect(after).not.toContain("Treasury");
});
