import { envName, SETTINGS, showValue, type SettingName } from "../config.ts";

/** What `serve --help` shows of one setting; the README's configuration table has the same columns. */
export interface FlagHelp {
  flag: string;
  placeholder: string;
  env: string;
  stored: boolean;
  describe: string;
  default: string;
}

interface HelpFields {
  flag: string;
  describe: string;
  default: unknown;
  placeholder?: string;
  defaultText?: string;
  stored?: boolean;
  repeatable?: boolean;
}

export function flagHelp(name: SettingName): FlagHelp {
  const s = SETTINGS[name] as HelpFields;
  const value = s.default;
  // Settings added without a placeholder get one from their default's type.
  const placeholder =
    s.placeholder ??
    (typeof value === "number" ? "N" : typeof value === "boolean" ? "true|false" : Array.isArray(value) ? "LIST" : "VALUE");
  const shown = s.defaultText ?? showValue(name, value);
  return {
    flag: `--${s.flag}`,
    placeholder: s.repeatable ? `${placeholder} (repeatable)` : placeholder,
    env: envName(name),
    stored: s.stored === true,
    describe: s.describe,
    default: shown === "(none)" ? "none" : shown,
  };
}

/** Two lines per flag so it reads at 80 columns: the flag and its names, then what it does and its one default. */
export function serveHelp(): string {
  const entries = (Object.keys(SETTINGS) as SettingName[]).map((name) => {
    const h = flagHelp(name);
    const names = `${h.env}${h.stored ? `, stored setting ${name}` : ""}`;
    return `  ${`${h.flag} ${h.placeholder}`.padEnd(36)} ${names}\n      ${h.describe}; default: ${h.default}`;
  });
  return `Usage: vellum serve [flags]

Runs the HTTP service. Every flag is also an environment variable (shown beside it);
flags win over the environment, the environment over stored settings (vellum config set,
vellum admin), stored settings over the defaults. A running server publishes the values it
uses, and where each came from, for 'vellum config list' and the console.

Flags:
${entries.join("\n")}
  ${"--database-url URL".padEnd(36)} VELLUM_DATABASE_URL
      PostgreSQL store shared by several instances; default: the SQLite file in --dir
  --help                               show this help
`;
}
