/**
 * Keys: find an API key by any part of its prefix or payer address, or by its id; show all, only
 * active or only revoked keys; open one to see its balance, ledger and last use, credit calls (an
 * operator adjustment with a reason, recorded in the ledger) or revoke it. Keys are stored as
 * hashes only, so a full key can never be shown here.
 */
import { Box, Text } from "ink";
import { useState, type ReactNode } from "react";
import { useConsoleScreen } from "../console-context.ts";
import type { AdminData } from "../data.ts";
import { count, short, usd, when } from "../format.ts";
import { LIST_HINTS, listActionForKey, type Hint } from "../keys.ts";
import { fitColumns, LIST_MARK_WIDTH, tableHeader, tableRow, useBodySize, type Column } from "../layout.ts";
import { editText } from "../text-edit.ts";
import { useList } from "../use-list.ts";
import { useLoad } from "../use-load.ts";
import { Confirm } from "../components/Confirm.tsx";
import { ListView } from "../components/ListView.tsx";
import { Notice, noticeLines, type NoticeValue } from "../components/Notice.tsx";
import { TextField } from "../components/TextField.tsx";
import { PRICE_PER_CALL_ATOMIC } from "../../payments/amounts.ts";
import type { KeyRow, LedgerRow } from "../../store/keys.ts";
import type { KeyState } from "../../store/operator-keys.ts";

/** A multi-step action on the open key. */
type Flow =
  | { step: "calls"; draft: string; error: string | null }
  | { step: "reason"; calls: number; draft: string; error: string | null }
  | { step: "revoke" }
  | null;

const FILTERS: readonly KeyState[] = ["all", "active", "revoked"];

const KEY_COLUMNS: Column<KeyRow>[] = [
  { title: "id", width: 5, align: "right", priority: 9, cell: (k) => String(k.id) },
  { title: "prefix", width: 11, priority: 10, cell: (k) => `${k.prefix}…` },
  { title: "calls left", width: 13, align: "right", priority: 8, cell: (k) => `${count(k.callsRemaining)}/${count(k.totalCalls)}` },
  { title: "state", width: 7, priority: 7, cell: (k) => (k.revokedAt ? "revoked" : "active") },
  { title: "payer", width: 13, priority: 6, cell: (k) => (k.payer ? short(k.payer) : "(operator)") },
  { title: "last use", width: 8, priority: 4, flex: true, cell: (k) => when(k.lastUsedAt) },
];

const LEDGER_COLUMNS: Column<LedgerRow>[] = [
  { title: "time", width: 20, priority: 7, cell: (l) => when(l.createdAt) },
  { title: "kind", width: 10, priority: 9, cell: (l) => l.kind },
  { title: "calls", width: 7, align: "right", priority: 10, cell: (l) => (l.calls > 0 ? `+${l.calls}` : String(l.calls)) },
  {
    title: "reason / reference",
    width: 10,
    priority: 5,
    flex: true,
    cell: (l) => `${l.reason ?? ""}${l.reason && l.ref ? " · " : ""}${l.ref ? short(l.ref, 10, 6) : ""}`,
  },
];

