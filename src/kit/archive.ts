/**
 * Inspects a seller-kit file: it must BE a gzip-compressed tar, which is decided by reading it
 * (gzip signature, a full gunzip, tar headers with valid checksums up to the end-of-archive
 * marker), never by its name. The file is streamed once: its SHA-256 and size come from the
 * same pass that decompresses it, and only tar headers are kept, so a kit of any size is
 * inspected in constant memory.
 *
 * Tar dialects read: POSIX ustar (with the `prefix` field), pax extended headers (`path`,
 * `size`) and GNU long names (`L`), the forms GNU tar, bsdtar and node-tar write.
 */
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { open, stat } from "node:fs/promises";
import { Transform, Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGunzip } from "node:zlib";

export type ArchiveInspection =
  | {
      ok: true;
      /** Hex SHA-256 of the file as stored (the compressed bytes a buyer downloads). */
      sha256: string;
      sizeBytes: number;
      /** Paths of the regular files inside, in archive order, without a leading `./`. */
      contents: string[];
    }
  | { ok: false; message: string };

const BLOCK = 512;
/** Pax and GNU long-name records are held in memory; real ones are a few hundred bytes. */
const MAX_META_BYTES = 1024 * 1024;

/**
 * Entry types listed as files: "0", NUL (pre-POSIX) and "7" (contiguous) are regular files; "1",
 * a hard link, extracts as one more regular file. Directories, symlinks and devices are not listed.
 */
const REGULAR_TYPES = new Set(["0", "\0", "7", "1"]);

/** A refusal found while parsing: its message is meant for the operator as is. */
class ArchiveError extends Error {}

/**
 * Reads `path` and tells whether it is a usable kit (a gzip-compressed tar with at least one
 * regular file), with its SHA-256, size and file list. Never throws: an unreadable, non-gzip,
 * truncated or corrupt file, or a gzip that holds no tar, is `{ ok: false, message }` with one
 * sentence saying which.
 */
export async function inspectArchive(path: string): Promise<ArchiveInspection> {
  try {
    const info = await stat(path);
    if (info.isDirectory()) return refuse("it is a directory, not a .tar.gz file");
    if (!info.isFile()) return refuse("it is not a regular file");
    if (info.size === 0) return refuse("the file is empty");

    const magic = await readHead(path, 3);
    if (magic[0] !== 0x1f || magic[1] !== 0x8b) {
      return refuse("it is not gzip-compressed (no gzip signature at the start); a kit must be a .tar.gz file");
    }
    if (magic[2] !== 8) return refuse("it is not a deflate-compressed gzip file; a kit must be a .tar.gz file");

    const hash = createHash("sha256");
    let sizeBytes = 0;
    const tap = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        hash.update(chunk);
        sizeBytes += chunk.length;
        callback(null, chunk);
      },
    });
    const scanner = new TarScanner();
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        try {
          scanner.push(chunk);
          callback();
        } catch (err) {
          callback(err as Error);
        }
      },
    });
    await pipeline(createReadStream(path, { highWaterMark: 64 * 1024 }), tap, createGunzip(), sink);
    scanner.finish();
    if (scanner.files.length === 0) return refuse("the archive contains no regular files");
    return { ok: true, sha256: hash.digest("hex"), sizeBytes, contents: scanner.files };
  } catch (err) {
    return refuse(describeError(err));
  }
}

function refuse(message: string): ArchiveInspection {
  return { ok: false, message };
}

