/**
 * Kit: the seller kit buyers download after paying. Shows the imported tarball (name, version,
 * size, SHA-256, files), imports a new one from a path, edits its price and downloads per order
 * (stored settings kitPriceUsd, kitDownloads), and lists orders with the downloads they used.
 */
import { Box, Text } from "ink";
import { useMemo, useState } from "react";
import { useConsoleScreen } from "../console-context.ts";
import type { AdminData, EffectiveSettings } from "../data.ts";
import { bytes, short, usd, when } from "../format.ts";
import { LIST_HINTS, listActionForKey, type Hint } from "../keys.ts";
import { editText } from "../text-edit.ts";
import { useList } from "../use-list.ts";
import { ListView } from "../components/ListView.tsx";
import { Notice, type NoticeValue } from "../components/Notice.tsx";
import { TextField } from "../components/TextField.tsx";
import { parseUsdToAtomic } from "../../payments/amounts.ts";

/** What a field edits: one of the two settings, or the path of a tarball to import. */
type Field = { target: "kitPriceUsd" | "kitDownloads" | "import"; draft: string; error: string | null } | null;

const FIELD_LABELS = {
  kitPriceUsd: "Kit price in USD",
  kitDownloads: "Downloads per order",
  import: "Tarball to import (.tar.gz)",
} as const;

const FIELD_HELP = {
  kitPriceUsd: "USD, up to 6 decimals (e.g. 29 or 29.50). The minimum a /kit/redeem transfer must pay.",
  kitDownloads: "Downloads each new order gets; orders already made keep theirs.",
  import:
    "Name and version come from the file name (seller-kit-1.2.0.tar.gz → seller-kit 1.2.0); `vellum kit import --name --version` sets them. Existing orders download the new kit.",
} as const;

/** Files listed on the main view; the rest are one key away. */
const FILES_SHOWN = 5;

