// The SQLite store's files and start-up checks (issue 11): files created 0600, a damaged file named
// as such at open, and a read-only open that writes nothing.
import { afterAll, describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { existsSync, openSync, rmSync, statSync, writeSync, closeSync } from "node:fs";
import { join } from "node:path";
import { backupDatabase } from "../../src/store/backup.ts";
import { DB_FILE, DatabaseDamagedError, appliedMigrations, openDb } from "../../src/store/db.ts";
import { tempDir } from "../helpers/temp.ts";

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
function freshDir() {
  const d = tempDir("vellum-db-safety-");
  dirs.push(d);
  return d;
}
const mode = (path: string) => statSync(path).mode & 0o777;

describe("file modes", () => {
  test("vellum.db, its -wal and -shm, and a backup are created 0600 (even under umask 022)", async () => {
    const previous = process.umask(0o022);
    try {
      const dir = freshDir();
      const db = await openDb(dir);
      await db.run("INSERT INTO settings (name, value, updated_at) VALUES ('x', '1', 0)");
      const path = join(dir, DB_FILE);
      for (const file of [path, `${path}-wal`, `${path}-shm`]) {
        expect(existsSync(file)).toBe(true);
        expect(mode(file).toString(8)).toBe("600");
      }
      await db.close();
      const backup = await backupDatabase(dir, join(dir, "backups"));
      expect(backup.ok).toBe(true);
      expect(mode(backup.path).toString(8)).toBe("600");
    } finally {
      process.umask(previous);
    }
  });

  test("a database an older vellum left 0644 is tightened at open", async () => {
    const dir = freshDir();
    await (await openDb(dir)).close();
    const path = join(dir, DB_FILE);
    const { chmodSync } = await import("node:fs");
    chmodSync(path, 0o644);
    await (await openDb(dir)).close();
    expect(mode(path).toString(8)).toBe("600");
  });
});

describe("PRAGMA quick_check at open", () => {
  test("a damaged page is reported as a damaged database pointing to vellum backup, not a misleading SQL error", async () => {
    const dir = freshDir();
    const db = await openDb(dir);
    for (let i = 0; i < 400; i++)
      await db.run("INSERT INTO settings (name, value, updated_at) VALUES (?, ?, ?)", [`name-${i}`, "v".repeat(200), i]);
    await db.close();
    // Checkpointed into the main file by the close; overwrite one page in the middle with garbage.
    const path = join(dir, DB_FILE);
    const raw = new Database(path);
    const pageSize = raw.query<{ page_size: number }, []>("PRAGMA page_size").get()!.page_size;
    const pages = raw.query<{ page_count: number }, []>("PRAGMA page_count").get()!.page_count;
    raw.close();
    expect(pages).toBeGreaterThan(6);
    const fd = openSync(path, "r+");
    writeSync(fd, new Uint8Array(pageSize).fill(0xa5), 0, pageSize, (pages - 3) * pageSize);
    closeSync(fd);

    const error = await openDb(dir).then(
      () => null,
      (err: unknown) => err,
    );
    expect(error).toBeInstanceOf(DatabaseDamagedError);
    expect((error as Error).message).toContain("database damaged");
    expect((error as Error).message).toContain(path);
    expect((error as Error).message).toContain("vellum backup");
  });

  test("a file that is not a database at all is reported the same way", async () => {
    const dir = freshDir();
    await (await openDb(dir)).close();
    const path = join(dir, DB_FILE);
    rmSync(`${path}-wal`, { force: true });
    rmSync(`${path}-shm`, { force: true });
    await Bun.write(path, "this is not an SQLite file ".repeat(400));
    const error = await openDb(dir).then(
      () => null,
      (err: unknown) => err,
    );
    expect(error).toBeInstanceOf(DatabaseDamagedError);
  });
});

describe("read-only open", () => {
  test("creates nothing and changes no mode; a missing database is an error", async () => {
    const dir = freshDir();
    await (await openDb(dir)).close();
    const { chmodSync } = await import("node:fs");
    chmodSync(dir, 0o750);
    const path = join(dir, DB_FILE);
    const before = statSync(path).mtimeMs;
    const db = await openDb(dir, { readonly: true });
    expect((await appliedMigrations(db)).length).toBeGreaterThan(0);
    await db.close();
    expect(mode(dir).toString(8)).toBe("750");
    expect(statSync(path).mtimeMs).toBe(before);

    const missing = join(freshDir(), "nothing-here");
    await expect(openDb(missing, { readonly: true })).rejects.toThrow("no database at");
    expect(existsSync(missing)).toBe(false);
  });
});
