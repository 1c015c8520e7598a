import { expect, test } from "bun:test";
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import artifacts from "../helpers/contracts/artifacts.json" with { type: "json" };

// The tests run the committed artifact, not the source: a source edit without
// `npx bun tests/helpers/contracts/compile.ts` would silently test stale code.
test("the committed contract artifact was compiled from the committed source", () => {
  const source = readFileSync(join(import.meta.dir, "../helpers/contracts/TestUsdc.sol"));
  expect(artifacts.sourceSha256).toBe(createHash("sha256").update(source).digest("hex"));
  expect(Object.keys(artifacts.contracts).sort()).toEqual(["TestUsdc", "TestWallet", "TransferForger"]);
  for (const c of Object.values(artifacts.contracts)) {
    expect(c.deployedBytecode).toMatch(/^0x[0-9a-f]{200,}$/);
    expect(c.bytecode).toMatch(/^0x[0-9a-f]{200,}$/);
  }
});
