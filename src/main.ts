#!/usr/bin/env bun
import { ConfigError } from "./config.ts";
import { UsageError, type CommandContext } from "./cli/args.ts";
import { BUILD_TARGET, VERSION } from "./version.ts";

/**
 * The CLI: a static table of subcommands (a compiled binary has no file system to discover
 * them from). Each loads its module lazily, so `--help` and `version` touch nothing on disk.
 */
interface Command {
  summary: string;
  help: () => Promise<string> | string;
  run: (ctx: CommandContext) => Promise<number>;
}

const COMMANDS: Record<string, Command> = {
  serve: {
    summary: "run the HTTP service",
    help: async () => (await import("./cli/serve-help.ts")).serveHelp(),
    run: async (ctx) => (await import("./cli/serve.ts")).serve(ctx),
  },
  admin: {
    summary: "open the terminal admin console (needs a terminal)",
    help: async () => (await import("./cli/admin.ts")).ADMIN_HELP,
    run: async (ctx) => (await import("./cli/admin.ts")).admin(ctx),
  },
  version: {
    summary: "print the version",
    help: () =>
      "Usage: vellum version\n\nPrints the version of this vellum build, and for a release binary the platform it was built for.\n",
    run: async (ctx) => {
      ctx.out(`vellum ${VERSION}\n${BUILD_TARGET ? `built for ${BUILD_TARGET}\n` : ""}`);
      return 0;
    },
  },
  config: {
    summary: "get, set or list stored settings (get|set|list)",
    help: async () => (await import("./cli/config-command.ts")).CONFIG_HELP,
    run: async (ctx) => (await import("./cli/config-command.ts")).configCommand(ctx),
  },
  keys: {
    summary: "list, create, show, credit or revoke API keys (list|create|show|credit|revoke)",
    help: async () => (await import("./cli/keys-command.ts")).KEYS_HELP,
    run: async (ctx) => (await import("./cli/keys-command.ts")).keysCommand(ctx),
  },
  kit: {
    summary: "import the seller kit tarball (import FILE)",
    help: async () => (await import("./cli/kit-command.ts")).KIT_HELP,
    run: async (ctx) => (await import("./cli/kit-command.ts")).kitCommand(ctx),
  },
  backup: {
    summary: "copy the database to backups/ and check the copy",
    help: async () => (await import("./cli/backup-command.ts")).BACKUP_HELP,
    run: async (ctx) => (await import("./cli/backup-command.ts")).backupCommand(ctx),
  },
  migrate: {
    summary: "show the database schema version (status)",
    help: async () => (await import("./cli/migrate-command.ts")).MIGRATE_HELP,
    run: async (ctx) => (await import("./cli/migrate-command.ts")).migrateCommand(ctx),
  },
};

function usage(): string {
  const width = Math.max(...Object.keys(COMMANDS).map((k) => k.length)) + 2;
  return `vellum ${VERSION}: article URLs to clean Markdown, sold for prepaid USDC credits

Usage: vellum <command> [flags]

Commands:
${Object.entries(COMMANDS)
  .map(([name, c]) => `  ${name.padEnd(width)}${c.summary}`)
  .join("\n")}

Run 'vellum <command> --help' for a command's flags.
`;
}

export async function main(argv: string[], env: Record<string, string | undefined> = process.env): Promise<number> {
  const ctx: CommandContext = {
    args: argv.slice(1),
    env,
    out: (t) => void process.stdout.write(t),
    err: (t) => void process.stderr.write(t),
  };
  const name = argv[0];
  if (name === undefined || name === "--help" || name === "-h" || name === "help") {
    ctx.out(usage());
    return name === undefined ? 2 : 0;
  }
  if (name === "--version" || name === "-v") return COMMANDS.version!.run(ctx);
  const command = COMMANDS[name];
  if (!command) {
    ctx.err(`vellum: unknown command "${name}"\n\n${usage()}`);
    return 2;
  }
  if (ctx.args.includes("--help") || ctx.args.includes("-h")) {
    ctx.out(await command.help());
    return 0;
  }
  try {
    return await command.run(ctx);
  } catch (err) {
    if (err instanceof UsageError) {
      ctx.err(`vellum ${name}: ${err.message}\n`);
      return 2;
    }
    if (err instanceof ConfigError) {
      ctx.err(`vellum ${name}: ${err.message}\n`);
      return 1;
    }
    throw err;
  }
}

if (import.meta.main) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err) => {
      process.stderr.write(`vellum: ${err instanceof Error ? err.message : String(err)}\n`);
      process.exit(1);
    },
  );
}
