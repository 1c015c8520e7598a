import { describeStore, openDb, type Db, type OpenOptions } from "../store/db.ts";
import { dataDirOf } from "./args.ts";

/**
 * `--database-url postgres://…` (env VELLUM_DATABASE_URL): the store lives in PostgreSQL, shared
 * by several instances, instead of the SQLite file in --dir. Deliberately not a stored setting:
 * the stored settings live in that very database. The kit tarball still lives in --dir.
 */
export const DATABASE_URL_FLAG = { "database-url": { type: "string" as const } };

export const DATABASE_URL_HELP =
  "  --database-url URL          PostgreSQL store shared by several instances (env VELLUM_DATABASE_URL); default: the SQLite file in --dir\n";

/** --database-url, else VELLUM_DATABASE_URL, else null (SQLite in the data dir). */
export function databaseUrlOf(flagValue: unknown, env: Record<string, string | undefined>): string | null {
  if (typeof flagValue === "string" && flagValue.trim()) return flagValue.trim();
  const fromEnv = env.VELLUM_DATABASE_URL?.trim();
  return fromEnv ? fromEnv : null;
}

/** Opens the store an operator subcommand names with --dir / --database-url (or their env vars). */
export async function openStoreFor(
  values: { dir?: unknown; "database-url"?: unknown },
  env: Record<string, string | undefined>,
  options: Omit<OpenOptions, "databaseUrl"> = {},
): Promise<{ db: Db; dir: string; databaseUrl: string | null; where: string }> {
  const dir = dataDirOf(values.dir, env);
  const databaseUrl = databaseUrlOf(values["database-url"], env);
  const db = await openDb(dir, { ...options, databaseUrl });
  return { db, dir, databaseUrl, where: describeStore(dir, databaseUrl) };
}
