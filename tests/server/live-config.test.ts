import { expect, test } from "bun:test";
import { startTestService } from "../helpers/service.ts";
import { openDb } from "../../src/store/db.ts";
import { writeSetting } from "../../src/store/settings.ts";

/** A setting stored by another process (vellum config set, the console) reaches a running server. */
test("a running server applies a stored setting within seconds, and ignores an invalid one", async () => {
  const svc = await startTestService({});
  const waitFor = async (check: (health: { pricing: { freeCallsPerDay: number }; payTo: string | null }) => boolean) => {
    const end = Date.now() + 8000;
    while (Date.now() < end) {
      if (check(await (await svc.get("/health")).json())) return true;
      await Bun.sleep(100);
    }
    return false;
  };
  try {
    expect((await (await svc.get("/health")).json()).pricing.freeCallsPerDay).toBe(5);
    const other = openDb(svc.dir); // a second connection, as `vellum config set` opens
    writeSetting(other, "freeCallsPerDay", 11);
    writeSetting(other, "payTo", "0x70997970C51812dc3A010C7d01b50e0d17dc79C8");
    expect(await waitFor((h) => h.pricing.freeCallsPerDay === 11 && h.payTo === "0x70997970C51812dc3A010C7d01b50e0d17dc79C8")).toBe(true);
    // A hand-edited bad value is rejected: the server keeps its last good configuration.
    writeSetting(other, "freeCallsPerDay", "lots");
    await Bun.sleep(2500);
    expect((await (await svc.get("/health")).json()).pricing.freeCallsPerDay).toBe(11);
    other.close();
  } finally {
    await svc.close();
  }
});
