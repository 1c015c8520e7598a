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
    ({ values } = parseArgs({ args, options, strict: true, allowPositionals: false }));
  } catch (err) {
    throw new UsageError(`${(err as Error).message.replace(/\. To specify.*$/s, "")} (see 'vellum ${command} --help')`);
  }
  const out: Record<string, unknown> = {};
  for (const [flag, value] of Object.entries(values)) {
    const name = byFlag.get(flag);
    out[name ?? flag] = value;
  }
  return out as FlagValues & Record<string, unknown>;
}

/** The data dir for the operator subcommands: --dir, else VELLUM_DIR, else the default. */
export function dataDirOf(flagValue: unknown, env: Record<string, string | undefined>): string {
  if (typeof flagValue === "string" && flagValue.trim()) return flagValue.trim();
  if (env.VELLUM_DIR) return env.VELLUM_DIR;
  return SETTINGS.dir.default;
}

export { ConfigError };
