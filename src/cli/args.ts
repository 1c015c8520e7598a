import { parseArgs } from "node:util";
import { ConfigError, SETTINGS, type FlagValues, type SettingName } from "../config.ts";

export interface CommandContext {
  args: string[];
  env: Record<string, string | undefined>;
  out: (text: string) => void;
  err: (text: string) => void;
}

/** Thrown for a usage mistake: main prints it with the subcommand's help hint and exits 2. */
export class UsageError extends Error {}

/** Parses the serve-style flags (every setting) into raw values keyed by setting name. */
export function parseFlags(
  args: string[],
  command: string,
  extra: Record<string, { type: "string" | "boolean"; multiple?: boolean }> = {},
): FlagValues & Record<string, unknown> {
  const options: Record<string, { type: "string" | "boolean"; multiple?: boolean }> = { ...extra };
  const byFlag = new Map<string, SettingName>();
  for (const name of Object.keys(SETTINGS) as SettingName[]) {
    const s = SETTINGS[name];
    options[s.flag] = { type: "string", multiple: "repeatable" in s && s.repeatable === true };
    byFlag.set(s.flag, name);
  }
  let values: Record<string, unknown>;
  try {
    ({ values } = parseArgs({ args: joinNegativeValues(args, options), options, strict: true, allowPositionals: false }));
  } catch (err) {
    throw new UsageError(`${flagErrorSentence(err as Error & { code?: string }, options)} (see 'vellum ${command} --help')`);
  }
  const out: Record<string, unknown> = {};
  for (const [flag, value] of Object.entries(values)) {
    const name = byFlag.get(flag);
    out[name ?? flag] = value;
  }
  return out as FlagValues & Record<string, unknown>;
}

/**
 * `--confirmations -1`: parseArgs reads "-1" as another option and calls the value "ambiguous".
 * A value that looks like a negative number is meant as the value: pass it as `--flag=-1`, so the
 * setting's own check answers with its range.
 */
export function joinNegativeValues(args: string[], options: Record<string, { type: "string" | "boolean" }>): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const next = args[i + 1];
    const name = arg.startsWith("--") && !arg.includes("=") ? arg.slice(2) : null;
    if (name && options[name]?.type === "string" && next !== undefined && /^-\d/.test(next)) {
      out.push(`${arg}=${next}`);
      i++;
    } else out.push(arg);
  }
  return out;
}

/** parseArgs' messages, reworded as one sentence that names the flag and the fix. */
export function flagErrorSentence(err: Error & { code?: string }, options: Record<string, { type: "string" | "boolean" }>): string {
  const flag = /'(--?[\w-]+)/.exec(err.message)?.[1];
  if (err.code === "ERR_PARSE_ARGS_UNKNOWN_OPTION" && flag) return `unknown flag ${flag}`;
  if (err.code === "ERR_PARSE_ARGS_INVALID_OPTION_VALUE" && flag) {
    if (options[flag.replace(/^--?/, "")]?.type === "boolean") return `${flag} takes no value`;
    const setting = (Object.values(SETTINGS) as { flag: string; placeholder?: string; default: unknown }[]).find(
      (s) => `--${s.flag}` === flag,
    );
    const value = setting?.placeholder ?? (typeof setting?.default === "number" ? "N" : "VALUE");
    return `${flag} needs a value: write ${flag} ${value} (or ${flag}=${value})`;
  }
  if (err.code === "ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL")
    return `unexpected argument ${/'([^']*)'/.exec(err.message)?.[1] ?? ""}: every setting is a --flag VALUE pair`;
  return err.message.replace(/\. To specify.*$/s, "");
}

/**
 * The data dir cannot be created or opened (a read-only or missing parent, a file in the way, no
 * permission): one sentence naming where the path came from and what to do, not a stack trace.
 * @param from "--dir" or "VELLUM_DIR" or "the default"
 */
export function dataDirProblem(dir: string, from: string, err: unknown): ConfigError {
  const code = (err as { code?: string }).code;
  const why =
    code === "EACCES" || code === "EPERM"
      ? "permission denied"
      : code === "ENOENT"
        ? "that path cannot be created"
        : code === "EROFS"
          ? "the file system is read-only"
          : code === "ENOTDIR" || code === "EEXIST"
            ? "a file (not a directory) is in the way"
            : (err as Error).message;
  return new ConfigError(
    `${from === "the default" ? "the data directory" : from} ${dir}: cannot create or open it (${why}). Point --dir (or VELLUM_DIR) at a directory this user can write, e.g. --dir ./vellum_data`,
  );
}

/**
 * Runs `open` on the data dir and turns a file-system failure (a path that cannot be made, no
 * permission) into {@link dataDirProblem}'s sentence, naming --dir or VELLUM_DIR.
 */
export async function openDataDir<T>(
  flagValue: unknown,
  env: Record<string, string | undefined>,
  open: (dir: string) => Promise<T>,
): Promise<T> {
  const dir = dataDirOf(flagValue, env);
  try {
    return await open(dir);
  } catch (err) {
    if (typeof (err as { code?: unknown }).code !== "string" || typeof (err as { errno?: unknown }).errno === "string") throw err;
    const from = typeof flagValue === "string" && flagValue.trim() ? "--dir" : env.VELLUM_DIR ? "VELLUM_DIR" : "the default";
    throw dataDirProblem(dir, from, err);
  }
}

/** The data dir for the operator subcommands: --dir, else VELLUM_DIR, else the default. */
export function dataDirOf(flagValue: unknown, env: Record<string, string | undefined>): string {
  if (typeof flagValue === "string" && flagValue.trim()) return flagValue.trim();
  if (env.VELLUM_DIR) return env.VELLUM_DIR;
  return SETTINGS.dir.default;
}

export { ConfigError };
