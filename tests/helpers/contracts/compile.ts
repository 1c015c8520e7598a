/**
 * Regenerates artifacts.json from TestUsdc.sol with the `solc` npm package (a devDependency).
 * The artifact is committed, so tests never need a compiler; run this only after editing the
 * source: `npx bun tests/helpers/contracts/compile.ts`. A test checks that the artifact's
 * sourceSha256 still matches the source, so a forgotten recompile fails loudly.
 */
import { createHash } from "node:crypto";
import { readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import solc from "solc";

const here = import.meta.dir;
const sourceFile = "TestUsdc.sol";
const source = readFileSync(join(here, sourceFile), "utf8");

// Cancun is old enough for any anvil release in use and new enough for PUSH0 / MCOPY.
const input = {
  language: "Solidity",
  sources: { [sourceFile]: { content: source } },
  settings: {
    evmVersion: "cancun",
    optimizer: { enabled: true, runs: 200 },
    outputSelection: { "*": { "*": ["abi", "evm.bytecode.object", "evm.deployedBytecode.object"] } },
  },
};

type SolcOutput = {
  errors?: { severity: string; formattedMessage: string }[];
  contracts: Record<
    string,
    Record<string, { abi: unknown[]; evm: { bytecode: { object: string }; deployedBytecode: { object: string } } }>
  >;
};

const output = JSON.parse(solc.compile(JSON.stringify(input))) as SolcOutput;
const errors = (output.errors ?? []).filter((e) => e.severity === "error");
for (const e of output.errors ?? []) console.error(e.formattedMessage);
if (errors.length > 0) process.exit(1);

const contracts: Record<string, { abi: unknown[]; bytecode: string; deployedBytecode: string }> = {};
for (const [name, c] of Object.entries(output.contracts[sourceFile] ?? {})) {
  contracts[name] = {
    abi: c.abi,
    bytecode: `0x${c.evm.bytecode.object}`,
    deployedBytecode: `0x${c.evm.deployedBytecode.object}`,
  };
}

const artifact = {
  compiler: `solc ${solc.version()}`,
  evmVersion: input.settings.evmVersion,
  source: sourceFile,
  sourceSha256: createHash("sha256").update(source).digest("hex"),
  contracts,
};

const out = join(here, "artifacts.json");
writeFileSync(`${out}.tmp`, `${JSON.stringify(artifact, null, 2)}\n`);
renameSync(`${out}.tmp`, out);
console.log(`wrote ${out}: ${Object.keys(contracts).join(", ")} (${artifact.compiler})`);
