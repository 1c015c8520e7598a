/**
 * Compiles vellum into one executable: `bun scripts/build.ts` → dist/vellum for this machine.
 * Releases (every platform, archives, checksums) are scripts/release.ts, its own entry point
 * (`bun run release`); it imports `compile` from here, never the other way round.
 *
 * The thread entries (extraction worker, fetch thread) are extra entrypoints (Bun embeds them and
 * `new Worker` finds them by path, src/extract/entry-url.ts);
 * bunfig.toml and .env autoloading are off so a binary never picks up files from the operator's
 * working directory; the version (and for releases the target) is injected so `vellum version`
 * and /health agree.
 */
import pkg from "../package.json" with { type: "json" };
import type { BunPlugin } from "bun";

export const ENTRYPOINTS = ["src/main.ts", "src/extract/worker.ts", "src/extract/fetch-thread.ts"];

/** Ink imports react-devtools-core only when DEV is set; the compiled binary never needs it. */
export const stubDevtools: BunPlugin = {
  name: "stub-react-devtools-core",
  setup(build) {
    build.onResolve({ filter: /^react-devtools-core$/ }, () => ({ path: "react-devtools-core", namespace: "stub" }));
    build.onLoad({ filter: /.*/, namespace: "stub" }, () => ({ contents: "export default { connectToDevTools() {} };", loader: "js" }));
  },
};

export async function compile(options: {
  outfile: string;
  /** Bun's compile target (bun-linux-x64-baseline, …); this machine's when absent. */
  target?: Bun.Build.CompileTarget;
  /** The Bun runtime to embed, for a target other than this machine (see scripts/release.ts). */
  executablePath?: string;
  version?: string;
  /** The release platform name `vellum version` reports (linux-x64-baseline, …). */
  buildTarget?: string;
  /** Source maps for local debugging; releases leave them out. */
  sourcemap?: boolean;
}) {
  const version = options.version ?? pkg.version;
  const result = await Bun.build({
    entrypoints: ENTRYPOINTS,
    compile: {
      outfile: options.outfile,
      ...(options.target ? { target: options.target } : {}),
      ...(options.executablePath ? { executablePath: options.executablePath } : {}),
      autoloadBunfig: false,
      autoloadDotenv: false,
    },
    format: "esm",
    bytecode: true,
    minify: { syntax: true, whitespace: true },
    sourcemap: options.sourcemap === false ? "none" : "linked",
    define: {
      VELLUM_BUILD_VERSION: JSON.stringify(version),
      ...(options.buildTarget ? { VELLUM_BUILD_TARGET: JSON.stringify(options.buildTarget) } : {}),
      "process.env.NODE_ENV": '"production"',
    },
    plugins: [stubDevtools],
  });
  if (!result.success) {
    for (const log of result.logs) console.error(log);
    throw new Error("build failed");
  }
  return options.outfile;
}

if (import.meta.main) {
  const out = await compile({ outfile: "dist/vellum" });
  console.log(`built ${out}`);
}
