/**
 * The admin console: a header with the four screens, the active screen, and a footer of key hints.
 * App owns the only `useInput` (see console-context.ts): a key goes to the active screen first,
 * then App switches screens (1-4, Tab, Shift+Tab) or quits (q, Esc) with what is left.
 */
import { Box, useApp, useInput, usePaste, useWindowSize, type Key } from "ink";
import { useCallback, useMemo, useRef, useState, type ReactNode } from "react";
import { ConsoleContext, RowsContext, NO_KEY, type Chrome, type ConsoleFrame, type KeyHandler } from "./console-context.ts";
import type { AdminData } from "./data.ts";
import { Footer } from "./components/Footer.tsx";
import { Header } from "./components/Header.tsx";
import { globalActionForKey, type Hint } from "./keys.ts";
import { Treasury } from "./screens/Treasury.tsx";
import { Kit } from "./screens/Kit.tsx";
import { Keys } from "./screens/Keys.tsx";
import { Rpc } from "./screens/Rpc.tsx";

export const SCREENS = ["Treasury", "Kit", "Keys", "RPC"] as const;

const GLOBAL_HINTS: readonly Hint[] = [
  ["1-4/Tab", "screens"],
  ["q/Esc", "quit"],
];

export interface AppProps {
  data: AdminData;
  /** 0-based screen to open on (tests open a screen directly). */
  initialScreen?: number;
  /**
   * Terminal height to lay out for, instead of the terminal's. Tests pass it: ink-testing-library's
   * stdout has no height, and Ink would otherwise ask the real terminal the tests run in.
   */
  rows?: number;
}

export function App({ data, initialScreen = 0, rows: fixedRows }: AppProps) {
  const { exit } = useApp();
  const windowRows = useWindowSize().rows;
  const rows = fixedRows ?? windowRows;
  const [screen, setScreen] = useState(initialScreen);
  const [chrome, setChrome] = useState<Chrome>({ hints: [], editing: false });
  const keyHandler = useRef<KeyHandler | null>(null);
  const frame = useMemo<ConsoleFrame>(() => ({ keyHandler, setChrome }), []);
  // Read once per screen switch: the header shows where the console points.
  const network = useMemo(() => data.settings().config.network, [data, screen]);

  const handleKey = useCallback(
    (input: string, key: Key) => {
      if (keyHandler.current?.(input, key)) return;
      const action = globalActionForKey(input, key, SCREENS.length);
      if (!action) return;
      if (action.type === "back") exit();
      else if (action.type === "screen") setScreen(action.index);
      else if (action.type === "nextScreen") setScreen((s) => (s + 1) % SCREENS.length);
      else setScreen((s) => (s + SCREENS.length - 1) % SCREENS.length);
    },
    [exit],
  );
  const enqueue = useKeyQueue(handleKey);
  useInput(enqueue);
  // Pasted text (bracketed paste) reaches the screen like typed text, so a pasted address or URL
  // lands in the open field in one piece; with no field open, it matches no key and is dropped.
  // Line breaks are removed: a copied trailing newline must not submit before the operator looks.
  usePaste((text) => enqueue(text.replace(/[\r\n]+/g, ""), NO_KEY));

  const body: ReactNode = [
    <Treasury key="treasury" data={data} />,
    <Kit key="kit" data={data} />,
    <Keys key="keys" data={data} />,
    <Rpc key="rpc" data={data} />,
  ][screen];

  return (
    <ConsoleContext.Provider value={frame}>
      <RowsContext.Provider value={rows}>
        {/* Full height so the footer stays on the last lines of the terminal. */}
        <Box flexDirection="column" height={rows} paddingX={1}>
          <Header screens={SCREENS} active={screen} dir={data.dir} network={network} />
          <Box flexDirection="column" flexGrow={1} marginTop={1} overflow="hidden">
            {body}
          </Box>
          <Footer hints={footerHints(chrome)} />
        </Box>
      </RowsContext.Provider>
    </ConsoleContext.Provider>
  );
}

/**
 * The screen's hints, then the console's: none while a field has the keyboard (they would not
 * work), and not the quit hint when a sub-view already says what q/Esc does there (go back).
 */
function footerHints(chrome: Chrome): readonly Hint[] {
  if (chrome.editing) return chrome.hints;
  const taken = new Set(chrome.hints.map(([key]) => key));
  return [...chrome.hints, ...GLOBAL_HINTS.filter(([key]) => !taken.has(key))];
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
