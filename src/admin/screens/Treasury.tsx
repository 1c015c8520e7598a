/**
 * Treasury: where the money goes (pay-to address, editable) and what came in (live USDC balance,
 * revenue, calls served, the liability of unused credits, latest redemptions).
 */
import { Box, Text } from "ink";
import { useEffect, useState } from "react";
import { useConsoleScreen } from "../console-context.ts";
import type { AdminData, EffectiveSettings } from "../data.ts";
import { count, short, usd, when } from "../format.ts";
import { LIST_HINTS, listActionForKey, type Hint } from "../keys.ts";
import { editText } from "../text-edit.ts";
import { useList } from "../use-list.ts";
import { ListView } from "../components/ListView.tsx";
import { Notice, type NoticeValue } from "../components/Notice.tsx";
import { TextField } from "../components/TextField.tsx";
import type { TreasuryStats } from "../../store/stats.ts";
import { useBalance } from "../use-balance.ts";

/** Stats are cheap SQLite reads; refresh them while the screen is open so sales show up live. */
const STATS_REFRESH_MS = 5_000;

export function Treasury({ data }: { data: AdminData }) {
  const [settings, setSettings] = useState<EffectiveSettings>(() => data.settings());
  const [stats, setStats] = useState<TreasuryStats>(() => data.treasury());
  const [draft, setDraft] = useState<string | null>(null);
  const [draftError, setDraftError] = useState<string | null>(null);
  const [notice, setNotice] = useState<NoticeValue>(null);
  const { payTo, rpcUrls } = settings.config;
  const [balance, refreshBalance] = useBalance(data, `${payTo} ${rpcUrls.join(" ")}`);
  const [list, dispatch] = useList(stats.latestRedemptions.length, 23, 10);

  useEffect(() => {
    const timer = setInterval(() => setStats(data.treasury()), STATS_REFRESH_MS);
    return () => clearInterval(timer);
  }, [data]);

  function save(value: string) {
    const result = data.saveSetting("payTo", value);
    if (!result.ok) {
      // Stay in the field with the reason; nothing was written.
      setDraftError(result.error.replace(/^payTo: /, ""));
      return;
    }
    const next = data.settings();
    setDraft(null);
    setDraftError(null);
    setSettings(next);
    setNotice(
      next.sources.payTo === "env"
        ? { tone: "warn", text: "saved, but VELLUM_PAY_TO in this environment overrides the stored value" }
        : { tone: "ok", text: "pay-to saved; a running server applies it within seconds" },
    );
  }

  const editing = draft !== null;
  const hints: readonly Hint[] = editing
    ? [
        ["Enter", "save"],
        ["Esc", "cancel"],
        ["Ctrl+U", "clear"],
      ]
    : [["e", "edit pay-to"], ["r", "refresh"], ...LIST_HINTS];

  useConsoleScreen(
    (input, key) => {
      if (editing) {
        const edit = editText(draft, input, key);
        if (edit.type === "change") {
          setDraft(edit.value);
          setDraftError(null);
        } else if (edit.type === "submit") save(edit.value);
        else if (edit.type === "cancel") {
          setDraft(null);
          setDraftError(null);
        }
        return true;
      }
      if (input === "e") {
        setDraft(payTo ?? "");
        setNotice(null);
        return true;
      }
      if (input === "r") {
        setSettings(data.settings());
        setStats(data.treasury());
        refreshBalance();
        return true;
      }
      const move = listActionForKey(input, key);
      if (move) {
        dispatch(move);
        return true;
      }
      return false;
    },
    hints,
    editing,
  );

  const r = stats.revenue;
  const selected = stats.latestRedemptions[list.index];
  return (
    <Box flexDirection="column">
      {settings.error ? <Text color="red">✗ configuration: {settings.error}</Text> : null}
      {editing ? (
        <TextField
          label="Pay-to address"
          value={draft}
          placeholder="0x… (checksummed, or all lowercase)"
          error={draftError}
          help="The treasury that receives USDC. Mixed case must be the EIP-55 checksum."
        />
      ) : (
        <Text>
          <Text bold>Pay-to address </Text>
          {payTo ? <Text>{payTo}</Text> : <Text color="yellow">not set (the service cannot take payments)</Text>}
          <Text dimColor> ({settings.sources.payTo})</Text>
        </Text>
      )}
      <Text>
        <Text bold>USDC balance </Text>
        {balance.state === "loading" ? (
          <Text dimColor>loading…</Text>
        ) : balance.state === "ok" ? (
          <Text color="green">{usd(balance.atomic)}</Text>
        ) : !payTo ? (
          <Text dimColor>— (set a pay-to address first)</Text>
        ) : (
          <Text color="red">error: {balance.error}</Text>
        )}
        <Text dimColor> (live, via {rpcUrls.length === 1 ? "1 RPC URL" : `${rpcUrls.length} RPC URLs`})</Text>
      </Text>
      <Notice notice={notice} />

      <Box flexDirection="column" marginTop={1}>
        <Text bold>{row("Revenue", "today", "7 days", "all time")}</Text>
        <Text>{row("  credits", usd(r.credits.today), usd(r.credits.last7Days), usd(r.credits.allTime))}</Text>
        <Text>{row("  kit", usd(r.kit.today), usd(r.kit.last7Days), usd(r.kit.allTime))}</Text>
        <Text bold>{row("  total", usd(r.total.today), usd(r.total.last7Days), usd(r.total.allTime))}</Text>
        <Text>{row("Calls served, paid", ...windowCounts(stats.callsServed.paid))}</Text>
        <Text>{row("Calls served, free", ...windowCounts(stats.callsServed.free))}</Text>
        <Text>
          <Text bold>Credits outstanding </Text>
          {usd(stats.creditsOutstandingAtomic)}
          <Text dimColor> ({count(stats.callsOutstanding)} unused calls on active keys, owed to buyers)</Text>
        </Text>
      </Box>

      <Box flexDirection="column" marginTop={1}>
        <Text bold>Latest redemptions</Text>
        <ListView
          items={stats.latestRedemptions}
          state={list}
          focused={!editing}
          empty="no redemptions yet"
          header={`${"time".padEnd(21)}${"for".padEnd(9)}${"amount".padStart(12)}  ${"payer".padEnd(13)}  tx`}
          render={(x) =>
            `${when(x.createdAt).padEnd(21)}${x.purpose.padEnd(9)}${usd(x.amountAtomic).padStart(12)}  ${short(x.payer).padEnd(13)}  ${short(x.txHash, 10, 8)}`
          }
        />
        {selected ? (
          <Text dimColor wrap="wrap">
            payer {selected.payer} · tx {selected.txHash}
          </Text>
        ) : null}
      </Box>
    </Box>
  );
}

function row(label: string, a: string, b: string, c: string): string {
  return `${label.padEnd(20)}${a.padStart(14)}${b.padStart(14)}${c.padStart(14)}`;
}

function windowCounts(w: { today: number; last7Days: number; allTime: number }): [string, string, string] {
  return [count(w.today), count(w.last7Days), count(w.allTime)];
}
