/**
 * Kit: the seller kit buyers download after paying. Shows the imported tarball (name, version,
 * size, SHA-256, files), imports a new one from a path, edits its price and downloads per order
 * (stored settings kitPriceUsd, kitDownloads), and lists orders with the downloads they used.
 */
import { Box, Text } from "ink";
import { useState } from "react";
import { useConsoleScreen } from "../console-context.ts";
import { inEffect, type AdminData } from "../data.ts";
import { bytes, short, usd, when } from "../format.ts";
import { LIST_HINTS, listActionForKey, type Hint } from "../keys.ts";
import { fitColumns, LIST_MARK_WIDTH, tableHeader, tableRow, useBodySize, type Column } from "../layout.ts";
import { editText } from "../text-edit.ts";
import { useList } from "../use-list.ts";
import { useLoad } from "../use-load.ts";
import { ListView } from "../components/ListView.tsx";
import { Notice, noticeLines, type NoticeValue } from "../components/Notice.tsx";
import type { KitOrderRow } from "../../store/kit.ts";
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

const ORDER_COLUMNS: Column<KitOrderRow>[] = [
  { title: "id", width: 5, align: "right", priority: 9, cell: (o) => String(o.id) },
  { title: "time", width: 20, priority: 6, cell: (o) => when(o.createdAt) },
  { title: "payer", width: 13, priority: 8, cell: (o) => short(o.payer) },
  { title: "paid", width: 10, align: "right", priority: 7, cell: (o) => usd(o.amountAtomic) },
  { title: "downloads", width: 9, priority: 10, cell: (o) => `${o.downloadsUsed}/${o.downloadsAllowed}` },
  { title: "last download", width: 8, priority: 3, flex: true, cell: (o) => when(o.lastDownloadAt) },
];

export function Kit({ data }: { data: AdminData }) {
  const size = useBodySize();
  const settings = useLoad(() => data.settings(), [data]);
  // Bumped after an import so the kit and orders are read again.
  const [version, setVersion] = useState(0);
  const [field, setField] = useState<Field>(null);
  const [importing, setImporting] = useState<string | null>(null);
  const [showFiles, setShowFiles] = useState(false);
  const [notice, setNotice] = useState<NoticeValue>(null);

  const kitLoad = useLoad(() => data.kit(), [data, version]);
  const kit = kitLoad.value ?? null;
  const orders = useLoad(() => data.kitOrders(), [data, version]).value ?? [];
  const files = kit?.contents ?? [];
  const view = settings.value;
  const price = view ? inEffect(view, "kitPriceUsd") : null;
  const downloads = view ? inEffect(view, "kitDownloads") : null;

  // Lines besides the order rows: the kit (4, or the 2-line "none" note), importing, gap, the
  // price line or field, notice, gap, title, header and the "1–3 of 9" line.
  const kitRows = kit ? 4 : 2;
  const fieldRows = field ? 2 + (field.error ? 1 : 0) + Math.ceil(FIELD_HELP[field.target].length / Math.max(1, size.columns)) : 1;
  const fixed = kitRows + (importing ? 1 : 0) + fieldRows + noticeLines(notice, size.columns) + 3;
  const roomy = size.rows - fixed - 2 >= 3;
  const [orderList, orderNav] = useList(orders.length, size.rows - fixed - (roomy ? 2 : 0));
  const [fileList, fileNav] = useList(files.length, size.rows - 2);

  async function saveSetting(target: "kitPriceUsd" | "kitDownloads", raw: string) {
    const result = await data.saveSetting(target, raw);
    if (!result.ok) {
      setField({ target, draft: raw, error: result.error.replace(/^\w+: /, "") });
      return;
    }
    settings.reload();
    setField(null);
    const what = target === "kitPriceUsd" ? "price" : "downloads per order";
    const env = target === "kitPriceUsd" ? "VELLUM_KIT_PRICE_USD" : "VELLUM_KIT_DOWNLOADS";
    const { overridden, serverRunning } = result.value;
    setNotice(
      overridden
        ? { tone: "warn", text: `${what} ${overridden}` }
        : view?.sources[target] === "env"
          ? { tone: "warn", text: `${what} stored, but ${env} in this environment overrides it for a server started from here` }
          : { tone: "ok", text: serverRunning ? `${what} stored; the running server applies it within seconds` : `${what} stored` },
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
          } else void saveSetting(field.target, value);
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
      if (input === "p") return open("kitPriceUsd", view?.config.kitPriceUsd ?? "");
      if (input === "n") return open("kitDownloads", view ? String(view.config.kitDownloads) : "");
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
        <Text bold wrap="truncate-end">
          Files in {kit.name} {kit.version} ({files.length})
        </Text>
        <ListView items={files} state={fileList} empty="no files" render={(path) => path} />
      </Box>
    );
  }

  const priceAtomic = price ? parseUsdToAtomic(String(price.value)) : null;
  const orderCols = fitColumns(ORDER_COLUMNS, size.columns - LIST_MARK_WIDTH);
  return (
    <Box flexDirection="column" width={size.columns}>
      {view?.error ? (
        <Text color="red" wrap="truncate-end">
          ✗ configuration: {view.error}
        </Text>
      ) : null}
      {kit ? (
        <Box flexDirection="column">
          <Text wrap="truncate-end">
            <Text bold>
              {kit.name} {kit.version}
            </Text>
            <Text dimColor> · imported {when(kit.importedAt)}</Text>
          </Text>
          <Text wrap="truncate-end">Size: {bytes(kit.sizeBytes)}</Text>
          <Text wrap="truncate-end">SHA-256: {kit.sha256}</Text>
          <Text wrap="truncate-end">
            Files ({files.length}): {files.slice(0, FILES_SHOWN).join(", ")}
            {files.length > FILES_SHOWN ? <Text dimColor> … and {files.length - FILES_SHOWN} more (f)</Text> : null}
          </Text>
        </Box>
      ) : kitLoad.value === undefined ? (
        <Text dimColor>loading…</Text>
      ) : (
        <Box flexDirection="column">
          <Text color="yellow" wrap="truncate-end">
            No kit imported: /kit/redeem answers 503.
          </Text>
          <Text dimColor wrap="truncate-end">
            Press i to import one.
          </Text>
        </Box>
      )}
      {importing ? (
        <Text color="cyan" wrap="truncate-end">
          importing {importing}…
        </Text>
      ) : null}

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
          <Text wrap="truncate-end">
            <Text bold>Price </Text>
            {priceAtomic === null ? String(price?.value ?? "…") : usd(priceAtomic)}
            <Text dimColor> ({price?.label ?? "…"})</Text>
            <Text bold>{"  "}Downloads/order </Text>
            {String(downloads?.value ?? "…")}
            <Text dimColor> ({downloads?.label ?? "…"})</Text>
          </Text>
        )}
        <Notice notice={notice} />
      </Box>

      <Box flexDirection="column" marginTop={roomy ? 1 : 0}>
        <Text bold>Orders ({orders.length})</Text>
        <ListView
          items={orders}
          state={orderList}
          focused={field === null}
          empty="no orders yet"
          header={tableHeader(orderCols)}
          render={(o) => tableRow(orderCols, o)}
        />
      </Box>
    </Box>
  );
}
