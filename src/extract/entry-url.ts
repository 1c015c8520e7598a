import { existsSync } from "node:fs";

/**
 * Where a thread's entry file (a module under src/extract/ started with `new Worker`) is. From a
 * checkout it sits next to this file. In a binary made by `bun build --compile src/main.ts
 * src/extract/<entry>.ts …` (scripts/build.ts ENTRYPOINTS), Bun stores each entrypoint in its
 * embedded file system under `/$bunfs/root/` at its path relative to the entrypoints' common
 * directory (`src/`), with a `.js` extension: `/$bunfs/root/extract/<entry>.js`. Inside the binary
 * every bundled module reports the executable's own URL as `import.meta.url`
 * (`file:///$bunfs/root/vellum`), so `new URL("./<entry>.ts", import.meta.url)` would point at
 * `/$bunfs/root/<entry>.ts`, which does not exist; the path relative to the bundle root is needed
 * there. `new Worker()` accepts the `.ts` spelling for the `.js` file, and `existsSync` sees the
 * embedded files. (Measured with Bun 1.4.4.)
 */
export function threadEntryUrl(name: string): URL {
  const candidates = [new URL(`./${name}.ts`, import.meta.url), new URL(`./extract/${name}.js`, import.meta.url)];
  const found = candidates.find((url) => existsSync(url));
  if (!found) {
    throw new Error(`thread entry ${name} not found: a compiled build must include src/extract/${name}.ts as an entrypoint`);
  }
  return found;
}
