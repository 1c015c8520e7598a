/**
 * Imports the seller kit: validate, store atomically, switch, then clean up. The order is what
 * keeps buyers safe: the earlier kit stays current (and downloadable) until the new file is
 * fully written, synced and renamed into place and the database says it is current; only then
 * is the earlier file removed. A bad file is refused before anything is written.
 */
import { createHash, randomBytes } from "node:crypto";
import { createReadStream, existsSync, mkdirSync } from "node:fs";
import { open, readdir, rename, rm, stat } from "node:fs/promises";
import { basename, join } from "node:path";
import { openDb, type Db } from "../store/db.ts";
import { recordKitImport, supersededKitFiles, type KitRow } from "../store/kit.ts";
import { inspectArchive } from "./archive.ts";

/** The folder of the data dir that holds the kit file. */
export const KIT_DIR = "kit";

/**
 * How long an import waits after switching before it deletes the replaced file. The server
 * serves a kit with `Bun.file(path)` (the only body Bun sends with a Content-Length), which
 * opens the path when the response starts; a download that read the old record a moment before
 * the switch still finds its file during this window. Once open, the file survives deletion.
 */
export const REPLACED_KIT_GRACE_MS = 3_000;

/** Names and versions end up in the download's file name, so they are kept to safe characters. */
const LABEL = /^[A-Za-z0-9][A-Za-z0-9._+-]{0,63}$/;

export interface ImportKitInput {
  dataDir: string;
  /** Path of the .tar.gz to import. */
  file: string;
  /** Default: from the file name (see {@link labelsFromFileName}). */
  name?: string;
  /** Default: from the file name, else the UTC date of the import. */
  version?: string;
  /** An open database of `dataDir` (the admin console's); opened and closed here when absent. */
  db?: Db;
  /** The PostgreSQL store to record the kit in when no `db` is given (default: SQLite in `dataDir`). */
  databaseUrl?: string | null;
  /** Wait before deleting the replaced file (default {@link REPLACED_KIT_GRACE_MS}). */
  graceMs?: number;
}

export type ImportKitResult = { ok: true; kit: KitRow; replaced: KitRow | null } | { ok: false; message: string };

/** Path of a kit's file. */
export function kitFilePath(dataDir: string, kit: Pick<KitRow, "fileName">): string {
  return join(dataDir, KIT_DIR, kit.fileName);
}

/**
 * Validates `file` as a gzip-compressed tar, copies it into `<dataDir>/kit/` (temporary file in
 * the same folder, fsync, rename, fsync of the folder), records it as the current kit and then
 * removes the file of the kit it replaced. Never throws for a bad file or a failed copy: the
 * result says why, and the previous kit is still current and intact.
 */
export async function importKit(input: ImportKitInput): Promise<ImportKitResult> {
  for (const [field, value] of [
    ["name", input.name],
    ["version", input.version],
  ] as const) {
    if (value !== undefined && !LABEL.test(value)) {
      return {
        ok: false,
        message: `the ${field} "${value}" is not allowed: use 1 to 64 letters, digits, ".", "_", "+" or "-", starting with a letter or digit`,
      };
    }
  }
  const inspection = await inspectArchive(input.file);
  if (!inspection.ok) return { ok: false, message: inspection.message };
  const defaults = labelsFromFileName(basename(input.file), new Date());
  const name = input.name ?? defaults.name;
  const version = input.version ?? defaults.version;

  const dir = join(input.dataDir, KIT_DIR);
  const db = input.db ?? (await openDb(input.dataDir, { databaseUrl: input.databaseUrl }));
  const fileName = `kit-${Date.now()}-${randomBytes(4).toString("hex")}.tar.gz`;
  const finalPath = join(dir, fileName);
  const tempPath = join(dir, `.${fileName}.tmp`);
  try {
    try {
      mkdirSync(dir, { recursive: true, mode: 0o700 });
      await removeStaleTempFiles(dir);
      const copied = await copyAndSync(input.file, tempPath);
      // What is stored must be what was inspected: the source could change between the two reads.
      if (copied.sha256 !== inspection.sha256 || copied.sizeBytes !== inspection.sizeBytes) {
        await rm(tempPath, { force: true });
        return { ok: false, message: "the file changed while it was being imported; try again once it is complete" };
      }
      await rename(tempPath, finalPath);
      await syncDir(dir);
    } catch (err) {
      await rm(tempPath, { force: true });
      return { ok: false, message: `the kit could not be stored in ${dir} (${(err as Error).message})` };
    }

    let switched: Awaited<ReturnType<typeof recordKitImport>>;
    try {
      switched = await recordKitImport(db, {
        name,
        version,
        fileName,
        sha256: inspection.sha256,
        sizeBytes: inspection.sizeBytes,
        contents: inspection.contents,
      });
    } catch (err) {
      await rm(finalPath, { force: true });
      return { ok: false, message: `the kit could not be recorded in the database (${(err as Error).message})` };
    }

    const superseded = (await supersededKitFiles(db)).filter((old) => existsSync(join(dir, old)));
    if (superseded.length > 0) {
      await Bun.sleep(input.graceMs ?? REPLACED_KIT_GRACE_MS);
      // Every superseded file, not only the one just replaced: an import killed after its switch
      // would otherwise leave its predecessor behind for good.
      for (const old of superseded) await rm(join(dir, old), { force: true });
    }
    return { ok: true, kit: switched.kit, replaced: switched.previous };
  } finally {
    if (!input.db) await db.close();
  }
}

