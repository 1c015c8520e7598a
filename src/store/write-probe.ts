import type { Db } from "./db.ts";

/** How much the probe writes: more than a page, so a full database or disk cannot absorb it in place. */
const PROBE_FILLER = "x".repeat(8 * 1024);

/**
 * Whether the store can be written right now (for /health, issue 11): one transaction inserts a row
 * larger than a page (new pages must be allocated, so a database at its size limit or a full disk
 * fails) and deletes it again before committing. Resolves with null when it worked, else the reason.
 */
export async function probeWritable(db: Db, now = Date.now()): Promise<string | null> {
  try {
    await db.transaction(async (tx) => {
      await tx.run("INSERT INTO store_probe (id, checked, filler) VALUES (2, ?, ?)", [now, PROBE_FILLER]);
      await tx.run("DELETE FROM store_probe WHERE id = 2");
    });
    return null;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return `the store cannot be written: ${message}`;
  }
}
