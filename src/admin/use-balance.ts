import { useCallback, useEffect, useRef, useState } from "react";
import type { AdminData } from "./data.ts";

export type BalanceView = { state: "loading" } | { state: "ok"; atomic: bigint } | { state: "error"; error: string };

/**
 * The treasury's live USDC balance, read again whenever `configKey` (pay-to and RPC URLs) changes
 * or `refresh()` is called. An answer that arrives after a newer request started, or after the
 * screen closed, is dropped: a slow RPC must not overwrite the balance of the new address.
 */
export function useBalance(data: AdminData, configKey: string): [BalanceView, () => void] {
  const [view, setView] = useState<BalanceView>({ state: "loading" });
  const [round, setRound] = useState(0);
  const latest = useRef(0);

  useEffect(() => {
    const request = ++latest.current;
    setView({ state: "loading" });
    data.treasuryBalance().then(
      (result) => {
        if (request !== latest.current) return;
        setView(result.ok ? { state: "ok", atomic: result.value } : { state: "error", error: result.error });
      },
      (err: unknown) => {
        if (request === latest.current) setView({ state: "error", error: err instanceof Error ? err.message : String(err) });
      },
    );
    return () => {
      // Unmount or a newer request: whatever comes back for this one is stale.
      if (latest.current === request) latest.current++;
    };
  }, [data, configKey, round]);

  return [view, useCallback(() => setRound((n) => n + 1), [])];
}
