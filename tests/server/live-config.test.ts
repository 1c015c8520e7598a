import { expect, test } from "bun:test";
import { startTestApp } from "../helpers/app.ts";
import { createLogger } from "../../src/log.ts";
import { openDb } from "../../src/store/db.ts";
import { writeSetting } from "../../src/store/settings.ts";

const PAY_TO = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";

/** Polls `check` every 5 ms for up to 5 s: the settings are polled every 10 ms here (2 s in a server). */
async function until(check: () => Promise<boolean> | boolean, what: string): Promise<void> {
  for (const end = Date.now() + 5000; Date.now() < end; await Bun.sleep(5)) if (await check()) return;
  throw new Error(`never happened: ${what}`);
}

/**
 * A setting stored by another process (vellum config set, the console) reaches a running server:
 * the app the server runs (src/live-config.ts polling the store), with a 10 ms poll.
 */
test("a running app applies a stored setting at its next poll, and ignores an invalid one", async () => {
  const lines: { msg: string }[] = [];
  const log = createLogger({ format: "json", write: (line) => void lines.push(JSON.parse(line)) });
  const app = await startTestApp({}, { settingsPollMs: 10, log });
  const health = async () =>
    (await (await app.request("/health")).json()) as { pricing: { freeCallsPerDay: number }; payTo: string | null };
  const other = await openDb(app.dir); // a second connection, as `vellum config set` opens
  try {
    expect((await health()).pricing.freeCallsPerDay).toBe(5);
    await writeSetting(other, "freeCallsPerDay", 11);
    await writeSetting(other, "payTo", PAY_TO);
    await until(async () => {
      const h = await health();
      return h.pricing.freeCallsPerDay === 11 && h.payTo === PAY_TO;
    }, "the stored settings applied");
    // A hand-edited bad value is rejected: the server keeps its last good configuration.
    await writeSetting(other, "freeCallsPerDay", "lots");
    await until(() => lines.some((l) => l.msg === "stored settings rejected; keeping the previous configuration"), "the bad value seen");
    expect((await health()).pricing.freeCallsPerDay).toBe(11);
  } finally {
    await other.close();
    await app.close();
  }
});
