import { afterEach, describe, expect, test } from "bun:test";
import { createHash, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { importKit, kitFilePath, labelsFromFileName } from "../../src/kit/import.ts";
import { KIT_HELP, kitCommand } from "../../src/cli/kit-command.ts";
import { UsageError } from "../../src/cli/args.ts";
import { DB_FILE, openDb } from "../../src/store/db.ts";
import { currentKit } from "../../src/store/kit.ts";
import { tempDir } from "../helpers/temp.ts";

let dirs: string[] = [];
afterEach(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
  dirs = [];
});
function fresh(prefix = "vellum-import-"): string {
  const dir = tempDir(prefix);
  dirs.push(dir);
  return dir;
}

/** A .tar.gz (GNU tar) named `fileName` holding `files`. */
function makeKit(fileName: string, files: Record<string, string | Uint8Array>): string {
  const src = fresh("vellum-kit-src-");
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(join(src, path, ".."), { recursive: true });
    writeFileSync(join(src, path), content);
  }
  const out = join(fresh("vellum-kit-out-"), fileName);
  const r = Bun.spawnSync(["tar", "-czf", out, "-C", src, "."], { stderr: "pipe" });
  if (r.exitCode !== 0) throw new Error(r.stderr.toString());
  return out;
}

const sha256 = (path: string) => createHash("sha256").update(readFileSync(path)).digest("hex");

/** What the data dir's kit folder holds (temporary files included). */
const kitFolder = (dataDir: string) => (existsSync(join(dataDir, "kit")) ? readdirSync(join(dataDir, "kit")).sort() : []);

async function current(dataDir: string) {
  const db = await openDb(dataDir);
  try {
    // Every kit row, newest first: only this test needs them, so the query is here, not in the store.
    const all = await db.all<{ version: string; current: number }>("SELECT version, current FROM kits ORDER BY id DESC");
    return { kit: await currentKit(db), all: all.map((k) => ({ version: k.version, current: k.current === 1 })) };
  } finally {
    await db.close();
  }
}

