import { parseArgs } from "node:util";
import { importKit } from "../kit/import.ts";
import { UsageError, dataDirOf, type CommandContext } from "./args.ts";
import { DATABASE_URL_FLAG, DATABASE_URL_HELP, databaseUrlOf } from "./store-args.ts";

export const KIT_HELP = `Usage:
  vellum kit import FILE [--name NAME] [--version VERSION] [--dir DIR] [--json]

Imports FILE, a gzip-compressed tar (checked by reading it, not by its name), as the seller kit:
it is copied into DIR/kit/ atomically with its SHA-256, size and file list, then made the current
kit. An earlier kit stays on sale until the new one is fully in place; its file is removed after.
Orders always download the current kit, so an update reaches earlier buyers.

  --name NAME        kit name (default: from the file name, e.g. seller-kit-1.2.0.tar.gz → seller-kit)
  --version VERSION  kit version (default: from the file name, e.g. 1.2.0; else today's UTC date)
  --dir DIR          data directory (default: $VELLUM_DIR, else ./vellum_data)
  --json             print the imported kit as JSON
${DATABASE_URL_HELP}
Buyers download it as NAME-VERSION.tar.gz. NAME and VERSION: letters, digits, ".", "_", "+", "-".
A bad file is refused with a message and exit status 1; nothing changes.
`;

export async function kitCommand(ctx: CommandContext): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: ctx.args,
      options: {
        dir: { type: "string" },
        name: { type: "string" },
        version: { type: "string" },
        json: { type: "boolean" },
        ...DATABASE_URL_FLAG,
      },
      allowPositionals: true,
      strict: true,
    });
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  const { values, positionals } = parsed;
  const [verb, file, ...rest] = positionals;
  if (verb !== "import") throw new UsageError("expected: kit import FILE (see 'vellum kit --help')");
  if (!file) throw new UsageError("which file? expected: kit import FILE");
  if (rest.length > 0) throw new UsageError(`unexpected argument "${rest[0]}"; import one file at a time`);

  const result = await importKit({
    dataDir: dataDirOf(values.dir, ctx.env),
    databaseUrl: databaseUrlOf(values["database-url"], ctx.env),
    file,
    name: values.name,
    version: values.version,
  });
  if (!result.ok) {
    ctx.err(`vellum kit import: ${file}: ${result.message}\n`);
    return 1;
  }
  const { kit, replaced } = result;
  if (values.json) {
    ctx.out(
      `${JSON.stringify({ ...kit, replaced: replaced ? { name: replaced.name, version: replaced.version, sha256: replaced.sha256 } : null }, null, 2)}\n`,
    );
    return 0;
  }
  const files = kit.contents.length;
  ctx.out(
    `imported ${kit.name} ${kit.version}: ${kit.sizeBytes} bytes, ${files} file${files === 1 ? "" : "s"}\n` +
      `sha256 ${kit.sha256}\n` +
      (replaced ? `replaces ${replaced.name} ${replaced.version}; existing orders now download this version\n` : ""),
  );
  return 0;
}
