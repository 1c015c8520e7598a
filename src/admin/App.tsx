/**
 * The admin console: a header with the four screens, the active screen, and a footer of key hints.
 * App owns the only `useInput` (see console-context.ts): a key goes to the help overlay when it is
 * open, else to the active screen first, then App switches screens (1-4, Tab, Shift+Tab), refreshes
 * (r), opens the help (?) or quits (q, Esc) with what is left.
 *
 * Size: every screen gets the terminal minus App's chrome (layout.ts BodySizeContext) and fits its
 * tables to it; under MIN_COLUMNS×MIN_ROWS App shows only what size it needs.
 */
import { Box, Text, useApp, useInput, usePaste, useWindowSize, type Key } from "ink";
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { ConsoleContext, NO_KEY, type Chrome, type ConsoleFrame, type KeyHandler } from "./console-context.ts";
import type { AdminData } from "./data.ts";
import { Footer } from "./components/Footer.tsx";
import { Header } from "./components/Header.tsx";
import { HelpOverlay } from "./components/HelpOverlay.tsx";
import { globalActionForKey, LIST_HINTS, type Hint } from "./keys.ts";
import { BodySizeContext, CHROME_COLUMNS, CHROME_ROWS, MIN_COLUMNS, MIN_ROWS, tooSmall } from "./layout.ts";
import { RefreshContext, useLoad, type Refresh } from "./use-load.ts";
import { Treasury } from "./screens/Treasury.tsx";
import { Kit } from "./screens/Kit.tsx";
import { Keys } from "./screens/Keys.tsx";
import { Rpc } from "./screens/Rpc.tsx";

export const SCREENS = ["Treasury", "Kit", "Keys", "RPC"] as const;

/** Every screen re-reads its data this often (cheap store reads; the on-chain balance only on r). */
export const REFRESH_MS = 5_000;

/** The console-wide keys, shown after the screen's own in the footer and in the help overlay. */
export const GLOBAL_HINTS: readonly Hint[] = [
  ["1-4/Tab", "screens"],
  ["r", "refresh"],
  ["?", "help"],
  ["q/Esc", "quit"],
];

export interface AppProps {
  data: AdminData;
  /** 0-based screen to open on (tests open a screen directly). */
  initialScreen?: number;
  /** How often screens reload (tests shorten it). */
  refreshMs?: number;
}

