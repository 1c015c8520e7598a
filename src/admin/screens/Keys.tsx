/**
 * Keys: find an API key by prefix or payer address, open it to see its balance, ledger and last
 * use, credit calls (an operator adjustment with a reason, recorded in the ledger) or revoke it.
 * Keys are stored as hashes only, so a full key can never be shown here.
 */
import { Box, Text } from "ink";
import { useMemo, useState, type ReactNode } from "react";
import { useConsoleScreen } from "../console-context.ts";
import type { AdminData } from "../data.ts";
import { count, short, usd, when } from "../format.ts";
import { LIST_HINTS, listActionForKey, type Hint } from "../keys.ts";
import { editText } from "../text-edit.ts";
import { useList } from "../use-list.ts";
import { Confirm } from "../components/Confirm.tsx";
import { ListView } from "../components/ListView.tsx";
import { Notice, type NoticeValue } from "../components/Notice.tsx";
import { TextField } from "../components/TextField.tsx";
import { PRICE_PER_CALL_ATOMIC } from "../../payments/amounts.ts";
import type { KeyRow, LedgerRow } from "../../store/keys.ts";

/** A multi-step action on the open key. */
type Flow =
  | { step: "calls"; draft: string; error: string | null }
  | { step: "reason"; calls: number; draft: string; error: string | null }
  | { step: "revoke" }
  | null;

export function Keys({ data }: { data: AdminData }) {
  const [query, setQuery] = useState("");
  const [searching, setSearching] = useState(false);
  // Bumped after every write so the lists are read again.
  const [version, setVersion] = useState(0);
  const [openId, setOpenId] = useState<number | null>(null);
  const [flow, setFlow] = useState<Flow>(null);
  const [notice, setNotice] = useState<NoticeValue>(null);

  const keys = useMemo(() => data.searchKeys(query), [data, query, version]);
  const open = useMemo(() => (openId === null ? null : data.key(openId)), [data, openId, version]);
  const ledger = useMemo(() => (openId === null ? [] : data.ledger(openId)), [data, openId, version]);
  const [keyList, keyNav] = useList(keys.length, 10);
  const [ledgerList, ledgerNav] = useList(ledger.length, 18);

  function submitCredit(calls: number, reason: string) {
    const result = data.creditKey(openId!, calls, reason);
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

  function revoke() {
    const result = data.revokeKey(openId!);
    setFlow(null);
    setVersion((v) => v + 1);
    setNotice(
      result.ok ? { tone: "ok", text: `key ${result.value.id} revoked: it can no longer pay` } : { tone: "error", text: result.error },
    );
  }

  function onFlowKey(current: NonNullable<Flow>, input: string, key: Parameters<typeof editText>[2]): void {
    if (current.step === "revoke") {
      if (input === "y" || input === "Y") revoke();
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
    submitCredit(current.calls, edit.value.trim());
  }

  const inField = searching || (flow !== null && flow.step !== "revoke");
  const hints: readonly Hint[] = inField
    ? [
        ["Enter", flow?.step === "calls" ? "next" : "ok"],
        ["Esc", "cancel"],
      ]
    : flow?.step === "revoke"
      ? [
          ["y", "revoke"],
          ["n/Esc", "keep"],
        ]
      : open
        ? [["c", "credit calls"], ["x", "revoke"], ...LIST_HINTS, ["q/Esc", "back to keys"]]
        : [["/", "search"], ["Enter", "open key"], ...LIST_HINTS];

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
  );

  if (open) {
    return (
      <KeyDetail key={open.id} row={open} ledger={ledger} ledgerList={ledgerList}>
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
      </KeyDetail>
    );
  }

  return (
    <Box flexDirection="column">
      {searching ? (
        <TextField
          label="Search"
          value={query}
          placeholder="key prefix (vk_…) or payer address"
          help="Enter keeps the search, Esc clears it."
        />
      ) : (
        <Text>
          <Text bold>Keys</Text>
          <Text dimColor>
            {query ? ` matching "${query}"` : " (newest first)"} · {keys.length} shown
          </Text>
        </Text>
      )}
      <Notice notice={notice} />
      <ListView
        items={keys}
        state={keyList}
        focused={!searching}
        empty={query ? "no key matches" : "no keys yet"}
        header={`${"id".padStart(5)}  ${"prefix".padEnd(14)}${"calls left".padStart(14)}  ${"state".padEnd(8)}${"payer".padEnd(14)}last use`}
        render={(k) => keyLine(k)}
      />
    </Box>
  );
}

function keyLine(k: KeyRow): string {
  const calls = `${count(k.callsRemaining)}/${count(k.totalCalls)}`;
  return `${String(k.id).padStart(5)}  ${`${k.prefix}…`.padEnd(14)}${calls.padStart(14)}  ${(k.revokedAt ? "revoked" : "active").padEnd(8)}${(k.payer ? short(k.payer) : "(operator)").padEnd(14)}${when(k.lastUsedAt)}`;
}

/** One key: balance, dates, ledger (newest first), and the open action's field or question. */
function KeyDetail({
  row,
  ledger,
  ledgerList,
  children,
}: {
  row: KeyRow;
  ledger: LedgerRow[];
  ledgerList: ReturnType<typeof useList>[0];
  children: ReactNode;
}) {
  return (
    <Box flexDirection="column">
      <Text>
        <Text bold>
          Key {row.id} · {row.prefix}…
        </Text>{" "}
        {row.revokedAt ? <Text color="red">revoked {when(row.revokedAt)}</Text> : <Text color="green">active</Text>}
      </Text>
      <Text>
        Balance: <Text bold>{count(row.callsRemaining)} calls</Text> ({usd(BigInt(row.callsRemaining) * PRICE_PER_CALL_ATOMIC)}) of{" "}
        {count(row.totalCalls)} credited
      </Text>
      <Text>Payer: {row.payer ?? "(none: made by the operator)"}</Text>
      <Text>
        Created: {when(row.createdAt)} · Last use: {when(row.lastUsedAt)}
      </Text>
      {children}
      <Box flexDirection="column" marginTop={1}>
        <Text bold>Ledger</Text>
        <ListView
          items={ledger}
          state={ledgerList}
          empty="no ledger entries"
          header={`${"time".padEnd(21)}${"kind".padEnd(12)}${"calls".padStart(8)}  reason / reference`}
          render={(l) =>
            `${when(l.createdAt).padEnd(21)}${l.kind.padEnd(12)}${(l.calls > 0 ? `+${l.calls}` : String(l.calls)).padStart(8)}  ${l.reason ?? ""}${l.reason && l.ref ? " · " : ""}${l.ref ? short(l.ref, 10, 6) : ""}`
          }
        />
      </Box>
    </Box>
  );
}
