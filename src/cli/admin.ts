import { existsSync } from "node:fs";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { parseArgs } from "node:util";
import { DB_FILE } from "../store/db.ts";
import { UsageError, dataDirOf, type CommandContext } from "./args.ts";
import { DATABASE_URL_FLAG, DATABASE_URL_HELP, databaseUrlOf } from "./store-args.ts";

export const ADMIN_HELP = `Usage: vellum admin [--dir DIR] [--database-url URL]

Opens the terminal admin console on the data directory (default ./vellum_data, or VELLUM_DIR).
It opens the same SQLite file (or PostgreSQL database) as the running servers, which apply
changes within seconds.
${DATABASE_URL_HELP}
Screens (number keys 1-4 or Tab):
  1 Treasury  pay-to address, live USDC balance, revenue, calls served, credits outstanding
  2 Kit       the seller kit, import a tarball, kit price and downloads per order, orders
  3 Keys      find a key by any part of its prefix or payer, or its id; active/revoked
              filter; its ledger; credit calls, revoke
  4 RPC       RPC URLs in fallback order: add, remove, reorder, test
r refreshes (screens also refresh every 5 s), ? lists every key of the screen.
q or Esc goes back, or quits from a screen's main view. Ctrl+C quits at once.
Under 50×18 the console only says how much room it needs. With --dir pointing at a directory
without a database, it says so and asks before creating one.

It needs a terminal. For scripts, use the non-interactive subcommands:
  vellum config get|set|list, vellum keys list|create|show|credit|revoke, vellum kit import, vellum backup
`;

/** Said when there is no terminal: what to use instead. */
export const NO_TERMINAL =
  "vellum admin needs an interactive terminal (stdin and stdout must be a TTY); in scripts use `vellum config get|set|list`, `vellum keys list|create|show|credit|revoke`, `vellum kit import` or `vellum backup`.";

/** One line from the terminal (the console is not running yet). */
async function ask(question: string): Promise<string> {
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  try {
    return await new Promise<string>((resolve) => {
      rl.question(question, resolve);
      rl.once("close", () => resolve(""));
    });
  } finally {
    rl.close();
  }
}

export async function admin(ctx: CommandContext): Promise<number> {
  let dir: unknown;
  let databaseUrlFlag: unknown;
  try {
    ({
      values: { dir, "database-url": databaseUrlFlag },
    } = parseArgs({ args: ctx.args, options: { dir: { type: "string" }, ...DATABASE_URL_FLAG }, allowPositionals: false, strict: true }));
  } catch (err) {
    throw new UsageError(`${(err as Error).message.replace(/\. To specify.*$/s, "")} (see 'vellum admin --help')`);
  }
  // Checked before anything touches the data dir: a piped `vellum admin` must not create one.
  if (!process.stdin.isTTY || !process.stdout.isTTY) {
    ctx.err(`${NO_TERMINAL}\n`);
    return 2;
  }

  const dataDir = dataDirOf(dir, ctx.env);
  const databaseUrl = databaseUrlOf(databaseUrlFlag, ctx.env);
  // A mistyped --dir must not leave an empty database behind that looks like a fresh install.
  if (!databaseUrl && !existsSync(join(dataDir, DB_FILE))) {
    const answer = await ask(
      `There is no vellum database in ${dataDir} (no ${DB_FILE}): a running server uses another --dir, or vellum has not run here yet.\nCreate an empty one there and open the console? [y/N] `,
    );
    if (!/^y(es)?$/i.test(answer.trim())) {
      ctx.err(`nothing created; pass the server's data dir with --dir DIR (or VELLUM_DIR)\n`);
      return 1;
    }
  }
  // Loaded only here: Ink and React stay out of every other subcommand (and of `serve`).
  const [{ openDb }, { createAdminData }, { runConsole }] = await Promise.all([
    import("../store/db.ts"),
    import("../admin/data.ts"),
    import("../admin/run.tsx"),
  ]);
  const db = await openDb(dataDir, { databaseUrl });
  try {
    await runConsole(createAdminData({ db, dir: dataDir, env: ctx.env }));
    return 0;
  } finally {
    await db.close();
  }
}
