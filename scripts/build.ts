/**
 * Compiles vellum into one executable.
 *   bun scripts/build.ts            → dist/vellum for this machine
 *   bun scripts/build.ts --release  → archives per platform + checksums.txt (see release.ts)
 * The worker entry is a second entrypoint (Bun embeds it and `new Worker` finds it by path);
 * bunfig.toml and .env autoloading are off so a binary never picks up files from the operator's
 * working directory; the version is injected so `vellum version` and /health agree.
 */
import pkg from "../package.json" with { type: "json" };
import type { BunPlugin } from "bun";

export const ENTRYPOINTS = ["src/main.ts", "src/extract/worker.ts"];

/** Ink imports react-devtools-core only when DEV is set; the compiled binary never needs it. */
export const stubDevtools: BunPlugin = {
  name: "stub-react-devtools-core",
  setup(build) {
    build.onResolve({ filter: /^react-devtools-core$/ }, () => ({ path: "react-devtools-core", namespace: "stub" }));
    build.onLoad({ filter: /.*/, namespace: "stub" }, () => ({ contents: "export default { connectToDevTools() {} };", loader: "js" }));
  },
};

export async function compile(options: { outfile: string; target?: Bun.Build.CompileTarget; executablePath?: string; version?: string }) {
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
    sourcemap: "linked",
    define: { VELLUM_BUILD_VERSION: JSON.stringify(version), "process.env.NODE_ENV": '"production"' },
    plugins: [stubDevtools],
  });
  if (!result.success) {
    for (const log of result.logs) console.error(log);
    throw new Error("build failed");
  }
  return options.outfile;
}

if (import.meta.main) {
  if (process.argv.includes("--release")) {
    await (await import("./release.ts")).release();
  } else {
    const out = await compile({ outfile: "dist/vellum" });
    console.log(`built ${out}`);
  }
}
