import { parseArgs } from "node:util";
import { appliedMigrations } from "../store/db.ts";
import { MIGRATIONS, SCHEMA_VERSION } from "../store/migrations.ts";
import { UsageError, type CommandContext } from "./args.ts";
import { DATABASE_URL_FLAG, DATABASE_URL_HELP, openStoreFor } from "./store-args.ts";

export const MIGRATE_HELP = `Usage: vellum migrate status [--dir DIR] [--database-url URL]

Shows the schema version of the database (the SQLite file in DIR, or the PostgreSQL database of
--database-url) and the migrations this build knows. Several instances starting at once on one
empty PostgreSQL database apply them once (an advisory lock serialises them).
Migrations are applied automatically when 'vellum serve' starts; a database made by a
newer vellum is refused.

${DATABASE_URL_HELP}`;

export async function migrateCommand(ctx: CommandContext): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: ctx.args,
      options: { dir: { type: "string" }, ...DATABASE_URL_FLAG },
      allowPositionals: true,
      strict: true,
    });
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  if (parsed.positionals[0] !== "status") throw new UsageError("expected: migrate status");
  // Read only: a status command creates nothing and changes no file or directory mode.
  const { db, where } = await openStoreFor(parsed.values, ctx.env, { migrate: false, readonly: true });
  try {
    const applied = await appliedMigrations(db);
    const current = applied.at(-1)?.version ?? 0;
    ctx.out(`${where}: schema version ${current} (this build knows ${SCHEMA_VERSION})\n`);
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
    await db.close();
  }
}
