/**
 * The admin console: a header with the four screens, the active screen, and a footer of key hints.
 * App owns the only `useInput` (see console-context.ts): a key goes to the active screen first,
 * then App switches screens (1-4, Tab, Shift+Tab) or quits (q, Esc) with what is left.
 */
import { Box, useApp, useInput, usePaste, useWindowSize } from "ink";
import { useCallback, useMemo, useRef, useState, type ReactNode } from "react";
import { ConsoleContext, NO_KEY, type Chrome, type ConsoleFrame, type KeyHandler } from "./console-context.ts";
import type { AdminData } from "./data.ts";
import { Footer } from "./components/Footer.tsx";
import { Header } from "./components/Header.tsx";
import { globalActionForKey, type Hint } from "./keys.ts";
import { Treasury } from "./screens/Treasury.tsx";
import { Kit } from "./screens/Kit.tsx";
import { Keys } from "./screens/Keys.tsx";
import { Rpc } from "./screens/Rpc.tsx";

export const SCREENS = ["Treasury", "Kit", "Keys", "RPC"] as const;

const GLOBAL_HINTS: readonly Hint[] = [["1-4/Tab", "screens"], ["q/Esc", "back/quit"]];

export interface AppProps {
  data: AdminData;
  /** 0-based screen to open on (tests open a screen directly). */
  initialScreen?: number;
}

export function App({ data, initialScreen = 0 }: AppProps) {
  const { exit } = useApp();
  const { rows } = useWindowSize();
  const [screen, setScreen] = useState(initialScreen);
  const [chrome, setChrome] = useState<Chrome>({ hints: [], editing: false });
  const keyHandler = useRef<KeyHandler | null>(null);
  const frame = useMemo<ConsoleFrame>(() => ({ keyHandler, setChrome }), []);
  // Read once per screen switch: the header shows where the console points.
  const network = useMemo(() => data.settings().config.network, [data, screen]);

  const onKey = useCallback(
    (input: string, key: Parameters<KeyHandler>[1]) => {
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
  useInput(onKey);
  // Pasted text (bracketed paste) reaches the screen like typed text, so a pasted address or URL
  // lands in the open field in one piece; with no field open, it matches no key and is dropped.
  usePaste((text) => void keyHandler.current?.(text, NO_KEY));

  const body: ReactNode = [
    <Treasury key="treasury" data={data} />,
    <Kit key="kit" data={data} />,
    <Keys key="keys" data={data} />,
    <Rpc key="rpc" data={data} />,
  ][screen];

  return (
    <ConsoleContext.Provider value={frame}>
      {/* Full height so the footer stays on the last lines of the terminal. */}
      <Box flexDirection="column" height={rows} paddingX={1}>
        <Header screens={SCREENS} active={screen} dir={data.dir} network={network} />
        <Box flexDirection="column" flexGrow={1} marginTop={1} overflow="hidden">
          {body}
        </Box>
        <Footer hints={chrome.editing ? chrome.hints : [...chrome.hints, ...GLOBAL_HINTS]} />
      </Box>
    </ConsoleContext.Provider>
  );
}
