import { parseArgs } from "node:util";
import { openDb, type Db } from "../store/db.ts";
import { creditKey, findKeyById, keyLedger, listKeys, revokeKey, searchKeys, type KeyRow } from "../store/keys.ts";
import { UsageError, dataDirOf, type CommandContext } from "./args.ts";

export const KEYS_HELP = `Usage:
  vellum keys list [--dir DIR] [--json]                    newest keys first
  vellum keys show KEY [--dir DIR] [--json]                one key with its ledger (KEY: id, key prefix like vk_AbC12, or payer address)
  vellum keys credit KEY CALLS --reason TEXT [--dir DIR]   operator adjustment (negative CALLS removes), recorded in the ledger
  vellum keys revoke KEY [--dir DIR]                       the key can no longer pay

Keys are stored only as SHA-256 hashes: a key's full value cannot be shown again.
`;

export async function keysCommand(ctx: CommandContext): Promise<number> {
  let parsed;
  // A negative CALLS ("-5") would read as a flag: move it behind "--", where it stays positional.
  const negatives = ctx.args.filter((a) => /^-\d+$/.test(a));
  const args = [...ctx.args.filter((a) => !/^-\d+$/.test(a)), ...(negatives.length ? ["--", ...negatives] : [])];
  try {
    parsed = parseArgs({
      args,
      options: { dir: { type: "string" }, json: { type: "boolean" }, reason: { type: "string" } },
      allowPositionals: true,
      allowNegative: false,
      strict: true,
    });
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  const { values, positionals } = parsed;
  const [verb, ref, amount] = positionals;
  const db = openDb(dataDirOf(values.dir, ctx.env));
  const print = (rows: unknown, text: () => string) => ctx.out(values.json ? `${JSON.stringify(rows, null, 2)}\n` : text());
  try {
    switch (verb) {
      case "list": {
        const rows = listKeys(db);
        print(rows, () => (rows.length ? rows.map(line).join("") : "no keys yet\n"));
        return 0;
      }
      case "show": {
        const key = findOne(db, ref);
        const ledger = keyLedger(db, key.id);
        print(
          { ...key, ledger },
          () =>
            line(key) +
            ledger
              .map(
                (l) =>
                  `    ${new Date(l.createdAt).toISOString()}  ${l.kind.padEnd(10)} ${String(l.calls).padStart(7)}  ${l.reason ?? ""} ${l.ref ?? ""}\n`,
              )
              .join(""),
        );
        return 0;
      }
      case "credit": {
        const key = findOne(db, ref);
        if (amount === undefined || !/^-?\d+$/.test(amount))
          throw new UsageError("expected: keys credit KEY CALLS --reason TEXT (CALLS a whole number)");
        if (!values.reason?.trim()) throw new UsageError("--reason is required: it is recorded in the key's ledger");
        const updated = creditKey(db, key.id, Number(amount), values.reason.trim());
        print(updated, () => line(updated));
        return 0;
      }
      case "revoke": {
        const key = findOne(db, ref);
        if (!revokeKey(db, key.id)) {
          ctx.err(`key ${key.id} was already revoked\n`);
          return 1;
        }
        ctx.out(`key ${key.id} (${key.prefix}…) revoked\n`);
        return 0;
      }
      default:
        throw new UsageError("expected list, show, credit or revoke (see 'vellum keys --help')");
    }
  } finally {
    db.close();
  }
}

function findOne(db: Db, ref: string | undefined): KeyRow {
  if (!ref) throw new UsageError("which key? give its id, prefix or payer address");
  if (/^\d+$/.test(ref)) {
    const key = findKeyById(db, Number(ref));
    if (!key) throw new UsageError(`no key with id ${ref}`);
    return key;
  }
  const found = searchKeys(db, ref);
  if (found.length === 0) throw new UsageError(`no key matches "${ref}"`);
  if (found.length > 1) throw new UsageError(`"${ref}" matches ${found.length} keys (ids ${found.map((k) => k.id).join(", ")}); use an id`);
  return found[0]!;
}

function line(k: KeyRow): string {
  const state = k.revokedAt ? "revoked" : "active";
  return `${String(k.id).padStart(5)}  ${k.prefix}…  ${String(k.callsRemaining).padStart(7)}/${k.totalCalls} calls  ${state.padEnd(7)}  ${k.payer ?? "(operator)"}  created ${new Date(k.createdAt).toISOString()}${k.lastUsedAt ? `  last used ${new Date(k.lastUsedAt).toISOString()}` : ""}\n`;
}
