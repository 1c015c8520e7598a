/**
 * What the README promises a new operator, checked against the real thing: the first example
 * works without internet, the /extract example has the real answer's fields, the Node and install
 * script notes name every package they are about.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { spawnServer } from "./helpers/binary.ts";
import { tempDir } from "./helpers/temp.ts";

const ROOT = join(import.meta.dir, "..");
const README = readFileSync(join(ROOT, "README.md"), "utf8");
const work = tempDir("vellum-readme-");
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Every installed package.json (scoped ones included). */
function installedPackages(): { name: string; scripts?: Record<string, string>; engines?: { node?: string } }[] {
  const out = [];
  const modules = join(ROOT, "node_modules");
  for (const entry of readdirSync(modules)) {
    const dirs = entry.startsWith("@") ? readdirSync(join(modules, entry)).map((d) => join(entry, d)) : [entry];
    for (const d of dirs) {
      try {
        out.push(JSON.parse(readFileSync(join(modules, d, "package.json"), "utf8")));
      } catch {
        // not a package (.bin, .cache)
      }
    }
  }
  return out;
}

describe("README", () => {
  test("the first example works offline: npm start -- --allow-private-targets, then extracting vellum's own page", async () => {
    const start = /npm start -- (--allow-private-targets 127\.0\.0\.1:8402)/.exec(README);
    const curl = /curl '(http:\/\/127\.0\.0\.1:8402\/extract\?free=1&url=http:\/\/127\.0\.0\.1:8402\/)'/.exec(README);
    expect(start).not.toBeNull();
    expect(curl).not.toBeNull();
    // The same commands on a free port (8402 may be taken on the test machine); `npm start` is `bun src/main.ts serve`.
    const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8"));
    expect(pkg.scripts.start).toBe("bun src/main.ts serve");
    const probe = Bun.serve({ port: 0, fetch: () => new Response() });
    const port = probe.port;
    probe.stop(true);
    const server = await spawnServer(
      [process.execPath, join(ROOT, "src/main.ts")],
      ["--http", `127.0.0.1:${port}`, "--dir", join(work, "data"), ...start![1]!.replace("8402", String(port)).split(" ")],
      { env: {} },
    );
    try {
      const res = await fetch(curl![1]!.replaceAll("8402", String(port)));
      expect(res.status).toBe(200);
      const body = (await res.json()) as Record<string, unknown>;
      expect(body.title).toBe("vellum");
      expect(body.usage).toMatchObject({ mode: "free" });
      // The README's /extract example has exactly the fields of a real answer, in the same order.
      const block = /### What \/extract returns\s+```json\n([\s\S]+?)```/.exec(README)![1]!;
      const documented = [...block.matchAll(/"(\w+)":/g)].map((m) => m[1]).filter((k) => k !== "mode" && k !== "freeCallsRemainingToday");
      expect(documented).toEqual(Object.keys(body));
    } finally {
      await server.stop();
    }
  }, 60_000);

  test("names every installed package whose install script npm skips", () => {
    const withScripts = installedPackages()
      .filter((p) => p.scripts && (p.scripts.preinstall || p.scripts.install || p.scripts.postinstall))
      .map((p) => p.name);
    expect(withScripts.length).toBeGreaterThan(0);
    const table = README.slice(README.indexOf("**Install scripts npm skips.**"), README.indexOf("## Configuration"));
    for (const name of withScripts) expect(table).toContain(`\`${name}\``);
  });

  test("the Node version it states is package.json's, and every dependency asking for more is named", () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8"));
    expect(pkg.engines.node).toBe(">=20");
    expect(README).toContain("Node.js (≥ 20)");
    const direct = new Set(Object.keys(pkg.dependencies));
    const higher = installedPackages().filter((p) => direct.has(p.name) && /(>=|\^)\s*2[2-9]/.test(p.engines?.node ?? ""));
    expect(higher.map((p) => p.name).sort()).toEqual(["ink", "unpdf"]);
    const note = README.slice(README.indexOf("**Node 20 is enough.**"), README.indexOf("**Install scripts npm skips.**"));
    for (const p of higher) expect(note).toContain(`\`${p.name}\``);
  });

  test("the archive layout it shows is the one the release script writes", () => {
    const release = readFileSync(join(ROOT, "scripts/release.ts"), "utf8");
    expect(release).toContain('cpSync(join(ROOT, "scripts/deploy"), join(stage, "deploy")');
    expect(release).toContain('cpSync(join(ROOT, "README.md"), join(stage, "README.md"))');
    expect(README).toMatch(/vellum-<version>-<platform>\/\n\s+vellum .*\n\s+README\.md .*\n\s+deploy\/ .*scripts\/deploy\//);
  });
});
