import { parseArgs } from "node:util";
import { generateSecret } from "../payments/secrets.ts";
import { openDb, type Db } from "../store/db.ts";
import { createOperatorKey } from "../store/operator-keys.ts";
import { CreditError, creditKey, findKeyById, keyLedger, listKeys, revokeKey, searchKeys, type KeyRow } from "../store/keys.ts";
import { UsageError, openDataDir, flagErrorSentence, joinNegativeValues, type CommandContext } from "./args.ts";
import { DATABASE_URL_FLAG, DATABASE_URL_HELP, databaseUrlOf } from "./store-args.ts";

export const KEYS_HELP = `Usage:
  vellum keys list [--dir DIR] [--json]                    newest keys first
  vellum keys create --calls N --note TEXT [--dir DIR] [--json]
                                                           a new key with N calls (complimentary, test), printed once;
                                                           its ledger records an adjustment with the note
  vellum keys show KEY [--dir DIR] [--json]                one key with its ledger (KEY: id, key prefix like vk_AbC12, or payer address)
  vellum keys credit KEY CALLS --reason TEXT [--dir DIR]   operator adjustment (negative CALLS removes), recorded in the ledger
  vellum keys revoke KEY [--dir DIR]                       the key can no longer pay

Keys are stored only as SHA-256 hashes: a key's full value cannot be shown again.

${DATABASE_URL_HELP}`;

export async function keysCommand(ctx: CommandContext): Promise<number> {
  let parsed;
  // A negative CALLS of `credit` ("-5") would read as a flag: move it behind "--", where it stays
  // positional. (`create --calls -5` keeps it as the option's value, refused below with a sentence.)
  const negatives = ctx.args.includes("create") ? [] : ctx.args.filter((a) => /^-\d+$/.test(a));
  const args = negatives.length ? [...ctx.args.filter((a) => !/^-\d+$/.test(a)), "--", ...negatives] : ctx.args;
  const options = {
    dir: { type: "string" },
    json: { type: "boolean" },
    reason: { type: "string" },
    calls: { type: "string" },
    note: { type: "string" },
    ...DATABASE_URL_FLAG,
  } as const;
  try {
    parsed = parseArgs({
      // `create --calls -5`: the value of --calls, refused below with its range (not parseArgs' "ambiguous").
      args: ctx.args.includes("create") ? joinNegativeValues(args, options) : args,
      options,
      allowPositionals: true,
      allowNegative: false,
      strict: true,
    });
  } catch (err) {
    throw new UsageError(`${flagErrorSentence(err as Error & { code?: string }, options)} (see 'vellum keys --help')`);
  }
  const { values, positionals } = parsed;
  const [verb, ref, amount] = positionals;
  if (verb === "create") validateCreate(values.calls, values.note);
  const db = await openDataDir(values.dir, ctx.env, (dir) => openDb(dir, { databaseUrl: databaseUrlOf(values["database-url"], ctx.env) }));
  const print = (rows: unknown, text: () => string) => ctx.out(values.json ? `${JSON.stringify(rows, null, 2)}\n` : text());
  try {
    switch (verb) {
      case "create": {
        const secret = generateSecret("vk");
        const calls = Number(values.calls);
        const note = values.note!.trim();
        const id = await createOperatorKey(db, { keyHash: secret.hash, prefix: secret.prefix, calls, note });
        if (values.json)
          ctx.out(`${JSON.stringify({ id, apiKey: secret.value, prefix: secret.prefix, callsRemaining: calls, note }, null, 2)}\n`);
        else ctx.out(`${secret.value}\n`);
        ctx.err(
          `key ${id} (${secret.prefix}…) with ${calls} calls; the note is in its ledger. Copy the key now: it is stored only as a hash and cannot be shown again.\n`,
        );
        return 0;
      }
      case "list": {
        const rows = await listKeys(db);
        print(rows, () => (rows.length ? rows.map(line).join("") : "no keys yet\n"));
        return 0;
      }
      case "show": {
        const key = await findOne(db, ref);
        const ledger = await keyLedger(db, key.id);
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
        const key = await findOne(db, ref);
        // Only the reading of CALLS is the CLI's; what a credit may be is the store's rule (CreditError).
        if (amount === undefined || !/^-?\d+$/.test(amount))
          throw new UsageError("expected: keys credit KEY CALLS --reason TEXT (CALLS a whole number)");
        const updated = await creditKey(db, key.id, Number(amount), values.reason ?? "").catch((err: unknown) => {
          if (err instanceof CreditError && err.code === "missing_reason")
            throw new UsageError("--reason is required: it is recorded in the key's ledger");
          if (err instanceof CreditError && err.code === "invalid_calls") throw new UsageError(err.message);
          throw err;
        });
        print(updated, () => line(updated));
        return 0;
      }
      case "revoke": {
        const key = await findOne(db, ref);
        if (!(await revokeKey(db, key.id))) {
          ctx.err(`key ${key.id} was already revoked\n`);
          return 1;
        }
        ctx.out(`key ${key.id} (${key.prefix}…) revoked\n`);
        return 0;
      }
      default:
        throw new UsageError("expected list, create, show, credit or revoke (see 'vellum keys --help')");
    }
  } finally {
    await db.close();
  }
}

/** Checked before the data dir is opened: a mistyped command creates nothing. */
function validateCreate(calls: string | undefined, note: string | undefined): void {
  if (calls === undefined) throw new UsageError("--calls N is required: how many calls the new key gets");
  if (!/^\d{1,9}$/.test(calls) || Number(calls) < 1) throw new UsageError(`--calls takes a whole number of at least 1, got "${calls}"`);
  if (!note?.trim()) throw new UsageError("--note TEXT is required: it says in the key's ledger why the key exists");
}

async function findOne(db: Db, ref: string | undefined): Promise<KeyRow> {
  if (!ref) throw new UsageError("which key? give its id, prefix or payer address");
  if (/^\d+$/.test(ref)) {
    const key = await findKeyById(db, Number(ref));
    if (!key) throw new UsageError(`no key with id ${ref}`);
    return key;
  }
  const found = await searchKeys(db, ref);
  if (found.length === 0) throw new UsageError(`no key matches "${ref}"`);
  if (found.length > 1) throw new UsageError(`"${ref}" matches ${found.length} keys (ids ${found.map((k) => k.id).join(", ")}); use an id`);
  return found[0]!;
}

function line(k: KeyRow): string {
  const state = k.revokedAt ? "revoked" : "active";
  return `${String(k.id).padStart(5)}  ${k.prefix}…  ${String(k.callsRemaining).padStart(7)}/${k.totalCalls} calls  ${state.padEnd(7)}  ${k.payer ?? "(operator)"}  created ${new Date(k.createdAt).toISOString()}${k.lastUsedAt ? `  last used ${new Date(k.lastUsedAt).toISOString()}` : ""}\n`;
}
