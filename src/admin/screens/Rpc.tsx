/**
 * RPC: the JSON-RPC URLs the service reads Base through, in fallback order. Add, remove and
 * reorder them (stored setting `rpcUrls`), and test each one: chain id, latest block, latency,
 * with a warning when a URL serves another chain than the configured network (the server would
 * refuse to start on it, or worse, count a payment on the wrong chain once earlier URLs fail).
 */
import { Box, Text } from "ink";
import { useCallback, useEffect, useRef, useState } from "react";
import { useConsoleScreen } from "../console-context.ts";
import { inEffect, type AdminData, type Saved } from "../data.ts";
import { count } from "../format.ts";
import { LIST_HINTS, listActionForKey, moveActionForKey, type Hint } from "../keys.ts";
import { truncate, useBodySize } from "../layout.ts";
import { editText } from "../text-edit.ts";
import { useList } from "../use-list.ts";
import { useLoad } from "../use-load.ts";
import { Confirm } from "../components/Confirm.tsx";
import { ListView } from "../components/ListView.tsx";
import { Notice, noticeLines, type NoticeValue } from "../components/Notice.tsx";
import { TextField } from "../components/TextField.tsx";
import { describeRpcUrl, type ProbeResult } from "../../payments/chain.ts";

type ProbeView = { state: "testing" } | { state: "done"; result: ProbeResult };

type Flow = { step: "add"; draft: string; error: string | null } | { step: "remove" } | null;

export function Rpc({ data }: { data: AdminData }) {
  const size = useBodySize();
  const settings = useLoad(() => data.settings(), [data]);
  const view = settings.value;
  const [flow, setFlow] = useState<Flow>(null);
  const [notice, setNotice] = useState<NoticeValue>(null);
  // Full URLs often carry a provider API key: shown only on request.
  const [reveal, setReveal] = useState(false);
  // The list edited here is the stored one (with this console's environment): what `config set rpcUrls` writes.
  // After a write, the list as written until the store is read again, so a second key (another
  // K, a d) acts on the new order and not the one before the write.
  const [written, setWritten] = useState<{ urls: string[]; view: unknown } | null>(null);
  const urls = written && written.view === view ? written.urls : (view?.config.rpcUrls ?? []);
  const effect = view ? inEffect(view, "rpcUrls") : null;
  const overridden = effect?.overriddenBy ?? null;
  // Title, the override warning, the list's "1–9 of 12" line, the add field or the question, notice.
  const flowRows = flow === null ? 0 : flow.step === "remove" ? 3 : 2 + (flow.error ? 1 : 0);
  const [list, dispatch] = useList(urls.length, size.rows - 2 - (overridden ? 1 : 0) - flowRows - noticeLines(notice, size.columns));
  const [probes, test] = useProbes(data);

  // Test every URL once the list is first read.
  const tested = useRef(false);
  useEffect(() => {
    if (!view || tested.current) return;
    tested.current = true;
    view.config.rpcUrls.forEach(test);
  }, [view, test]);

  function outcome(done: string, saved: Saved): NoticeValue {
    if (saved.overridden) return { tone: "warn", text: `${done}: ${saved.overridden}` };
    if (view?.sources.rpcUrls === "env")
      return { tone: "warn", text: `${done}: stored, but VELLUM_RPC_URL in this environment overrides it for a server started from here` };
    return { tone: "ok", text: saved.serverRunning ? `${done}; the running server applies it within seconds` : `${done}: stored` };
  }

  async function store(next: string[], done: string, cursor: number) {
    const result = await data.saveSetting("rpcUrls", next);
    if (!result.ok) {
      setNotice({ tone: "error", text: result.error.replace(/^rpcUrls: /, "") });
      return false;
    }
    setWritten({ urls: next, view });
    settings.reload();
    dispatch({ type: "setCount", count: next.length });
    dispatch({ type: "set", index: cursor });
    setNotice(outcome(done, result.value));
    return true;
  }

  async function add(url: string) {
    if (flow?.step !== "add") return;
    const result = await data.saveSetting("rpcUrls", [...urls, url]);
    if (!result.ok) {
      setFlow({ ...flow, draft: url, error: result.error.replace(/^rpcUrls: /, "") });
      return;
    }
    const added = (result.value.value as string[])[urls.length]!;
    setWritten({ urls: result.value.value as string[], view });
    settings.reload();
    setFlow(null);
    dispatch({ type: "setCount", count: urls.length + 1 });
    dispatch({ type: "set", index: urls.length });
    setNotice(outcome(`added as #${urls.length + 1}`, result.value));
    test(added);
  }

  function move(from: number, to: number) {
    if (to < 0 || to >= urls.length || from === to) return;
    const next = [...urls];
    [next[from], next[to]] = [next[to]!, next[from]!];
    void store(next, `moved #${from + 1} to #${to + 1}`, to);
  }

  const hints: readonly Hint[] =
    flow?.step === "add"
      ? [
          ["Enter", "add"],
          ["Esc", "cancel"],
          ["Ctrl+U", "clear"],
        ]
      : flow?.step === "remove"
        ? [
            ["y", "remove"],
            ["n/Esc", "keep"],
          ]
        : [
            ["a", "add"],
            ["d", "remove"],
            ["K/J", "move up/down"],
            ["t", "test all"],
            ["Enter", "test"],
            ["v", reveal ? "hide URLs" : "show URLs"],
            ...LIST_HINTS,
          ];

  useConsoleScreen(
    (input, key) => {
      if (flow?.step === "remove") {
        if (input === "y" || input === "Y") {
          void store(
            urls.filter((_, i) => i !== list.index),
            `removed #${list.index + 1}`,
            Math.min(list.index, urls.length - 2),
          );
          setFlow(null);
        } else if (input === "n" || input === "N" || key.escape || input === "q") setFlow(null);
        return true;
      }
      if (flow?.step === "add") {
        const edit = editText(flow.draft, input, key);
        if (edit.type === "cancel") setFlow(null);
        else if (edit.type === "change") setFlow({ ...flow, draft: edit.value, error: null });
        else if (edit.type === "submit") {
          const url = edit.value.trim();
          if (!url) {
            setFlow({ ...flow, error: "type an http(s) URL, or Esc to cancel" });
            return true;
          }
          void add(url);
        }
        return true;
      }
      if (input === "a") {
        setNotice(null);
        setFlow({ step: "add", draft: "", error: null });
        return true;
      }
      if (input === "d" || key.delete) {
        setNotice(null);
        if (urls.length <= 1) setNotice({ tone: "error", text: "the last RPC URL cannot be removed: the service needs one" });
        else setFlow({ step: "remove" });
        return true;
      }
      if (input === "t") {
        urls.forEach(test);
        return true;
      }
      if (key.return) {
        const url = urls[list.index];
        if (url) test(url);
        return true;
      }
      if (input === "v") {
        setReveal((r) => !r);
        return true;
      }
      const reorder = moveActionForKey(input, key);
      if (reorder) {
        move(list.index, reorder === "moveUp" ? list.index - 1 : list.index + 1);
        return true;
      }
      const nav = listActionForKey(input, key);
      if (!nav) return false;
      dispatch(nav);
      return true;
    },
    hints,
    flow?.step === "add",
    flow?.step === "remove",
  );

  const expected = view?.config.chainId ?? 0;
  // The URL column gets at most half the width; the probe result takes the rest and is cut with ….
  const width = Math.min(Math.floor((size.columns - 6) / 2), Math.max(...urls.map((u) => shown(u, reveal).length), 10)) + 2;
  return (
    <Box flexDirection="column" width={size.columns}>
      {view?.error ? (
        <Text color="red" wrap="truncate-end">
          ✗ configuration: {view.error}
        </Text>
      ) : null}
      <Text wrap="truncate-end">
        <Text bold>RPC URLs</Text>
        <Text dimColor>
          {" "}
          in fallback order · network {view?.config.network ?? "…"} · {effect?.label ?? "…"}
        </Text>
      </Text>
      {overridden ? (
        <Text color="yellow" wrap="truncate-end">
          stored list shown; the running server uses {overridden}
        </Text>
      ) : null}
      <ListView
        items={urls}
        state={list}
        focused={flow === null}
        empty="no RPC URLs"
        render={(url, i) => (
          <Text>
            {`#${i + 1}`.padEnd(4)}
            {truncate(shown(url, reveal), width - 2).padEnd(width)}
            <ProbeLine view={probes.get(url)} expected={expected} />
          </Text>
        )}
      />
      {flow?.step === "add" ? (
        <TextField
          label="New RPC URL"
          value={flow.draft}
          placeholder="https://…"
          error={flow.error}
          help="Added at the end of the list (the last fallback)."
        />
      ) : flow?.step === "remove" ? (
        <Confirm question={`Remove #${list.index + 1} ${shown(urls[list.index] ?? "", false)}?`} />
      ) : null}
      <Notice notice={notice} />
    </Box>
  );
}

