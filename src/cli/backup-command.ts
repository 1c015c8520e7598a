import { parseArgs } from "node:util";
import { join } from "node:path";
import { backupDatabase, backupPostgres } from "../store/backup.ts";
import { UsageError, dataDirOf, type CommandContext } from "./args.ts";
import { DATABASE_URL_FLAG, DATABASE_URL_HELP, databaseUrlOf } from "./store-args.ts";

export const BACKUP_HELP = `Usage: vellum backup [--dir DIR] [--database-url URL]

Copies the database with VACUUM INTO to DIR/backups/vellum-<UTC timestamp>.db (safe while
the server runs: it reads one consistent snapshot), then runs PRAGMA integrity_check on the
copy. Prints the backup's path. To restore: stop the server, replace DIR/vellum.db with the
copy (and remove vellum.db-wal / vellum.db-shm), start again.

With a PostgreSQL store (--database-url or VELLUM_DATABASE_URL) it runs pg_dump when it is on
the PATH (custom format, DIR/backups/vellum-<UTC timestamp>.dump; restore with pg_restore);
without pg_dump it says so, writes nothing and exits 1. The kit file in DIR/kit is not in the
database: copy it with the rest of DIR.

${DATABASE_URL_HELP}`;

export async function backupCommand(ctx: CommandContext): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: ctx.args,
      options: { dir: { type: "string" }, ...DATABASE_URL_FLAG },
      allowPositionals: false,
      strict: true,
    });
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  const dir = dataDirOf(parsed.values.dir, ctx.env);
  const databaseUrl = databaseUrlOf(parsed.values["database-url"], ctx.env);
  if (databaseUrl) {
    const dumped = await backupPostgres(databaseUrl, join(dir, "backups"));
    if (!dumped.ok) {
      ctx.err(`vellum backup: ${dumped.problem}\n`);
      return 1;
    }
    ctx.out(`${dumped.path}\n`);
    return 0;
  }
  const result = await backupDatabase(dir, join(dir, "backups"));
  if (!result.ok) {
    ctx.err(`backup written to ${result.path} but its integrity check failed: ${result.problem}\n`);
    return 1;
  }
  ctx.out(`${result.path}\n`);
  return 0;
}
