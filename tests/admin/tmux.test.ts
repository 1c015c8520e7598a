import { afterAll, beforeAll, expect, test } from "bun:test";
import { existsSync, rmSync } from "node:fs";
import { join } from "node:path";
import { requireBinary } from "../helpers/binary.ts";
import { tempDir } from "../helpers/temp.ts";
import { openDb } from "../../src/store/db.ts";
import { readSettings } from "../../src/store/settings.ts";

/**
 * The compiled binary's console in a real terminal: tmux gives it a pty, send-keys types,
 * capture-pane reads the screen. .ci/run installs tmux from Debian's packages.
 */
const prefix = `vellum-admin-${process.pid}`;
const sessions: string[] = [];
const root = tempDir("vellum-tmux-");
const dir = join(root, "data");
beforeAll(async () => {
  // A data dir with a database, as a server leaves it (a dir without one makes the console ask first).
  await (await openDb(dir)).close();
});
afterAll(() => {
  for (const s of sessions) Bun.spawnSync(["tmux", "kill-session", "-t", s]);
  rmSync(root, { recursive: true, force: true });
});

function tmux(...args: string[]): string {
  const r = Bun.spawnSync(["tmux", ...args], { stdout: "pipe", stderr: "pipe" });
  if (r.exitCode !== 0) throw new Error(`tmux ${args[0]} failed: ${r.stderr.toString()}`);
  return r.stdout.toString();
}

/** Starts `command` in a new detached tmux session of `columns`×`rows`; returns the session name. */
function session(name: string, columns: number, rows: number, command: string): string {
  const s = `${prefix}-${name}`;
  sessions.push(s);
  tmux("new-session", "-d", "-s", s, "-x", String(columns), "-y", String(rows), `${command}; echo "exit=$?"; sleep 30`);
  return s;
}

async function screenContains(s: string, text: string, timeoutMs = 10_000): Promise<string> {
  const end = Date.now() + timeoutMs;
  let screen = "";
  while (Date.now() < end) {
    screen = tmux("capture-pane", "-p", "-t", s);
    if (screen.includes(text)) return screen;
    await Bun.sleep(100);
  }
  throw new Error(`"${text}" never appeared; the screen was:\n${screen}`);
}

test("the compiled console runs in a real terminal: switches screens, saves a setting, quits and restores the shell", async () => {
  const binary = requireBinary();
  const s = session("main", 110, 30, `${binary} admin --dir ${dir}`);
  // The header names every screen; wait for each screen's own text instead.
  await screenContains(s, "USDC balance");
  tmux("send-keys", "-t", s, "4");
  await screenContains(s, "RPC URLs in fallback order");
  tmux("send-keys", "-t", s, "2");
  await screenContains(s, "No kit imported");
  tmux("send-keys", "-t", s, "1");
  await screenContains(s, "USDC balance");
  tmux("send-keys", "-t", s, "e");
  await Bun.sleep(300);
  tmux("send-keys", "-t", s, "0x70997970c51812dc3a010c7d01b50e0d17dc79c8", "Enter");
  await screenContains(s, "Pay-to 0x70997970C51812dc3A010C7d01b50e0d17dc79C8");
  const db = await openDb(dir);
  expect((await readSettings(db)).payTo).toBe("0x70997970C51812dc3A010C7d01b50e0d17dc79C8");
  await db.close();
  tmux("send-keys", "-t", s, "q");
  const after = await screenContains(s, "exit=0");
  // The alternate screen is gone: the console's frame is no longer on the shell's screen.
  expect(after).not.toContain("Treasury");
});

test("at 80×24 and 60×20 every screen keeps its header, headings and footer in a real terminal; under 50×18 it says what it needs", async () => {
  const binary = requireBinary();
  for (const [columns, rows] of [
    [80, 24],
    [60, 20],
  ] as const) {
    const s = session(`${columns}x${rows}`, columns, rows, `${binary} admin --dir ${dir}`);
    for (const [key, heading] of [
      ["1", "Credits outstanding"],
      ["2", "Orders (0)"],
      ["3", "no keys yet"],
      ["4", "#1"],
    ] as const) {
      tmux("send-keys", "-t", s, key);
      const screen = await screenContains(s, heading);
      const lines = screen.replace(/\n+$/, "").split("\n");
      expect(lines[0]).toContain("vellum admin");
      expect(lines.at(-1)).toContain("? help");
      if (key === "1")
        for (const text of ["Pay-to", "USDC balance", "Revenue", "all time", "Latest redemptions"]) expect(screen).toContain(text);
    }
    tmux("send-keys", "-t", s, "?");
    await screenContains(s, "Everywhere");
    tmux("send-keys", "-t", s, "Escape");
    // Ink waits a moment after a lone Esc for the rest of a sequence; a q inside it would read as Alt+q.
    await Bun.sleep(300);
    tmux("send-keys", "-t", s, "q");
    await screenContains(s, "exit=0");
  }
  const small = session("small", 45, 12, `${binary} admin --dir ${dir}`);
  await screenContains(small, "terminal too small (need 50×18)");
  tmux("resize-window", "-t", small, "-x", "80", "-y", "24");
  await screenContains(small, "Revenue");
  tmux("send-keys", "-t", small, "q");
  await screenContains(small, "exit=0");
});

test("admin --dir on a directory without a database says so and asks; n creates nothing, y opens the console", async () => {
  const binary = requireBinary();
  const empty = join(root, "typo");
  const no = session("ask-no", 100, 24, `${binary} admin --dir ${empty}`);
  await screenContains(no, `There is no vellum database in ${empty}`);
  tmux("send-keys", "-t", no, "n", "Enter");
  const said = await screenContains(no, "exit=1");
  expect(said).toContain("nothing created");
  expect(existsSync(join(empty, "vellum.db"))).toBe(false);
  const yes = session("ask-yes", 100, 24, `${binary} admin --dir ${empty}`);
  await screenContains(yes, "Create an empty one there");
  tmux("send-keys", "-t", yes, "y", "Enter");
  await screenContains(yes, "USDC balance");
  expect(existsSync(join(empty, "vellum.db"))).toBe(true);
  tmux("send-keys", "-t", yes, "q");
  await screenContains(yes, "exit=0");
});