/** A URL as shown: scheme, host and port, with "/…" standing for a hidden path or query. */
function shown(url: string, reveal: boolean): string {
  if (reveal) return url;
  const label = describeRpcUrl(url);
  return url.replace(/\/$/, "") === label ? label : `${label}/…`;
}

function ProbeLine({ view, expected }: { view: ProbeView | undefined; expected: number }) {
  if (!view || view.state === "testing") return <Text dimColor>testing…</Text>;
  const r = view.result;
  // Latency first: the error text can be long and is the part a narrow terminal cuts off.
  if (!r.ok)
    return (
      <Text color="red">
        ✗ {r.latencyMs} ms · {r.error}
      </Text>
    );
  const facts = `block ${count(Number(r.latestBlock))} · ${r.latencyMs} ms`;
  if (r.chainId !== expected)
    return (
      <Text color="yellow">
        ⚠ chain {r.chainId}, not the configured {expected} · {facts}
      </Text>
    );
  return (
    <Text color="green">
      ✓ chain {r.chainId} · {facts}
    </Text>
  );
}

/**
 * Probe results per URL (so they follow a URL when it is moved). A result that comes back after
 * a newer test of the same URL started, or after the screen closed, is dropped.
 */
function useProbes(data: AdminData): [Map<string, ProbeView>, (url: string) => void] {
  const [probes, setProbes] = useState<Map<string, ProbeView>>(() => new Map());
  const rounds = useRef(new Map<string, number>());
  const mounted = useRef(true);
  useEffect(
    () => () => {
      mounted.current = false;
    },
    [],
  );
  const test = useCallback(
    (url: string) => {
      const round = (rounds.current.get(url) ?? 0) + 1;
      rounds.current.set(url, round);
      setProbes((m) => new Map(m).set(url, { state: "testing" }));
      void data.probeRpc(url).then((result) => {
        if (!mounted.current || rounds.current.get(url) !== round) return;
        setProbes((m) => new Map(m).set(url, { state: "done", result }));
      });
    },
    [data],
  );
  return [probes, test];
}