/**
 * Default name and version from a file name: `seller-kit-1.2.0.tar.gz` → `seller-kit` / `1.2.0`,
 * `kit_v2.tgz` → `kit` / `v2`. Without a version in the name, the version is the UTC date of the
 * import (`2026-01-31`). Characters not allowed in a download's file name become `-`.
 */
export function labelsFromFileName(fileName: string, today: Date): { name: string; version: string } {
  const base = fileName.replace(/\.(tar\.gz|tgz)$/i, "");
  // regex-linear: a file's name, at most 255 bytes
  const m = /^(.+?)[-_](v?\d+(?:\.\d+)*(?:[-+.][0-9A-Za-z.-]+)?)$/.exec(base);
  const name = sanitize(m ? m[1]! : base) || "kit";
  const version = (m && sanitize(m[2]!)) || today.toISOString().slice(0, 10);
  return { name, version };
}

function sanitize(label: string): string {
  return label
    .replace(/[^A-Za-z0-9._+-]+/g, "-")
    .replace(/^[^A-Za-z0-9]+/, "")
    .slice(0, 64)
    .replace(/(?<![-.])[-.]+$/, "");
}

/** Temporary files of imports that were killed mid-copy (an hour old: no import still writes them). */
async function removeStaleTempFiles(dir: string): Promise<void> {
  const cutoff = Date.now() - 60 * 60 * 1000;
  for (const entry of await readdir(dir)) {
    if (!/^\.kit-.*\.tmp$/.test(entry)) continue;
    const path = join(dir, entry);
    const info = await stat(path).catch(() => null);
    if (info && info.mtimeMs < cutoff) await rm(path, { force: true });
  }
}

/** Streams `from` into a new file `to` (never overwriting one), syncs it, and hashes what it wrote. */
async function copyAndSync(from: string, to: string): Promise<{ sha256: string; sizeBytes: number }> {
  const out = await open(to, "wx", 0o600);
  const hash = createHash("sha256");
  let sizeBytes = 0;
  try {
    for await (const chunk of createReadStream(from, { highWaterMark: 64 * 1024 }) as AsyncIterable<Buffer>) {
      hash.update(chunk);
      sizeBytes += chunk.length;
      let written = 0;
      while (written < chunk.length) written += (await out.write(chunk, written, chunk.length - written)).bytesWritten;
    }
    await out.sync();
  } finally {
    await out.close();
  }
  return { sha256: hash.digest("hex"), sizeBytes };
}

/** Makes the rename durable: without syncing the folder, a crash could forget the new entry. */
async function syncDir(dir: string): Promise<void> {
  let handle;
  try {
    handle = await open(dir, "r");
    await handle.sync();
  } catch {
    // Some platforms cannot fsync a directory; the rename is still atomic there.
  } finally {
    await handle?.close();
  }
}
