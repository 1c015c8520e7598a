import { parseArgs } from "node:util";
import { appliedMigrations, openDb } from "../store/db.ts";
import { MIGRATIONS, SCHEMA_VERSION } from "../store/migrations.ts";
import { UsageError, dataDirOf, type CommandContext } from "./args.ts";

export const MIGRATE_HELP = `Usage: vellum migrate status [--dir DIR]

Shows the schema version of the database in DIR and the migrations this build knows.
Migrations are applied automatically when 'vellum serve' starts; a database made by a
newer vellum is refused.
`;

export async function migrateCommand(ctx: CommandContext): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args: ctx.args, options: { dir: { type: "string" } }, allowPositionals: true, strict: true });
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  if (parsed.positionals[0] !== "status") throw new UsageError("expected: migrate status");
  const db = openDb(dataDirOf(parsed.values.dir, ctx.env), { migrate: false });
  try {
    const applied = appliedMigrations(db);
    const current = applied.at(-1)?.version ?? 0;
    ctx.out(`schema version ${current} (this build knows ${SCHEMA_VERSION})\n`);
    for (const m of MIGRATIONS) {
      const row = applied.find((a) => a.version === m.version);
      ctx.out(`  ${String(m.version).padStart(3)}  ${row ? `applied ${new Date(row.appliedAt).toISOString()}` : "pending"}  ${m.name}\n`);
    }
    if (current > SCHEMA_VERSION) {
      ctx.err(`the database is newer than this build; upgrade vellum\n`);
      return 1;
    }
    return 0;
  } finally {
    db.close();
  }
}