export function App({ data, initialScreen = 0, refreshMs = REFRESH_MS }: AppProps) {
  const { exit } = useApp();
  const { columns, rows } = useWindowSize();
  const [screen, setScreen] = useState(initialScreen);
  const [help, setHelp] = useState(false);
  const [refresh, setRefresh] = useState<Refresh>({ tick: 0, manual: 0 });
  const [chrome, setChrome] = useState<Chrome>({ hints: [], editing: false, modal: false });
  const keyHandler = useRef<KeyHandler | null>(null);
  const frame = useMemo<ConsoleFrame>(() => ({ keyHandler, setChrome }), []);
  const small = tooSmall(columns, rows);
  // The header shows where the console points.
  const network = useLoad(async () => (await data.settings()).config.network, [data, screen]).value ?? "";

  useEffect(() => {
    const timer = setInterval(() => setRefresh((r) => ({ ...r, tick: r.tick + 1 })), refreshMs);
    return () => clearInterval(timer);
  }, [refreshMs]);

  const handleKey = useCallback(
    (input: string, key: Key) => {
      if (help) {
        if (input === "?" || input === "q" || key.escape) setHelp(false);
        return;
      }
      if (!small && keyHandler.current?.(input, key)) return;
      if (input === "?" && !small) return setHelp(true);
      if (input === "r") return setRefresh((r) => ({ tick: r.tick + 1, manual: r.manual + 1 }));
      const action = globalActionForKey(input, key, SCREENS.length);
      if (!action) return;
      if (action.type === "back") exit();
      else if (small) return;
      else if (action.type === "screen") setScreen(action.index);
      else if (action.type === "nextScreen") setScreen((s) => (s + 1) % SCREENS.length);
      else setScreen((s) => (s + SCREENS.length - 1) % SCREENS.length);
    },
    [exit, help, small],
  );
  const enqueue = useKeyQueue(handleKey);
  useInput(enqueue);
  // Pasted text (bracketed paste) reaches the screen like typed text, so a pasted address or URL
  // lands in the open field in one piece; with no field open, it matches no key and is dropped.
  // Line breaks are removed: a copied trailing newline must not submit before the operator looks.
  usePaste((text) => enqueue(text.replace(/[\r\n]+/g, ""), NO_KEY));

  if (small) {
    return (
      <Box flexDirection="column" height={rows}>
        <Text color="yellow" wrap="truncate-end">
          terminal too small (need {MIN_COLUMNS}×{MIN_ROWS})
        </Text>
        <Text dimColor wrap="truncate-end">
          now {columns}×{rows} · q quits
        </Text>
      </Box>
    );
  }

  const body: ReactNode = [
    <Treasury key="treasury" data={data} />,
    <Kit key="kit" data={data} />,
    <Keys key="keys" data={data} />,
    <Rpc key="rpc" data={data} />,
  ][screen];
  const bodySize = { columns: columns - CHROME_COLUMNS, rows: rows - CHROME_ROWS };

  return (
    <ConsoleContext.Provider value={frame}>
      <RefreshContext.Provider value={refresh}>
        <BodySizeContext.Provider value={bodySize}>
          {/* Full height so the footer stays on the last lines of the terminal. */}
          <Box flexDirection="column" height={rows} width={columns} paddingX={1}>
            <Header screens={SCREENS} active={screen} dir={data.dir} network={network} width={bodySize.columns} />
            <Box flexDirection="column" height={bodySize.rows} marginTop={1} overflow="hidden">
              {/* The screen stays mounted under the overlay: its fields and cursor survive a look at the help. */}
              <Box display={help ? "none" : "flex"} flexDirection="column">
                {body}
              </Box>
              {help ? <HelpOverlay screen={SCREENS[screen]!} hints={chrome.hints} globals={GLOBAL_HINTS} /> : null}
            </Box>
            <Footer hints={help ? [["?/Esc", "close help"]] : footerHints(chrome)} width={bodySize.columns} />
          </Box>
        </BodySizeContext.Provider>
      </RefreshContext.Provider>
    </ConsoleContext.Provider>
  );
}

/**
 * The screen's hints, then the console's: none while a field or a question has the keyboard (they
 * would not work there: a confirm dialog answers y or n, it does not quit), and not the quit hint
 * when a sub-view already says what q/Esc does there (go back).
 */
export function footerHints(chrome: Chrome): readonly Hint[] {
  if (chrome.editing || chrome.modal) return chrome.hints;
  const taken = new Set(chrome.hints.map(([key]) => key));
  // List movement is what everyone tries first anyway: it gives way to the console keys when the line is short.
  const moves = new Set(LIST_HINTS.map(([key]) => key));
  return [
    ...chrome.hints.filter(([key]) => !moves.has(key)),
    ...GLOBAL_HINTS.filter(([key]) => !taken.has(key)),
    ...chrome.hints.filter(([key]) => moves.has(key)),
  ];
}

/**
 * Hands keys to `handle` one at a time, each after React has committed the previous one's update.
 * Ink can deliver several keys in one tick (one terminal read holding ↓ and Enter, say); handled
 * back to back, the second would see the screen as it was before the first, and Enter would open
 * the row the cursor just left. The first key of a burst is handled at once.
 */
function useKeyQueue(handle: (input: string, key: Key) => void): (input: string, key: Key) => void {
  const pending = useRef<[string, Key][]>([]);
  const latest = useRef(handle);
  latest.current = handle;
  return useCallback((input: string, key: Key) => {
    pending.current.push([input, key]);
    if (pending.current.length > 1) return; // a drain is already running
    const drain = () => {
      const [i, k] = pending.current[0]!;
      try {
        latest.current(i, k);
      } finally {
        // setImmediate runs after React's synchronous flush of this update (legacy root). In a
        // finally: a handler that throws must not leave the queue stuck and the keyboard dead.
        setImmediate(() => {
          pending.current.shift();
          if (pending.current.length > 0) drain();
        });
      }
    };
    drain();
  }, []);
}