describe("importKit", () => {
  test("a good tar.gz is stored byte for byte with its SHA-256, size and file list, and becomes current", async () => {
    const dataDir = fresh();
    const file = makeKit("seller-kit-1.2.0.tar.gz", {
      "README.md": "# Seller kit\n",
      "templates/a.html": "<p>a</p>",
      "bin/data.bin": randomBytes(300_000),
    });
    const r = await importKit({ dataDir, file, graceMs: 0 });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.kit).toMatchObject({
      name: "seller-kit",
      version: "1.2.0",
      sha256: sha256(file),
      sizeBytes: statSync(file).size,
      current: true,
    });
    expect([...r.kit.contents].sort()).toEqual(["README.md", "bin/data.bin", "templates/a.html"]);
    expect(r.replaced).toBeNull();
    const stored = kitFilePath(dataDir, r.kit);
    expect(sha256(stored)).toBe(sha256(file));
    expect(statSync(stored).mode & 0o777).toBe(0o600);
    expect(kitFolder(dataDir)).toEqual([r.kit.fileName]);
    expect((await current(dataDir)).kit).toEqual(r.kit);
  });

  const refusals: [string, (dir: string) => string, RegExp][] = [
    [
      "a file that is not gzip",
      (dir) => {
        const p = join(dir, "kit.tar.gz");
        writeFileSync(p, "this is plain text, not a tarball\n");
        return p;
      },
      /not gzip-compressed/,
    ],
    [
      "a truncated gzip",
      (dir) => {
        const good = makeKit("kit.tar.gz", { "a.bin": randomBytes(100_000) });
        const p = join(dir, "cut.tar.gz");
        writeFileSync(p, readFileSync(good).subarray(0, 40_000));
        return p;
      },
      /truncated/,
    ],
    ["a missing file", (dir) => join(dir, "nope.tar.gz"), /no such file/],
  ];

  test.each(refusals)("%s is refused and nothing is written", async (_name, make, message) => {
    const dataDir = fresh();
    const r = await importKit({ dataDir, file: make(fresh()), graceMs: 0 });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message).toMatch(message);
    expect(existsSync(join(dataDir, DB_FILE))).toBe(false);
    expect(kitFolder(dataDir)).toEqual([]);
  });

  test("a re-import replaces the kit, and the earlier file is removed only after the new kit is current", async () => {
    const dataDir = fresh();
    const first = await importKit({ dataDir, file: makeKit("kit-1.0.tar.gz", { "v1.txt": "one" }), graceMs: 0 });
    if (!first.ok) throw new Error(first.message);
    const firstPath = kitFilePath(dataDir, first.kit);

    const secondFile = makeKit("kit-2.0.tar.gz", { "v2.txt": "two" });
    const importing = importKit({ dataDir, file: secondFile, graceMs: 400 });
    // Watch the switch from outside, as a running server would see it.
    const seen: { version: string; firstFileExists: boolean }[] = [];
    const watcher = await openDb(dataDir);
    let done = false;
    void importing.then(() => (done = true));
    while (!done) {
      const kit = await currentKit(watcher);
      seen.push({ version: kit!.version, firstFileExists: existsSync(firstPath) });
      const stored = kit && existsSync(kitFilePath(dataDir, kit));
      expect(stored).toBe(true); // the current kit's file is always there
      await Bun.sleep(5);
    }
    await watcher.close();
    const second = await importing;
    if (!second.ok) throw new Error(second.message);

    // Every observation is "old kit with its file" or "new kit", never "no kit".
    expect(seen.every((s) => (s.version === "1.0" ? s.firstFileExists : true))).toBe(true);
    expect(seen.some((s) => s.version === "2.0" && s.firstFileExists)).toBe(true); // the grace window
    expect(second.replaced?.version).toBe("1.0");
    expect(existsSync(firstPath)).toBe(false);
    expect(kitFolder(dataDir)).toEqual([second.kit.fileName]);
    const after = await current(dataDir);
    expect(after.kit?.version).toBe("2.0");
    expect(after.all.map((k) => [k.version, k.current])).toEqual([
      ["2.0", true],
      ["1.0", false],
    ]);
  });

  test("a failing import leaves the previous kit current and its file intact", async () => {
    const dataDir = fresh();
    const good = makeKit("kit-1.0.tar.gz", { "v1.txt": "one" });
    const first = await importKit({ dataDir, file: good, graceMs: 0 });
    if (!first.ok) throw new Error(first.message);
    const bad = join(fresh(), "kit-2.0.tar.gz");
    writeFileSync(bad, readFileSync(good).subarray(0, 30));
    const r = await importKit({ dataDir, file: bad, graceMs: 0 });
    expect(r.ok).toBe(false);
    expect((await current(dataDir)).kit).toEqual(first.kit);
    expect((await current(dataDir)).all).toHaveLength(1);
    expect(sha256(kitFilePath(dataDir, first.kit))).toBe(first.kit.sha256);
    expect(kitFolder(dataDir)).toEqual([first.kit.fileName]);
  });

  test("when the database refuses the switch, the copied file is removed and the previous kit stays", async () => {
    const dataDir = fresh();
    const first = await importKit({ dataDir, file: makeKit("kit-1.0.tar.gz", { "v1.txt": "one" }), graceMs: 0 });
    if (!first.ok) throw new Error(first.message);
    const readOnly = await openDb(dataDir, { readonly: true });
    const r = await importKit({ dataDir, file: makeKit("kit-2.0.tar.gz", { "v2.txt": "two" }), db: readOnly, graceMs: 0 });
    await readOnly.close();
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message).toMatch(/could not be recorded/);
    expect((await current(dataDir)).kit).toEqual(first.kit);
    expect(kitFolder(dataDir)).toEqual([first.kit.fileName]);
  });

  test("temporary files left by a killed import are swept once an hour old; a fresh one may still be written", async () => {
    const dataDir = fresh();
    mkdirSync(join(dataDir, "kit"), { recursive: true });
    writeFileSync(join(dataDir, "kit", ".kit-1-dead.tar.gz.tmp"), "partial");
    const twoHoursAgo = new Date(Date.now() - 2 * 3600_000);
    utimesSync(join(dataDir, "kit", ".kit-1-dead.tar.gz.tmp"), twoHoursAgo, twoHoursAgo);
    writeFileSync(join(dataDir, "kit", ".kit-2-busy.tar.gz.tmp"), "being written");
    const r = await importKit({ dataDir, file: makeKit("kit-1.0.tar.gz", { "a.txt": "a" }), graceMs: 0 });
    if (!r.ok) throw new Error(r.message);
    expect(kitFolder(dataDir)).toEqual([".kit-2-busy.tar.gz.tmp", r.kit.fileName]);
  });

  test("explicit name and version win; unsafe ones are refused before anything is read", async () => {
    const dataDir = fresh();
    const file = makeKit("whatever.tar.gz", { "a.txt": "a" });
    const r = await importKit({ dataDir, file, name: "pro-kit", version: "2026.1", graceMs: 0 });
    expect(r.ok && [r.kit.name, r.kit.version]).toEqual(["pro-kit", "2026.1"]);
    for (const bad of [{ name: 'a"b' }, { name: "../x" }, { version: "" }, { version: "1 0" }, { name: "x".repeat(65) }]) {
      const refused = await importKit({ dataDir, file, ...bad, graceMs: 0 });
      expect(refused.ok).toBe(false);
      if (!refused.ok) expect(refused.message).toMatch(/is not allowed/);
    }
    expect((await current(dataDir)).all).toHaveLength(1);
  });
});

