import { afterAll, describe, expect, test } from "bun:test";
import { createHash, randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, rmSync, symlinkSync, linkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { inspectArchive } from "../../src/kit/archive.ts";
import { tempDir } from "../helpers/temp.ts";

/**
 * The kit check reads the file: real archives made by GNU tar in its three formats, and
 * hand-built ones for what tar will not write (a missing end marker, a bad checksum, base-256 sizes).
 */
const root = tempDir("vellum-archive-");
afterAll(() => rmSync(root, { recursive: true, force: true }));
let n = 0;

/** A fresh folder holding `files` (path → content). */
function tree(files: Record<string, string | Uint8Array>): string {
  const dir = join(root, `tree-${n++}`);
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(join(dir, path, ".."), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
  return dir;
}

/** `tar czf` of a folder's contents (GNU tar, the operator's usual tool). */
function tarGz(dir: string, format?: "gnu" | "ustar" | "pax"): string {
  const out = join(root, `kit-${n++}.tar.gz`);
  const args = ["tar", ...(format ? [`--format=${format}`] : []), "-czf", out, "-C", dir, "."];
  const r = Bun.spawnSync(args, { stderr: "pipe" });
  if (r.exitCode !== 0) throw new Error(`tar failed: ${r.stderr.toString()}`);
  return out;
}

function write(bytes: Uint8Array, name = `file-${n++}`): string {
  const path = join(root, name);
  writeFileSync(path, bytes);
  return path;
}

const sha256 = (path: string) => createHash("sha256").update(readFileSync(path)).digest("hex");

// A minimal tar writer for archives GNU tar would not produce.
interface Entry {
  name: string;
  data?: Uint8Array | string;
  type?: string;
  prefix?: string;
  /** Size field value when it should differ from the data (pax overrides). */
  sizeField?: number;
  base256?: boolean;
  badChecksum?: boolean;
}

function header(e: Entry, size: number): Uint8Array {
  const h = new Uint8Array(512);
  const put = (offset: number, text: string) => h.set(new TextEncoder().encode(text), offset);
  put(0, e.name);
  put(100, "0000644\0");
  put(108, "0000000\0");
  put(116, "0000000\0");
  if (e.base256) {
    h[124] = 0x80;
    let v = size;
    for (let i = 135; i > 124; i--) {
      h[i] = v % 256;
      v = Math.floor(v / 256);
    }
  } else put(124, size.toString(8).padStart(11, "0") + "\0");
  put(136, "00000000000\0");
  put(156, e.type ?? "0");
  put(257, "ustar\0" + "00");
  if (e.prefix) put(345, e.prefix);
  put(148, "        ");
  let sum = h.reduce((a, b) => a + b, 0);
  if (e.badChecksum) sum += 1;
  put(148, sum.toString(8).padStart(6, "0") + "\0 ");
  return h;
}

function tar(entries: Entry[], options: { end?: boolean } = {}): Uint8Array {
  const parts: Uint8Array[] = [];
  for (const e of entries) {
    const data = typeof e.data === "string" ? new TextEncoder().encode(e.data) : (e.data ?? new Uint8Array());
    parts.push(header(e, e.sizeField ?? data.length));
    parts.push(data, new Uint8Array((512 - (data.length % 512)) % 512));
  }
  if (options.end !== false) parts.push(new Uint8Array(1024));
  return Buffer.concat(parts);
}

function pax(records: Record<string, string>): string {
  return Object.entries(records)
    .map(([k, v]) => {
      const body = ` ${k}=${v}\n`;
      let len = body.length + 1;
      while (String(len).length + body.length !== len) len = String(len).length + body.length;
      return `${len}${body}`;
    })
    .join("");
}

describe("accepted archives", () => {
  test("a tar.gz made by GNU tar lists its regular files (not directories) with the file's SHA-256 and size", async () => {
    const file = tarGz(tree({ "README.md": "# kit\n", "bin/run.sh": "#!/bin/sh\n", "docs/a/b/c.txt": "deep" }));
    const r = await inspectArchive(file);
    expect(r).toEqual({
      ok: true,
      sha256: sha256(file),
      sizeBytes: readFileSync(file).length,
      contents: expect.arrayContaining(["README.md", "bin/run.sh", "docs/a/b/c.txt"]),
    });
    if (r.ok) expect(r.contents).toHaveLength(3);
  });

  test("symlinks are not listed; a hard link extracts as a file and is", async () => {
    const dir = tree({ "real.txt": "content" });
    symlinkSync("real.txt", join(dir, "soft.txt"));
    linkSync(join(dir, "real.txt"), join(dir, "hard.txt"));
    const r = await inspectArchive(tarGz(dir));
    expect(r.ok && [...r.contents].sort()).toEqual(["hard.txt", "real.txt"]);
  });

  const long = `${"d".repeat(120)}/${"f".repeat(120)}.txt`;
  test.each(["gnu", "pax"] as const)("names over 100 characters are read from %s long-name records", async (format) => {
    const r = await inspectArchive(tarGz(tree({ [long]: "x" }), format));
    expect(r.ok && r.contents).toEqual([long]);
  });

  test("a ustar name split into prefix and name is joined", async () => {
    const path = `${"p".repeat(60)}/${"q".repeat(60)}/short.txt`;
    const r = await inspectArchive(tarGz(tree({ [path]: "x" }), "ustar"));
    expect(r.ok && r.contents).toEqual([path]);
  });

  test("a file of several megabytes is read across many chunks without losing its neighbours", async () => {
    const dir = tree({ "a.txt": "a", "big.bin": randomBytes(6 * 1024 * 1024 + 7), "z.txt": "z" });
    const file = tarGz(dir);
    const r = await inspectArchive(file);
    expect(r.ok && [...r.contents].sort()).toEqual(["a.txt", "big.bin", "z.txt"]);
    expect(r.ok && r.sha256).toBe(sha256(file));
  });

  test("pax path and size records override the header; base-256 sizes are read; ./ is dropped and duplicates listed once", async () => {
    const bytes = gzipSync(
      tar([
        { name: "PaxHeader", type: "x", data: pax({ path: "from/pax.txt", size: "3" }) },
        { name: "ignored-name", data: "abc", sizeField: 999 },
        { name: "./big-size-field.bin", data: "0123456789", base256: true },
        { name: "./big-size-field.bin", data: "again" },
        { name: "dir/", type: "5" },
      ]),
    );
    const r = await inspectArchive(write(bytes));
    expect(r.ok && r.contents).toEqual(["from/pax.txt", "big-size-field.bin"]);
  });

  test("a gzip stream in several members is one archive", async () => {
    const whole = tar([
      { name: "one.txt", data: "1" },
      { name: "two.txt", data: "2" },
    ]);
    const bytes = Buffer.concat([gzipSync(whole.subarray(0, 1024)), gzipSync(whole.subarray(1024))]);
    const r = await inspectArchive(write(bytes));
    expect(r.ok && r.contents).toEqual(["one.txt", "two.txt"]);
  });
});

describe("refused files", () => {
  const good = () => tarGz(tree({ "README.md": "# kit\n".repeat(2000), "data.bin": randomBytes(50_000) }));
  const cases: [string, () => string, RegExp][] = [
    ["a text file named .tar.gz", () => write(new TextEncoder().encode("hello, not a tarball\n"), "fake.tar.gz"), /not gzip-compressed/],
    ["an uncompressed tar", () => write(tar([{ name: "a.txt", data: "a" }]), "plain.tar.gz"), /not gzip-compressed/],
    ["a zip file", () => write(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0, 0, 0, 0]), "kit.zip"), /not gzip-compressed/],
    ["an empty file", () => write(new Uint8Array()), /empty/],
    [
      "a gzip of something that is not a tar",
      () => write(gzipSync("just some text that is long enough ".repeat(40))),
      /does not contain a tar archive/,
    ],
    ["a gzip of a few bytes", () => write(gzipSync("hi")), /does not contain a tar archive/],
    ["a gzip cut in half", () => write(readFileSync(good()).subarray(0, 20_000)), /truncated: the gzip data ends/],
    [
      "a gzip missing only its 8-byte trailer",
      () => {
        const b = readFileSync(good());
        return write(b.subarray(0, b.length - 8));
      },
      /truncated/,
    ],
    [
      "a gzip with a flipped byte",
      () => {
        const b = Buffer.from(readFileSync(good()));
        b[Math.floor(b.length / 2)]! ^= 0xff;
        return write(b);
      },
      /corrupt|truncated/,
    ],
    [
      "a gzip whose CRC does not match",
      () => {
        const b = Buffer.from(readFileSync(good()));
        b[b.length - 6]! ^= 0xff;
        return write(b);
      },
      /corrupt/,
    ],
    [
      "a tar cut inside an entry's data",
      () => write(gzipSync(tar([{ name: "a.bin", data: randomBytes(4096) }]).subarray(0, 2048))),
      /truncated: it ends in the middle of an entry/,
    ],
    [
      "a tar without its end-of-archive marker",
      () => write(gzipSync(tar([{ name: "a.txt", data: "a" }], { end: false }))),
      /no end-of-archive marker/,
    ],
    [
      "a tar with a bad checksum in its second header",
      () =>
        write(
          gzipSync(
            tar([
              { name: "a.txt", data: "a" },
              { name: "b.txt", data: "b", badChecksum: true },
            ]),
          ),
        ),
      /header at byte 1024 has a bad checksum/,
    ],
    [
      "a tar with no files (GNU tar of nothing)",
      () => {
        const out = join(root, `empty-${n++}.tar.gz`);
        Bun.spawnSync(["tar", "-czf", out, "-T", "/dev/null"]);
        return out;
      },
      /no regular files/,
    ],
    [
      "a tar of directories only",
      () =>
        write(
          gzipSync(
            tar([
              { name: "a/", type: "5" },
              { name: "a/b/", type: "5" },
            ]),
          ),
        ),
      /no regular files/,
    ],
    ["a missing file", () => join(root, "does-not-exist.tar.gz"), /no such file/],
    ["a directory", () => tree({ "x.txt": "x" }), /directory/],
  ];
  test.each(cases)("%s", async (_name, make, message) => {
    const r = await inspectArchive(make());
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message).toMatch(message);
  });

  test("no message carries a stack trace or a file system path", async () => {
    const r = await inspectArchive(write(new TextEncoder().encode("nope")));
    expect(!r.ok && r.message).not.toContain(root);
    expect(!r.ok && r.message).not.toContain("\n");
  });
});
