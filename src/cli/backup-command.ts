import { parseArgs } from "node:util";
import { join } from "node:path";
import { backupDatabase } from "../store/backup.ts";
import { UsageError, dataDirOf, type CommandContext } from "./args.ts";

export const BACKUP_HELP = `Usage: vellum backup [--dir DIR]

Copies the database with VACUUM INTO to DIR/backups/vellum-<UTC timestamp>.db (safe while
the server runs: it reads one consistent snapshot), then runs PRAGMA integrity_check on the
copy. Prints the backup's path. To restore: stop the server, replace DIR/vellum.db with the
copy (and remove vellum.db-wal / vellum.db-shm), start again.
`;

export async function backupCommand(ctx: CommandContext): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args: ctx.args, options: { dir: { type: "string" } }, allowPositionals: false, strict: true });
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  const dir = dataDirOf(parsed.values.dir, ctx.env);
  const result = backupDatabase(dir, join(dir, "backups"));
  if (!result.ok) {
    ctx.err(`backup written to ${result.path} but its integrity check failed: ${result.problem}\n`);
    return 1;
  }
  ctx.out(`${result.path}\n`);
  return 0;
}