export function Keys({ data }: { data: AdminData }) {
  const size = useBodySize();
  const [query, setQuery] = useState("");
  const [filter, setFilter] = useState<KeyState>("all");
  const [searching, setSearching] = useState(false);
  // Bumped after every write so the lists are read again.
  const [version, setVersion] = useState(0);
  const [openId, setOpenId] = useState<number | null>(null);
  const [flow, setFlow] = useState<Flow>(null);
  const [notice, setNotice] = useState<NoticeValue>(null);

  const keysLoad = useLoad(() => data.searchKeys(query, filter), [data, query, filter, version]);
  const keys = keysLoad.value ?? [];
  const open = useLoad(async () => (openId === null ? null : data.key(openId)), [data, openId, version]).value ?? null;
  const ledger = useLoad(async () => (openId === null ? [] : data.ledger(openId)), [data, openId, version]).value ?? [];

  const noticeRows = noticeLines(notice, size.columns);
  // Main view: title or search field (+ its help line), notice, list header and "1–9 of 40".
  const [keyList, keyNav] = useList(keys.length, size.rows - (searching ? 2 : 1) - noticeRows - 2);
  // Detail: 4 lines about the key, the action's field or question, notice, a gap, title, header, range.
  const flowRows = flow === null ? 0 : flow.step === "revoke" ? 4 : 1 + (flow.error ? 1 : 0);
  const [ledgerList, ledgerNav] = useList(ledger.length, size.rows - 4 - flowRows - noticeRows - 1 - 3);

  async function submitCredit(calls: number, reason: string) {
    const result = await data.creditKey(openId!, calls, reason);
    if (!result.ok) {
      setFlow({ step: "reason", calls, draft: reason, error: result.error });
      return;
    }
    setFlow(null);
    setVersion((v) => v + 1);
    setNotice({
      tone: "ok",
      text: `${calls > 0 ? "credited" : "removed"} ${count(Math.abs(calls))} calls: balance now ${count(result.value.callsRemaining)}`,
    });
  }

  async function revoke() {
    const result = await data.revokeKey(openId!);
    setFlow(null);
    setVersion((v) => v + 1);
    setNotice(
      result.ok ? { tone: "ok", text: `key ${result.value.id} revoked: it can no longer pay` } : { tone: "error", text: result.error },
    );
  }

  function onFlowKey(current: NonNullable<Flow>, input: string, key: Parameters<typeof editText>[2]): void {
    if (current.step === "revoke") {
      if (input === "y" || input === "Y") void revoke();
      else if (input === "n" || input === "N" || key.escape || input === "q") setFlow(null);
      return;
    }
    const edit = editText(current.draft, input, key);
    if (edit.type === "cancel") return setFlow(null);
    if (edit.type === "change") return setFlow({ ...current, draft: edit.value, error: null });
    if (edit.type !== "submit") return;
    if (current.step === "calls") {
      const text = edit.value.trim().replace(/^\+/, "");
      if (!/^-?\d{1,9}$/.test(text) || Number(text) === 0)
        return setFlow({ ...current, error: "a whole number of calls other than 0 (negative removes calls)" });
      return setFlow({ step: "reason", calls: Number(text), draft: "", error: null });
    }
    if (!edit.value.trim()) return setFlow({ ...current, error: "a reason is required: it is recorded in the key's ledger" });
    void submitCredit(current.calls, edit.value.trim());
  }

  const inField = searching || (flow !== null && flow.step !== "revoke");
  const confirming = flow?.step === "revoke";
  const nextFilter = FILTERS[(FILTERS.indexOf(filter) + 1) % FILTERS.length]!;
  const hints: readonly Hint[] = inField
    ? [
        ["Enter", flow?.step === "calls" ? "next" : "ok"],
        ["Esc", searching ? "clear search" : "cancel"],
      ]
    : confirming
      ? [
          ["y", "revoke"],
          ["n/Esc", "keep"],
        ]
      : open
        ? [["c", "credit calls"], ["x", "revoke"], ...LIST_HINTS, ["q/Esc", "back to keys"]]
        : [["/", "search"], ["f", `show ${nextFilter}`], ["Enter", "open key"], ...LIST_HINTS];

  useConsoleScreen(
    (input, key) => {
      if (searching) {
        const edit = editText(query, input, key);
        if (edit.type === "change") setQuery(edit.value);
        else if (edit.type === "submit") setSearching(false);
        else if (edit.type === "cancel") {
          setQuery("");
          setSearching(false);
        }
        return true;
      }
      if (flow) {
        onFlowKey(flow, input, key);
        return true;
      }
      if (open) {
        if (key.escape || input === "q") {
          setOpenId(null);
          setNotice(null);
        } else if (input === "c") {
          setNotice(null);
          setFlow({ step: "calls", draft: "", error: null });
        } else if (input === "x") {
          setNotice(null);
          if (open.revokedAt === null) setFlow({ step: "revoke" });
          else setNotice({ tone: "warn", text: "this key is already revoked" });
        } else {
          const move = listActionForKey(input, key);
          if (!move) return false;
          ledgerNav(move);
        }
        return true;
      }
      if (input === "/") {
        setSearching(true);
        setNotice(null);
        return true;
      }
      if (input === "f") {
        setFilter(nextFilter);
        keyNav({ type: "home" });
        return true;
      }
      if (key.return) {
        const chosen = keys[keyList.index];
        if (chosen) {
          setOpenId(chosen.id);
          ledgerNav({ type: "home" });
        }
        return true;
      }
      const move = listActionForKey(input, key);
      if (!move) return false;
      keyNav(move);
      return true;
    },
    hints,
    inField,
    confirming,
  );

  if (open) {
    const ledgerCols = fitColumns(LEDGER_COLUMNS, size.columns - LIST_MARK_WIDTH);
    return (
      <KeyDetail key={open.id} row={open}>
        {flow?.step === "calls" ? (
          <TextField label="Calls to add (negative removes)" value={flow.draft} placeholder="e.g. 100 or -20" error={flow.error} />
        ) : flow?.step === "reason" ? (
          <TextField
            label={`Reason for ${flow.calls > 0 ? "+" : ""}${flow.calls} calls`}
            value={flow.draft}
            placeholder="recorded in the ledger"
            error={flow.error}
          />
        ) : flow?.step === "revoke" ? (
          <Confirm question={`Revoke key ${open.id} (${open.prefix}…)? It will no longer pay for calls.`} />
        ) : null}
        <Notice notice={notice} />
        <Box flexDirection="column" marginTop={1}>
          <Text bold>Ledger</Text>
          <ListView
            items={ledger}
            state={ledgerList}
            focused={flow === null}
            empty="no ledger entries"
            header={tableHeader(ledgerCols)}
            render={(l) => tableRow(ledgerCols, l)}
          />
        </Box>
      </KeyDetail>
    );
  }

  const keyCols = fitColumns(KEY_COLUMNS, size.columns - LIST_MARK_WIDTH);
  return (
    <Box flexDirection="column" width={size.columns}>
      {searching ? (
        <TextField
          label="Search"
          value={query}
          placeholder="any part of a key prefix or payer address, an id, or #id"
          help="Results follow as you type. Enter keeps the search, Esc clears it."
        />
      ) : (
        <Text wrap="truncate-end">
          <Text bold>Keys</Text>
          <Text dimColor>
            {query ? ` matching "${query}"` : " (newest first)"} · {filter === "all" ? "active and revoked" : `${filter} only`} ·{" "}
            {keysLoad.value ? `${keys.length} shown` : "loading…"}
          </Text>
        </Text>
      )}
      <Notice notice={notice} />
      <ListView
        items={keys}
        state={keyList}
        focused={!searching}
        empty={!keysLoad.value ? "loading…" : query || filter !== "all" ? "no key matches" : "no keys yet"}
        header={tableHeader(keyCols)}
        render={(k) => tableRow(keyCols, k)}
      />
    </Box>
  );
}

/** One key: balance, dates, then the open action's field or question, the notice and the ledger. */
function KeyDetail({ row, children }: { row: KeyRow; children: ReactNode }) {
  return (
    <Box flexDirection="column">
      <Text wrap="truncate-end">
        <Text bold>
          Key {row.id} · {row.prefix}…
        </Text>{" "}
        {row.revokedAt ? <Text color="red">revoked {when(row.revokedAt)}</Text> : <Text color="green">active</Text>}
      </Text>
      <Text wrap="truncate-end">
        Balance: <Text bold>{count(row.callsRemaining)} calls</Text> ({usd(BigInt(row.callsRemaining) * PRICE_PER_CALL_ATOMIC)}) of{" "}
        {count(row.totalCalls)} credited
      </Text>
      <Text wrap="truncate-end">
        Payer: {row.payer ?? "(none: made by the operator)"}
        {row.owner ? <Text dimColor> · owned by this wallet (x402 payments top it up; SIGN-IN-WITH-X spends it)</Text> : null}
      </Text>
      <Text wrap="truncate-end">
        Created: {when(row.createdAt)} · Last use: {when(row.lastUsedAt)}
      </Text>
      {children}
    </Box>
  );
}
