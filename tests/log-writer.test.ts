// The stderr log writer never blocks the event loop (issue 11): a stalled reader (a busy log
// collector, a full pipe) used to stop the server's thread inside a synchronous write.
import { afterAll, expect, test } from "bun:test";
import { existsSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { MAX_PENDING_LOG_BYTES, type LogOutput, stderrWriter } from "../src/log.ts";
import { tempDir } from "./helpers/temp.ts";

const dir = tempDir();
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** An output whose writes complete only when the test says so (a stalled reader). */
function stalledOutput() {
  const writes: string[] = [];
  const waiting: Array<() => void> = [];
  const out: LogOutput = {
    write(data, done) {
      writes.push(Buffer.from(data).toString());
      waiting.push(() => done(null, data.byteLength));
    },
    writeSync(data) {
      writes.push(Buffer.from(data).toString());
    },
  };
  return { out, writes, release: () => waiting.splice(0).forEach((f) => f()) };
}
const turn = () => new Promise((r) => setImmediate(r));

test("lines are batched into one write per turn, and wait while a write is in flight", async () => {
  const o = stalledOutput();
  const write = stderrWriter((n) => `dropped ${n}`, o.out);
  write("a");
  write("b");
  await turn();
  expect(o.writes).toEqual(["a\nb\n"]);
  write("c");
  await turn();
  expect(o.writes).toEqual(["a\nb\n"]); // the first write has not completed: nothing more is sent
  o.release();
  await turn();
  expect(o.writes).toEqual(["a\nb\n", "c\n"]);
});

test("while the reader is stalled, lines past the bound are dropped, counted and reported in order", async () => {
  const o = stalledOutput();
  const write = stderrWriter((n) => `dropped ${n}`, o.out);
  write("first");
  await turn();
  const line = "x".repeat(1023);
  const fit = Math.floor(MAX_PENDING_LOG_BYTES / (line.length + 1));
  for (let i = 0; i < fit + 25; i++) write(line);
  o.release();
  await turn();
  const second = o.writes[1]!.split("\n").filter(Boolean);
  expect(second.length).toBe(fit + 1);
  expect(second.at(-1)).toBe("dropped 25");
  expect(second.slice(0, -1).every((l) => l === line)).toBe(true);
});

test("a partial write sends the rest; a closed stderr (EPIPE) stops logging without throwing", async () => {
  const sent: string[] = [];
  let calls = 0;
  const write = stderrWriter((n) => `dropped ${n}`, {
    write(data, done) {
      calls++;
      sent.push(Buffer.from(data).toString());
      if (calls === 1)
        done(null, 2); // only "he" got through
      else if (calls === 2) done(null, data.byteLength);
      else done(Object.assign(new Error("EPIPE"), { code: "EPIPE" }), 0);
    },
    writeSync() {},
  });
  write("hello");
  await turn();
  await turn();
  expect(sent).toEqual(["hello\n", "llo\n"]);
  write("lost");
  await turn();
  expect(calls).toBe(3);
  write("after");
  await turn();
  expect(calls).toBe(3); // broken: nothing more is attempted
});

test("a process whose stderr nobody reads keeps running; its lines arrive once the reader reads", async () => {
  const child = join(dir, "child.ts");
  const logModule = join(import.meta.dir, "../src/log.ts");
  // 40,000 lines of ~200 bytes: far more than a pipe holds (64 KiB), so a blocking write would stall.
  writeFileSync(
    child,
    `import { createLogger } from ${JSON.stringify(logModule)};
const log = createLogger({ format: "json" });
for (let i = 0; i < 40000; i++) log.info("line", { i, pad: "p".repeat(150) });
setTimeout(() => process.stdout.write("still running\\n"), 50);
`,
  );
  const marker = join(dir, "reader-started-reading");
  const out = join(dir, "stderr.txt");
  // The reader holds the pipe open without reading for a while, then reads everything.
  const script = `exec 3>&1; "${process.execPath}" "${child}" 2>&1 1>&3 | (sleep 8; touch "${marker}"; cat > "${out}")`;
  const proc = Bun.spawn(["bash", "-c", script], { stdout: "pipe", stderr: "inherit" });
  const first = await proc.stdout.getReader().read();
  // The child printed this while its stderr was still unread (a blocking write would have held it
  // until the reader started reading): it was never blocked by its log.
  expect(new TextDecoder().decode(first.value)).toBe("still running\n");
  expect(existsSync(marker)).toBe(false);
  await proc.exited;
  const lines = (await Bun.file(out).text())
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l));
  // What fit in the bound arrived, in order, with the count of what did not.
  expect(lines[0]).toMatchObject({ msg: "line", i: 0 });
  const kept = lines.filter((l) => l.msg === "line");
  expect(kept.every((l, i) => l.i === i)).toBe(true);
  const notice = lines.find((l) => l.msg === "log lines dropped: stderr was not read fast enough");
  expect(notice?.dropped).toBe(40000 - kept.length);
  expect(kept.length).toBeGreaterThan(1000);
}, 40_000);
