/**
 * Refreshes src/server/openapi-examples.json, the examples /openapi.json shows: real responses of
 * the real server, captured by running the contract scenarios (tests/contract/harness.ts) against
 * a local target site and anvil, then scrubbed of local addresses. It lives beside the harness it
 * runs (tests/ may import anything; scripts/ and src/ never import tests/), and nothing it captures
 * depends on the previous file: the server reads the file only to decorate /openapi.json.
 *
 *   npm run openapi:examples     (or: npx bun tests/contract/capture-examples.ts)
 *
 * Run it after changing a route, a schema or an error code (tests/contract/openapi.test.ts fails
 * while a documented response has no example or an example no longer matches its schema).
 * Commit the result. The file changes on every run (keys, hashes, times are real).
 */
import { join } from "node:path";
import { PUBLIC_URL, perform, scenarios, startContractEnv } from "./harness.ts";

const FILE = join(import.meta.dir, "../../src/server/openapi-examples.json");
/** Where the examples say the article lives instead of the test site on 127.0.0.1. */
const EXAMPLE_SITE = "https://blog.example.com";
/** Operations whose answer is not a useful example (the document itself). */
const SKIP = new Set(["get /openapi.json"]);

type Example = { summary: string; value: unknown };
const out = {
  about: "Real responses captured by `npx bun tests/contract/capture-examples.ts`; do not edit by hand.",
  capturedAt: new Date().toISOString(),
  requests: {} as Record<string, unknown>,
  responses: {} as Record<string, Record<string, Record<string, Example>>>,
};

const env = await startContractEnv();
try {
  const origins: [string, string][] = [
    [env.site.origin, EXAMPLE_SITE],
    [new URL(env.slow.url).origin, EXAMPLE_SITE],
    ...[env.main, env.noChain, env.bare].map((svc): [string, string] => [svc.url, PUBLIC_URL]),
  ];
  const scrub = (value: unknown): unknown => {
    let text = JSON.stringify(value);
    for (const [from, to] of origins) text = text.split(from).join(to);
    return JSON.parse(text);
  };
  for (const scenario of scenarios()) {
    if (SKIP.has(scenario.op) || scenario.op.startsWith("head ")) continue; // a HEAD answer has no body
    const { res, call } = await perform(env, scenario);
    if (res.status !== scenario.status) {
      console.warn(`skipped (answered ${res.status}, expected ${scenario.status}): ${scenario.op} ${scenario.name}`);
      await res.body?.cancel();
      continue;
    }
    if (!(res.headers.get("content-type") ?? "").startsWith("application/json")) {
      await res.body?.cancel();
      continue;
    }
    const value = scrub(await res.json()) as { error?: string };
    const name = scenario.example ?? value.error ?? "ok";
    const byStatus = ((out.responses[scenario.op] ??= {})[String(scenario.status)] ??= {});
    byStatus[name] ??= { summary: scenario.name, value };
    if (scenario.status === 200 && call?.body && typeof call.body === "object") out.requests[scenario.op] ??= scrub(call.body);
  }
} finally {
  await env.close();
}
await Bun.write(FILE, `${JSON.stringify(out, null, 2)}\n`);
// In the tree's own format (biome.json), so `npm run check` passes on the captured file as written.
const biome = Bun.spawnSync([join(import.meta.dir, "../../node_modules/.bin/biome"), "format", "--write", FILE], {
  cwd: join(import.meta.dir, "../.."),
  stderr: "inherit",
});
if (biome.exitCode !== 0) throw new Error(`biome could not format ${FILE}`);
console.log(
  `wrote ${FILE}: ${Object.values(out.responses).reduce((n, s) => n + Object.values(s).reduce((m, e) => m + Object.keys(e).length, 0), 0)} examples`,
);

process.exit(0);
