import { parseArgs } from "node:util";
import {
  ConfigError,
  envName,
  resolveConfig,
  SETTINGS,
  STORED_SETTINGS,
  parseStoredSetting,
  showValue,
  type SettingName,
  type Source,
} from "../config.ts";
import {
  describeServer,
  HEARTBEAT_MS,
  overriddenBy,
  runningServers,
  showPublished,
  sourceLabel,
  type RunningServer,
} from "../running-settings.ts";
import { openDb } from "../store/db.ts";
import { deleteSetting, readSettings, writeSetting } from "../store/settings.ts";
import { UsageError, openDataDir, type CommandContext } from "./args.ts";
import { DATABASE_URL_FLAG, DATABASE_URL_HELP, databaseUrlOf } from "./store-args.ts";

export const CONFIG_HELP = `Usage:
  vellum config list [--dir DIR]            every setting: this command's view, and each running server's
  vellum config get NAME [--dir DIR]        the value in effect (the running server's, when one runs)
  vellum config set NAME VALUE [--dir DIR]  store a setting (a running server applies it within seconds,
                                            unless its own flag or environment variable overrides it)
  vellum config unset NAME [--dir DIR]      remove a stored setting (back to env/default)

Stored settings: ${STORED_SETTINGS.join(", ")}.
Lists (rpcUrls, trustedProxies) are comma-separated. serve's flags and the environment (VELLUM_*)
override stored settings. A running server publishes the values it uses and where each came from
(flag, env, stored, default) every ${HEARTBEAT_MS / 1000} s; 'list' shows them beside this command's own view,
which knows only the stored settings and this shell's environment.

${DATABASE_URL_HELP}`;

export async function configCommand(ctx: CommandContext): Promise<number> {
  const { values, positionals } = parseOrUsage(ctx.args);
  const [verb, name, value, ...rest] = positionals;
  const db = await openDataDir(values.dir, ctx.env, (dir) => openDb(dir, { databaseUrl: databaseUrlOf(values["database-url"], ctx.env) }));
  try {
    const local = async () => resolveConfig({}, ctx.env, await readSettings(db));
    switch (verb) {
      case "list": {
        const { config, sources } = await local();
        const servers = await runningServers(db);
        ctx.out("This command's view (stored settings and this shell's VELLUM_* environment):\n");
        for (const key of listed()) ctx.out(listLine(key, showValue(key, config[key]), sourceText(key, sources[key])));
        if (servers.length === 0) {
          ctx.out("\nNo running server on this data dir (none has published its settings in the last 15 s).\n");
        }
        for (const server of servers) {
          ctx.out(`\nThe running server's view (${describeServer(server)}, vellum ${server.version}):\n`);
          for (const key of listed()) {
            const published = server.settings[key];
            ctx.out(listLine(key, showPublished(key, published), published ? sourceText(key, published.source) : "?"));
          }
        }
        return 0;
      }
      case "get": {
        const key = requireName(name);
        const [server, ...others] = await runningServers(db);
        const published = server?.settings[key];
        if (published) {
          ctx.out(`${showValue(key, published.value)}\n`);
          if (values.verbose) ctx.err(`(${sourceText(key, published.source)}, on the running server ${describeServer(server!)})\n`);
          if (others.some((o) => JSON.stringify(o.settings[key]?.value) !== JSON.stringify(published.value)))
            ctx.err(`note: the ${others.length + 1} running servers do not all use the same ${key}; see 'vellum config list'\n`);
          return 0;
        }
        const { config, sources } = await local();
        ctx.out(`${showValue(key, config[key])}\n`);
        if (values.verbose) ctx.err(`(${sourceText(key, sources[key])}; no server is running)\n`);
        return 0;
      }
      case "set": {
        if (name === undefined || value === undefined || rest.length) throw new UsageError("expected: config set NAME VALUE");
        const parsed = parseStoredSetting(name, value);
        const key = name as SettingName;
        await writeSetting(db, name, parsed);
        const servers = await runningServers(db);
        const blocked = servers
          .map((server) => ({ server, by: overriddenBy(key, server) }))
          .filter((x): x is { server: RunningServer; by: string } => x.by !== null);
        if (blocked.length > 0) {
          // Stored, yes; in effect, no. Saying "saved" here is what cost operators an evening.
          for (const { server, by } of blocked) {
            const which = servers.length > 1 ? ` (${describeServer(server)})` : "";
            ctx.out(
              `${name} stored, but the running server${which} uses ${by}: ${showPublished(key, server.settings[key])}. ` +
                `The stored value applies once the server runs without it.\n`,
            );
          }
          return 0;
        }
        ctx.out(`${name} = ${showValue(key, parsed)}\n`);
        if (servers.length > 0) ctx.err(`the running server applies it within a few seconds\n`);
        const env = envName(key);
        if (ctx.env[env]) ctx.err(`note: ${env} is set in this shell's environment; a server started from it would use that instead\n`);
        return 0;
      }
      case "unset": {
        const key = requireName(name);
        ctx.out((await deleteSetting(db, key)) ? `${key} removed\n` : `${key} was not stored\n`);
        return 0;
      }
      default:
        throw new UsageError(`expected list, get, set or unset (see 'vellum config --help')`);
    }
  } finally {
    await db.close();
  }
}

/** Every setting but the data dir (the command was pointed at it). */
function listed(): SettingName[] {
  return (Object.keys(SETTINGS) as SettingName[]).filter((k) => k !== "dir");
}

function listLine(key: string, value: string, source: string): string {
  return `  ${key.padEnd(24)}${value.padEnd(46)} ${source}\n`;
}

/** "env VELLUM_CONFIRMATIONS", "flag --pay-to", "stored", "default". */
function sourceText(key: SettingName, source: Source): string {
  return source === "flag" || source === "env" ? `${source} ${sourceLabel(key, source)}` : source;
}

function requireName(name: string | undefined): SettingName {
  if (!name) throw new UsageError("a setting name is required");
  if (!(name in SETTINGS)) throw new ConfigError(`unknown setting "${name}"; known: ${Object.keys(SETTINGS).join(", ")}`);
  return name as SettingName;
}

function parseOrUsage(args: string[]) {
  try {
    return parseArgs({
      args,
      options: { dir: { type: "string" }, verbose: { type: "boolean" }, ...DATABASE_URL_FLAG },
      allowPositionals: true,
      strict: true,
    });
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
}