describe("default name and version from the file name", () => {
  const today = new Date("2026-03-04T10:00:00Z");
  test.each([
    ["seller-kit-1.2.0.tar.gz", "seller-kit", "1.2.0"],
    ["vellum-seller-kit-2.0.1-beta.1.tgz", "vellum-seller-kit", "2.0.1-beta.1"],
    ["kit_v2.tar.gz", "kit", "v2"],
    ["kit-2026-01-31.tar.gz", "kit", "2026-01-31"],
    ["SellerKit.TAR.GZ", "SellerKit", "2026-03-04"],
    ["my kit (final).tar.gz", "my-kit-final", "2026-03-04"],
    ["...tar.gz", "kit", "2026-03-04"],
    ["1.0.tar.gz", "1.0", "2026-03-04"],
  ])("%s → %s %s", (fileName, name, version) => {
    expect(labelsFromFileName(fileName, today)).toEqual({ name, version });
  });
});

describe("vellum kit import", () => {
  async function run(args: string[]) {
    let out = "";
    let err = "";
    let code: number | string;
    try {
      code = await kitCommand({ args, env: {}, out: (t) => void (out += t), err: (t) => void (err += t) });
    } catch (e) {
      code = e instanceof UsageError ? `usage: ${e.message}` : String(e);
    }
    return { code, out, err };
  }

  test("prints name, version, size, SHA-256 and file count", async () => {
    const dataDir = fresh();
    const file = makeKit("seller-kit-1.0.0.tar.gz", { "a.txt": "a", "b/c.txt": "c" });
    const r = await run(["import", file, "--dir", dataDir]);
    expect(r).toEqual({
      code: 0,
      out: `imported seller-kit 1.0.0: ${statSync(file).size} bytes, 2 files\nsha256 ${sha256(file)}\n`,
      err: "",
    });
  });

  test("--name, --version and --json", async () => {
    const dataDir = fresh();
    const r = await run(["import", makeKit("x.tar.gz", { "a.txt": "a" }), "--dir", dataDir, "--name", "kit", "--version", "3", "--json"]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toMatchObject({ name: "kit", version: "3", contents: ["a.txt"], replaced: null });
  });

  test("a bad file exits 1 with one line naming the file and the reason", async () => {
    const dataDir = fresh();
    const bad = join(fresh(), "notes.tar.gz");
    writeFileSync(bad, "plain text");
    const r = await run(["import", bad, "--dir", dataDir]);
    expect(r.code).toBe(1);
    expect(r.out).toBe("");
    expect(r.err).toBe(
      `vellum kit import: ${bad}: it is not gzip-compressed (no gzip signature at the start); a kit must be a .tar.gz file\n`,
    );
  });

  test("usage mistakes are usage errors", async () => {
    expect((await run([])).code).toMatch(/^usage: expected: kit import FILE/);
    expect((await run(["import"])).code).toMatch(/^usage: which file/);
    expect((await run(["import", "a", "b"])).code).toMatch(/^usage: unexpected argument "b"/);
    expect((await run(["import", "a", "--nope"])).code).toMatch(/^usage: .*--nope/);
  });

  test("--help text names the command and its flags", () => {
    for (const word of ["vellum kit import FILE", "--name", "--version", "--dir", "current kit"]) expect(KIT_HELP).toContain(word);
  });
});
