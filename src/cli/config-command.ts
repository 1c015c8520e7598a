import { ConfigError, SETTINGS, STORED_SETTINGS, parseStoredSetting, resolveConfig, showValue, type SettingName } from "../config.ts";
import { openDb } from "../store/db.ts";
import { deleteSetting, readSettings, writeSetting } from "../store/settings.ts";
import { UsageError, dataDirOf, type CommandContext } from "./args.ts";
import { parseArgs } from "node:util";

export const CONFIG_HELP = `Usage:
  vellum config list [--dir DIR]            every setting, its value and where it came from
  vellum config get NAME [--dir DIR]        one setting's effective value
  vellum config set NAME VALUE [--dir DIR]  store a setting (a running server applies it within seconds)
  vellum config unset NAME [--dir DIR]      remove a stored setting (back to env/default)

Stored settings: ${STORED_SETTINGS.join(", ")}.
Lists (rpcUrls, trustedProxies) are comma-separated. The environment (VELLUM_*) and serve's
flags override stored settings; 'list' shows the effective value with its source.
`;

export async function configCommand(ctx: CommandContext): Promise<number> {
  const { values, positionals } = parseOrUsage(ctx.args);
  const [verb, name, value, ...rest] = positionals;
  const db = openDb(dataDirOf(values.dir, ctx.env));
  try {
    const effective = () => resolveConfig({}, ctx.env, readSettings(db));
    switch (verb) {
      case "list": {
        const { config, sources } = effective();
        for (const key of Object.keys(SETTINGS) as SettingName[]) {
          if (key === "dir") continue;
          ctx.out(`${key.padEnd(24)}${showValue(key, config[key]).padEnd(48)} ${sources[key]}\n`);
        }
        return 0;
      }
      case "get": {
        const key = requireName(name);
        const { config, sources } = effective();
        ctx.out(`${showValue(key, config[key])}\n`);
        if (values.verbose) ctx.err(`(${sources[key]})\n`);
        return 0;
      }
      case "set": {
        if (name === undefined || value === undefined || rest.length) throw new UsageError("expected: config set NAME VALUE");
        const parsed = parseStoredSetting(name, value);
        writeSetting(db, name, parsed);
        ctx.out(`${name} = ${showValue(name as SettingName, parsed)}\n`);
        const env = `VELLUM_${SETTINGS[name as SettingName].flag.replace(/-/g, "_").toUpperCase()}`;
        if (ctx.env[env]) ctx.err(`note: ${env} is set in this environment and overrides the stored value\n`);
        return 0;
      }
      case "unset": {
        const key = requireName(name);
        ctx.out(deleteSetting(db, key) ? `${key} removed\n` : `${key} was not stored\n`);
        return 0;
      }
      default:
        throw new UsageError(`expected list, get, set or unset (see 'vellum config --help')`);
    }
  } finally {
    db.close();
  }
}

function requireName(name: string | undefined): SettingName {
  if (!name) throw new UsageError("a setting name is required");
  if (!(name in SETTINGS)) throw new ConfigError(`unknown setting "${name}"; known: ${Object.keys(SETTINGS).join(", ")}`);
  return name as SettingName;
}

function parseOrUsage(args: string[]) {
  try {
    return parseArgs({ args, options: { dir: { type: "string" }, verbose: { type: "boolean" } }, allowPositionals: true, strict: true });
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
}