export function Kit({ data }: { data: AdminData }) {
  const [settings, setSettings] = useState<EffectiveSettings>(() => data.settings());
  // Bumped after an import so the kit and orders are read again.
  const [version, setVersion] = useState(0);
  const [field, setField] = useState<Field>(null);
  const [importing, setImporting] = useState<string | null>(null);
  const [showFiles, setShowFiles] = useState(false);
  const [notice, setNotice] = useState<NoticeValue>(null);

  const kit = useMemo(() => data.kit(), [data, version]);
  const orders = useMemo(() => data.kitOrders(), [data, version]);
  const files = kit?.contents ?? [];
  const [orderList, orderNav] = useList(orders.length, 24);
  const [fileList, fileNav] = useList(files.length, 12);

  function saveSetting(target: "kitPriceUsd" | "kitDownloads", raw: string) {
    const result = data.saveSetting(target, raw);
    if (!result.ok) {
      setField({ target, draft: raw, error: result.error.replace(/^\w+: /, "") });
      return;
    }
    const fresh = data.settings();
    setSettings(fresh);
    setField(null);
    const env = target === "kitPriceUsd" ? "VELLUM_KIT_PRICE_USD" : "VELLUM_KIT_DOWNLOADS";
    setNotice(
      fresh.sources[target] === "env"
        ? { tone: "warn", text: `saved, but ${env} in this environment overrides the stored value` }
        : {
            tone: "ok",
            text: `${target === "kitPriceUsd" ? "price" : "downloads per order"} saved; a running server applies it within seconds`,
          },
    );
  }

  function startImport(path: string) {
    setField(null);
    setImporting(path);
    setNotice(null);
    data.importKit(path).then(
      (result) => {
        setImporting(null);
        if (!result.ok) {
          // Back into the field with the path, so a typo is fixed rather than retyped.
          setField({ target: "import", draft: path, error: result.error });
          return;
        }
        setVersion((v) => v + 1);
        setNotice({
          tone: "ok",
          text: `imported ${result.value.name} ${result.value.version}; every order, earlier ones included, now downloads it`,
        });
      },
      (err: unknown) => {
        setImporting(null);
        setField({ target: "import", draft: path, error: err instanceof Error ? err.message : String(err) });
      },
    );
  }

  const hints: readonly Hint[] = field
    ? [
        ["Enter", field.target === "import" ? "import" : "save"],
        ["Esc", "cancel"],
        ["Ctrl+U", "clear"],
      ]
    : showFiles
      ? [...LIST_HINTS, ["q/Esc", "back to kit"]]
      : [["i", "import tarball"], ["p", "price"], ["n", "downloads per order"], ["f", "all files"], ...LIST_HINTS];

  useConsoleScreen(
    (input, key) => {
      if (importing) return true; // one import at a time; keys wait for its outcome
      if (field) {
        const edit = editText(field.draft, input, key);
        if (edit.type === "cancel") setField(null);
        else if (edit.type === "change") setField({ ...field, draft: edit.value, error: null });
        else if (edit.type === "submit") {
          const value = edit.value.trim();
          if (field.target === "import") {
            if (value) startImport(value);
            else setField({ ...field, error: "type the path of a .tar.gz file" });
          } else saveSetting(field.target, value);
        }
        return true;
      }
      if (showFiles) {
        if (key.escape || input === "q") setShowFiles(false);
        else {
          const move = listActionForKey(input, key);
          if (!move) return false;
          fileNav(move);
        }
        return true;
      }
      const open = (target: "kitPriceUsd" | "kitDownloads" | "import", draft: string) => {
        setNotice(null);
        setField({ target, draft, error: null });
        return true;
      };
      if (input === "i") return open("import", "");
      if (input === "p") return open("kitPriceUsd", settings.config.kitPriceUsd);
      if (input === "n") return open("kitDownloads", String(settings.config.kitDownloads));
      if (input === "f" && files.length > 0) {
        setShowFiles(true);
        fileNav({ type: "home" });
        return true;
      }
      const move = listActionForKey(input, key);
      if (!move) return false;
      orderNav(move);
      return true;
    },
    hints,
    field !== null,
  );

  if (showFiles && kit) {
    return (
      <Box flexDirection="column">
        <Text bold>
          Files in {kit.name} {kit.version} ({files.length})
        </Text>
        <ListView items={files} state={fileList} empty="no files" render={(path) => path} />
      </Box>
    );
  }

  const priceAtomic = parseUsdToAtomic(settings.config.kitPriceUsd);
  return (
    <Box flexDirection="column">
      {settings.error ? <Text color="red">✗ configuration: {settings.error}</Text> : null}
      {kit ? (
        <Box flexDirection="column">
          <Text>
            <Text bold>
              {kit.name} {kit.version}
            </Text>
            <Text dimColor> · imported {when(kit.importedAt)}</Text>
          </Text>
          <Text>Size: {bytes(kit.sizeBytes)}</Text>
          <Text>SHA-256: {kit.sha256}</Text>
          <Text>
            Files ({files.length}): {files.slice(0, FILES_SHOWN).join(", ")}
            {files.length > FILES_SHOWN ? <Text dimColor> … and {files.length - FILES_SHOWN} more (f)</Text> : null}
          </Text>
        </Box>
      ) : (
        <Text color="yellow">No kit imported: /kit/info says it is unavailable and /kit/redeem answers 503. Press i to import one.</Text>
      )}
      {importing ? <Text color="cyan">importing {importing}…</Text> : null}

      <Box flexDirection="column" marginTop={1}>
        {field ? (
          <TextField
            label={FIELD_LABELS[field.target]}
            value={field.draft}
            placeholder={field.target === "import" ? "/path/to/kit.tar.gz" : ""}
            error={field.error}
            help={FIELD_HELP[field.target]}
          />
        ) : (
          <Text>
            <Text bold>Price </Text>
            {priceAtomic === null ? settings.config.kitPriceUsd : usd(priceAtomic)}
            <Text dimColor> ({settings.sources.kitPriceUsd})</Text>
            <Text bold>{"   "}Downloads per order </Text>
            {settings.config.kitDownloads}
            <Text dimColor> ({settings.sources.kitDownloads})</Text>
          </Text>
        )}
        <Notice notice={notice} />
      </Box>

      <Box flexDirection="column" marginTop={1}>
        <Text bold>Orders ({orders.length})</Text>
        <ListView
          items={orders}
          state={orderList}
          focused={field === null}
          empty="no orders yet"
          header={`${"id".padStart(5)}  ${"time".padEnd(21)}${"payer".padEnd(14)}${"paid".padStart(10)}  ${"downloads".padEnd(11)}last download`}
          render={(o) =>
            `${String(o.id).padStart(5)}  ${when(o.createdAt).padEnd(21)}${short(o.payer).padEnd(14)}${usd(o.amountAtomic).padStart(10)}  ${`${o.downloadsUsed}/${o.downloadsAllowed}`.padEnd(11)}${when(o.lastDownloadAt)}`
          }
        />
      </Box>
    </Box>
  );
}
