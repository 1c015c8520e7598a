/**
 * Screens read their data through `useLoad`: loaded on open, again on every refresh tick (App's
 * timer, and `r`), again when the screen's own inputs change or it calls `reload()` after a write.
 * The previous value stays on screen while a reload runs, and an answer that arrives after a newer
 * load started (or after the screen closed) is dropped.
 */
import { createContext, useCallback, useContext, useEffect, useRef, useState } from "react";

export interface Refresh {
  /** Bumped by App's timer and by `r`. */
  tick: number;
  /** Bumped by `r` only: for reads too costly to repeat on a timer (the on-chain balance). */
  manual: number;
}

export const RefreshContext = createContext<Refresh>({ tick: 0, manual: 0 });

export function useRefresh(): Refresh {
  return useContext(RefreshContext);
}

export interface Loaded<T> {
  /** undefined until the first load answers. */
  value: T | undefined;
  error: string | null;
  reload(): void;
}

export function useLoad<T>(load: () => Promise<T>, deps: readonly unknown[], options: { on?: "tick" | "manual" } = {}): Loaded<T> {
  const refresh = useRefresh();
  const trigger = options.on === "manual" ? refresh.manual : refresh.tick;
  const [state, setState] = useState<{ value: T | undefined; error: string | null }>({ value: undefined, error: null });
  const [round, setRound] = useState(0);
  const latest = useRef(0);
  const loader = useRef(load);
  loader.current = load;
  const lastDeps = useRef<readonly unknown[]>(deps);

  useEffect(() => {
    const request = ++latest.current;
    // New inputs (another key, another address): the old answer is not this one's, even for a moment.
    const changed = deps.length !== lastDeps.current.length || deps.some((d, i) => !Object.is(d, lastDeps.current[i]));
    lastDeps.current = deps;
    if (changed) setState({ value: undefined, error: null });
    loader.current().then(
      (value) => {
        if (request === latest.current) setState({ value, error: null });
      },
      (err: unknown) => {
        if (request === latest.current) setState((s) => ({ value: s.value, error: err instanceof Error ? err.message : String(err) }));
      },
    );
    return () => {
      if (latest.current === request) latest.current++;
    };
  }, [trigger, round, ...deps]);

  return { ...state, reload: useCallback(() => setRound((n) => n + 1), []) };
}
