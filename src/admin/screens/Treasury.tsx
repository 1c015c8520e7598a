/**
 * Treasury: where the money goes (pay-to address in effect, editable) and what came in (live USDC
 * balance, revenue, calls served, the liability of unused credits, latest redemptions).
 *
 * The pay-to shown is the one the running server uses, with where it came from: a server started
 * with --pay-to (or VELLUM_PAY_TO) ignores the stored value, and the screen says so.
 */
import { Box, Text } from "ink";
import { useState, type ReactNode } from "react";
import { useConsoleScreen } from "../console-context.ts";
import { inEffect, SETTLER_LOW_SETTLEMENTS, type AdminData, type SettingsView } from "../data.ts";
import { formatEther } from "viem";
import { count, short, usd, when } from "../format.ts";
import { LIST_HINTS, listActionForKey, type Hint } from "../keys.ts";
import { fitColumns, LIST_MARK_WIDTH, tableHeader, tableRow, useBodySize, type Column } from "../layout.ts";
import { editText } from "../text-edit.ts";
import { useList } from "../use-list.ts";
import { useLoad } from "../use-load.ts";
import { ListView } from "../components/ListView.tsx";
import { Notice, noticeLines, type NoticeValue } from "../components/Notice.tsx";
import { TextField } from "../components/TextField.tsx";
import type { RecentRedemption, TreasuryStats } from "../../store/stats.ts";

interface Figure {
  label: string;
  today: string;
  week: string;
  all: string;
}

/** Revenue and calls: "7 days" goes first when narrow, then "today"; the label and all-time stay. */
const FIGURE_COLUMNS: Column<Figure>[] = [
  { title: "", width: 19, priority: 10, cell: (f) => f.label },
  { title: "today", width: 12, align: "right", priority: 6, cell: (f) => f.today },
  { title: "7 days", width: 12, align: "right", priority: 4, cell: (f) => f.week },
  { title: "all time", width: 13, align: "right", priority: 9, cell: (f) => f.all },
];

const REDEMPTION_COLUMNS: Column<RecentRedemption>[] = [
  { title: "time", width: 20, priority: 7, cell: (x) => when(x.createdAt) },
  { title: "for", width: 7, priority: 5, cell: (x) => x.purpose },
  { title: "amount", width: 11, align: "right", priority: 10, cell: (x) => usd(x.amountAtomic) },
  { title: "payer", width: 13, priority: 8, cell: (x) => short(x.payer) },
  { title: "tx", width: 10, priority: 3, flex: true, cell: (x) => short(x.txHash, 10, 8) },
];