async function readHead(path: string, bytes: number): Promise<Uint8Array> {
  const handle = await open(path, "r");
  try {
    const buf = new Uint8Array(bytes);
    const { bytesRead } = await handle.read(buf, 0, bytes, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** One operator-facing sentence for whatever stopped the inspection. */
function describeError(err: unknown): string {
  if (err instanceof ArchiveError) return err.message;
  const e = err as NodeJS.ErrnoException;
  switch (e?.code) {
    case "ENOENT":
      return "no such file";
    case "EACCES":
    case "EPERM":
      return "permission denied reading the file";
    case "EISDIR":
      return "it is a directory, not a .tar.gz file";
    // zlib: the compressed stream stops before its end (a cut-off download or copy).
    case "Z_BUF_ERROR":
      return "the file is truncated: the gzip data ends before the compressed stream does";
    // zlib: bad header, invalid deflate data or a CRC/length mismatch in the trailer.
    case "Z_DATA_ERROR":
      return `the file is corrupt: its gzip data does not decompress (${e.message})`;
  }
  return `the file could not be read (${e?.message ?? String(err)})`;
}

/**
 * A push parser of a tar stream that keeps only the paths of regular files. It walks
 * 512-byte headers, skips entry data without copying it, and holds pax / GNU long-name
 * records (bounded) because they name the entry that follows them.
 */
class TarScanner {
  readonly files: string[] = [];
  private readonly seen = new Set<string>();
  private readonly header = new Uint8Array(BLOCK);
  private headerFill = 0;
  /** Bytes of the current entry's data (and its padding) still to pass over. */
  private skip = 0;
  /** A pax or GNU long-name record being read: the bytes wanted, then the padding to skip. */
  private meta: { type: "pax" | "longname" | "ignore"; want: number; chunks: Uint8Array[]; got: number; padding: number } | null = null;
  /** Set by a pax `path` or a GNU `L` record: the real path of the next entry. */
  private nextPath: string | null = null;
  /** Set by a pax `size` record: the real data size of the next entry. */
  private nextSize: number | null = null;
  private ended = false;
  /** Offset in the decompressed stream, for messages. */
  private offset = 0;
  private headers = 0;

  push(chunk: Uint8Array): void {
    let pos = 0;
    while (pos < chunk.length && !this.ended) {
      if (this.meta) {
        pos += this.readMeta(chunk, pos);
        continue;
      }
      if (this.skip > 0) {
        const n = Math.min(this.skip, chunk.length - pos);
        this.skip -= n;
        pos += n;
        this.offset += n;
        continue;
      }
      const n = Math.min(BLOCK - this.headerFill, chunk.length - pos);
      this.header.set(chunk.subarray(pos, pos + n), this.headerFill);
      this.headerFill += n;
      pos += n;
      this.offset += n;
      if (this.headerFill === BLOCK) {
        this.headerFill = 0;
        this.onHeader(this.header);
      }
    }
    // After the end-of-archive marker the rest is padding to the record size: not read.
  }

  /** Called once the decompressed stream is complete. */
  finish(): void {
    if (this.ended) return;
    if (this.headers === 0) throw new ArchiveError("the file is gzip-compressed but does not contain a tar archive");
    if (this.headerFill > 0 || this.skip > 0 || this.meta) {
      throw new ArchiveError("the tar archive inside is truncated: it ends in the middle of an entry");
    }
    throw new ArchiveError("the tar archive inside is incomplete: it has no end-of-archive marker");
  }

  private readMeta(chunk: Uint8Array, pos: number): number {
    const meta = this.meta!;
    if (meta.got < meta.want) {
      const n = Math.min(meta.want - meta.got, chunk.length - pos);
      if (meta.type !== "ignore") meta.chunks.push(chunk.slice(pos, pos + n));
      meta.got += n;
      this.offset += n;
      if (meta.got === meta.want) this.endMeta(meta);
      return n;
    }
    const n = Math.min(meta.padding, chunk.length - pos);
    meta.padding -= n;
    this.offset += n;
    if (meta.padding === 0) this.meta = null;
    return n;
  }

  private endMeta(meta: NonNullable<TarScanner["meta"]>): void {
    const data = Buffer.concat(meta.chunks);
    if (meta.type === "longname") this.nextPath = cString(data);
    if (meta.type === "pax") {
      const records = parsePax(data);
      if (records.path !== undefined) this.nextPath = records.path;
      if (records.size !== undefined) {
        if (!/^\d+$/.test(records.size)) throw new ArchiveError("the tar archive inside has a bad pax size record");
        this.nextSize = Number(records.size);
      }
    }
    if (meta.padding === 0) this.meta = null;
  }

  private onHeader(h: Uint8Array): void {
    const at = this.offset - BLOCK;
    if (h.every((b) => b === 0)) {
      // The end-of-archive marker (an empty archive is only that; it is refused for having no files).
      this.ended = true;
      return;
    }
    if (!checksumMatches(h)) {
      throw new ArchiveError(
        this.headers === 0
          ? "the file is gzip-compressed but does not contain a tar archive"
          : `the tar archive inside is corrupt: the header at byte ${at} has a bad checksum`,
      );
    }
    this.headers++;
    const type = String.fromCharCode(h[156]!);
    const headerSize = parseNumber(h.subarray(124, 136), at);
    const isPosix = ascii(h.subarray(257, 263)) === "ustar\0";

    if (type === "x" || type === "g" || type === "L" || type === "K") {
      if (headerSize > MAX_META_BYTES) throw new ArchiveError(`the tar archive inside has an oversized metadata record at byte ${at}`);
      // A global pax header ("g") and a long link name ("K") do not name a file: read past them.
      const kind = type === "x" ? "pax" : type === "L" ? "longname" : "ignore";
      this.meta = { type: kind, want: headerSize, chunks: [], got: 0, padding: padded(headerSize) - headerSize };
      if (headerSize === 0) this.endMeta(this.meta);
      return;
    }

    const size = this.nextSize ?? headerSize;
    let path = this.nextPath;
    if (path === null) {
      const name = cString(h.subarray(0, 100));
      const prefix = isPosix ? cString(h.subarray(345, 500)) : "";
      path = prefix ? `${prefix}/${name}` : name;
    }
    this.nextPath = null;
    this.nextSize = null;

    // Links, devices, directories and FIFOs store no data blocks whatever their size field says.
    const hasData = !"123456".includes(type);
    this.skip = hasData ? padded(size) : 0;

    // A V7 name ending in "/" is a directory.
    if (REGULAR_TYPES.has(type) && !path.endsWith("/")) {
      const clean = path.replace(/^(\.\/)+/, "");
      if (clean && !this.seen.has(clean)) {
        this.seen.add(clean);
        this.files.push(clean);
      }
    }
  }
}

function padded(size: number): number {
  return Math.ceil(size / BLOCK) * BLOCK;
}

function ascii(bytes: Uint8Array): string {
  return String.fromCharCode(...bytes);
}

function cString(bytes: Uint8Array): string {
  const end = bytes.indexOf(0);
  return Buffer.from(end === -1 ? bytes : bytes.subarray(0, end)).toString("utf8");
}

/** The header checksum: the sum of its bytes with the checksum field read as spaces. */
function checksumMatches(h: Uint8Array): boolean {
  const field = ascii(h.subarray(148, 156))
    .replace(/(?<![\0 ])[\0 ]+$/g, "")
    .trim();
  if (!/^[0-7]+$/.test(field)) return false;
  const stored = parseInt(field, 8);
  let unsigned = 0;
  let signed = 0;
  for (let i = 0; i < BLOCK; i++) {
    const b = i >= 148 && i < 156 ? 0x20 : h[i]!;
    unsigned += b;
    signed += b > 127 ? b - 256 : b;
  }
  // Some old tars summed signed chars; both forms are accepted, as GNU tar does.
  return stored === unsigned || stored === signed;
}

/** An octal field, or GNU's base-256 form (high bit of the first byte set) for large sizes. */
function parseNumber(field: Uint8Array, at: number): number {
  if (field[0]! & 0x80) {
    if (field[0] === 0xff) throw new ArchiveError(`the tar archive inside has a negative size at byte ${at}`);
    let n = field[0]! & 0x7f;
    for (let i = 1; i < field.length; i++) n = n * 256 + field[i]!;
    if (!Number.isSafeInteger(n)) throw new ArchiveError(`the tar archive inside has an impossible size at byte ${at}`);
    return n;
  }
  const text = ascii(field).replace(/\0.*$/s, "").trim();
  if (text === "") return 0;
  if (!/^[0-7]+$/.test(text)) throw new ArchiveError(`the tar archive inside has a bad size field at byte ${at}`);
  return parseInt(text, 8);
}

/** Pax records: `"<length> <key>=<value>\n"`, where length counts the whole record. */
function parsePax(data: Buffer): Record<string, string> {
  const out: Record<string, string> = {};
  let pos = 0;
  while (pos < data.length) {
    const space = data.indexOf(0x20, pos);
    if (space === -1) break;
    const length = Number(data.subarray(pos, space).toString("ascii"));
    if (!Number.isInteger(length) || length <= 0 || pos + length > data.length) {
      throw new ArchiveError("the tar archive inside has a malformed pax header");
    }
    const record = data.subarray(space + 1, pos + length - 1).toString("utf8");
    const eq = record.indexOf("=");
    if (eq > 0) out[record.slice(0, eq)] = record.slice(eq + 1);
    pos += length;
  }
  return out;
}