export function Treasury({ data }: { data: AdminData }) {
  const size = useBodySize();
  const [draft, setDraft] = useState<string | null>(null);
  const [draftError, setDraftError] = useState<string | null>(null);
  const [notice, setNotice] = useState<NoticeValue>(null);
  const settings = useLoad(() => data.settings(), [data]);
  const stats = useLoad(() => data.treasury(), [data]);
  // The x402 settler (address, ETH for gas) and its settlements, beside the redemptions.
  const settler = useLoad(() => data.settler(), [data], { on: "manual" });
  const settled = useLoad(() => data.settlements(), [data]);
  const view = settings.value;
  const payTo = view ? inEffect(view, "payTo") : null;
  const rpcUrls = view ? (inEffect(view, "rpcUrls").value as string[]) : [];
  // The balance is an RPC call: read on open, when the address or URLs change, and on r.
  // Not before the settings are read: the address and URLs in effect decide what to ask.
  const balance = useLoad(
    async () => (view ? data.treasuryBalance() : undefined),
    [data, view ? `${payTo?.value} ${rpcUrls.join(" ")}` : null],
    {
      on: "manual",
    },
  );

  const editing = draft !== null;
  const top = topLines({
    view,
    payTo,
    editing,
    draft,
    draftError,
    notice,
    balance: balance.value,
    balanceError: balance.error,
    rpcUrls,
    width: size.columns,
    settler: settler.value,
  });
  const s = stats.value;
  const figures: Figure[] = s ? figureRows(s) : [];
  // Lines besides the redemption rows: revenue (header + figures + outstanding), the title and
  // header of the list, its "1–3 of 9" line, the selected row's detail, and two blank lines
  // when there is room for them.
  const fixed = top.length + 1 + figures.length + 1 + (settled.value ? 1 : 0) + 2 + 1;
  const roomy = size.rows - fixed - 3 >= 3;
  const pageSize = size.rows - fixed - (roomy ? 3 : 0);
  const [list, dispatch] = useList(s?.latestRedemptions.length ?? 0, pageSize);

  async function save(value: string) {
    const result = await data.saveSetting("payTo", value);
    if (!result.ok) {
      // Stay in the field with the reason; nothing was written.
      setDraftError(result.error.replace(/^payTo: /, ""));
      return;
    }
    setDraft(null);
    setDraftError(null);
    settings.reload();
    const { overridden, serverRunning } = result.value;
    setNotice(
      overridden
        ? { tone: "warn", text: overridden }
        : view?.sources.payTo === "env"
          ? { tone: "warn", text: "stored, but VELLUM_PAY_TO in this environment overrides it for a server started from here" }
          : { tone: "ok", text: serverRunning ? "pay-to stored; the running server applies it within seconds" : "pay-to stored" },
    );
  }

  const hints: readonly Hint[] = editing
    ? [
        ["Enter", "save"],
        ["Esc", "cancel"],
        ["Ctrl+U", "clear"],
      ]
    : [["e", "edit pay-to"], ...LIST_HINTS];

  useConsoleScreen(
    (input, key) => {
      if (editing) {
        const edit = editText(draft, input, key);
        if (edit.type === "change") {
          setDraft(edit.value);
          setDraftError(null);
        } else if (edit.type === "submit") void save(edit.value);
        else if (edit.type === "cancel") {
          setDraft(null);
          setDraftError(null);
        }
        return true;
      }
      if (input === "e") {
        // Edit the stored value (what `config set payTo` writes), not the flag's.
        setDraft((view?.config.payTo as string | null) ?? "");
        setNotice(null);
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

  const figureCols = fitColumns(FIGURE_COLUMNS, size.columns);
  const redemptionCols = fitColumns(REDEMPTION_COLUMNS, size.columns - LIST_MARK_WIDTH);
  const selected = s?.latestRedemptions[list.index];
  return (
    <Box flexDirection="column" width={size.columns}>
      {top}
      <Box flexDirection="column" marginTop={roomy ? 1 : 0}>
        <Text bold wrap="truncate-end">
          {tableHeader(figureCols.map((c, i) => (i === 0 ? { ...c, cell: () => "", title: "Revenue" } : c)))}
        </Text>
        {figures.map((f) => (
          <Text key={f.label} bold={f.label.trim() === "total"} wrap="truncate-end">
            {tableRow(figureCols, f)}
          </Text>
        ))}
        {s ? (
          <Text wrap="truncate-end">
            <Text bold>Credits outstanding </Text>
            {usd(s.creditsOutstandingAtomic)}
            <Text dimColor> ({count(s.callsOutstanding)} unused calls on active keys, owed to buyers)</Text>
          </Text>
        ) : (
          <Text dimColor>loading…</Text>
        )}
        {settled.value ? (
          <Text wrap="truncate-end">
            <Text bold>x402 settlements </Text>
            {count(settled.value.settled)} settled, {usd(settled.value.settledAtomic)}
            <Text dimColor>
              {" "}
              (in the revenue above; {count(settled.value.inFlight)} in flight, {count(settled.value.failed)} failed, gas{" "}
              {settled.value.gasUsed.toString()})
            </Text>
          </Text>
        ) : null}
      </Box>

      <Box flexDirection="column" marginTop={roomy ? 1 : 0}>
        <Text bold>Latest redemptions</Text>
        <ListView
          items={s?.latestRedemptions ?? []}
          state={list}
          focused={!editing}
          empty={s ? "no redemptions yet" : "loading…"}
          header={tableHeader(redemptionCols)}
          render={(x) => tableRow(redemptionCols, x)}
        />
        {selected && roomy ? (
          <Text dimColor wrap="truncate-end">
            payer {selected.payer} · tx {selected.txHash}
          </Text>
        ) : null}
      </Box>
    </Box>
  );
}

/**
 * The lines above the figures, in order. Each is one terminal line (cut with …, never wrapped), so
 * the layout can count them: to show one more (a settler line, say), add it here.
 */
function topLines(input: {
  view: SettingsView | undefined;
  payTo: ReturnType<typeof inEffect> | null;
  editing: boolean;
  draft: string | null;
  draftError: string | null;
  notice: NoticeValue;
  balance: { ok: true; value: bigint } | { ok: false; error: string } | undefined;
  balanceError: string | null;
  rpcUrls: string[];
  width: number;
  settler?: Awaited<ReturnType<AdminData["settler"]>>;
}): ReactNode[] {
  const { view, payTo, balance } = input;
  const lines: ReactNode[] = [];
  if (view?.error)
    lines.push(
      <Text key="error" color="red" wrap="truncate-end">
        ✗ configuration: {view.error}
      </Text>,
    );
  if (input.editing) {
    lines.push(
      <TextField
        key="field"
        label="Pay-to address"
        value={input.draft ?? ""}
        placeholder="0x… (checksummed, or all lowercase)"
        error={input.draftError}
      />,
    );
    if (input.draftError) lines.push(null); // the field's error line
  } else {
    lines.push(
      <Text key="payto" wrap="truncate-end">
        <Text bold>Pay-to </Text>
        {!payTo ? (
          <Text dimColor>loading…</Text>
        ) : payTo.value ? (
          <Text>{String(payTo.value)}</Text>
        ) : (
          <Text color="yellow">not set: no calls are sold</Text>
        )}
        {payTo ? <Text dimColor> ({payTo.label})</Text> : null}
      </Text>,
    );
    // A stored pay-to the server does not use is shown, so nobody mistakes it for the live one.
    if (payTo?.overriddenBy && view && view.config.payTo !== payTo.value)
      lines.push(
        <Text key="stored" color="yellow" wrap="truncate-end">
          stored {view.config.payTo ?? "(none)"} is not in effect: the server uses {payTo.overriddenBy}
        </Text>,
      );
  }
  lines.push(
    <Text key="balance" wrap="truncate-end">
      <Text bold>USDC balance </Text>
      {balance === undefined ? (
        <Text dimColor>loading…</Text>
      ) : balance.ok ? (
        <Text color="green">{usd(balance.value)}</Text>
      ) : !payTo?.value ? (
        <Text dimColor>— (set a pay-to address first)</Text>
      ) : (
        <Text color="red">error: {balance.error}</Text>
      )}
      <Text dimColor> (live, via {input.rpcUrls.length === 1 ? "1 RPC URL" : `${input.rpcUrls.length} RPC URLs`}; r re-reads)</Text>
    </Text>,
  );
  const settler = input.settler;
  if (settler)
    lines.push(
      <Text key="settler" wrap="truncate-end">
        <Text bold>x402 settler </Text>
        {settler.ok ? (
          <>
            <Text>{settler.value.address} </Text>
            <Text color={settler.value.settlementsLeft < SETTLER_LOW_SETTLEMENTS ? "yellow" : "green"}>
              {formatEther(settler.value.ethBalance)} ETH
            </Text>
            {settler.value.settlementsLeft < SETTLER_LOW_SETTLEMENTS ? (
              <Text color="yellow"> ⚠ gas for about {settler.value.settlementsLeft.toString()} more settlements: top it up</Text>
            ) : (
              <Text dimColor> (gas for about {settler.value.settlementsLeft.toString()} settlements)</Text>
            )}
          </>
        ) : (
          <Text color="red">error: {settler.error}</Text>
        )}
      </Text>,
    );
  if (input.notice) {
    lines.push(<Notice key="notice" notice={input.notice} />);
    // A notice wraps rather than lose its point; count the lines it takes.
    for (let i = 1; i < noticeLines(input.notice, input.width); i++) lines.push(null);
  }
  return lines;
}

function figureRows(s: TreasuryStats): Figure[] {
  const r = s.revenue;
  const money = (label: string, w: { today: bigint; last7Days: bigint; allTime: bigint }): Figure => ({
    label,
    today: usd(w.today),
    week: usd(w.last7Days),
    all: usd(w.allTime),
  });
  const calls = (label: string, w: { today: number; last7Days: number; allTime: number }): Figure => ({
    label,
    today: count(w.today),
    week: count(w.last7Days),
    all: count(w.allTime),
  });
  return [
    money("  credits", r.credits),
    money("  kit", r.kit),
    money("  total", r.total),
    calls("Calls served, paid", s.callsServed.paid),
    calls("Calls served, free", s.callsServed.free),
  ];
}
