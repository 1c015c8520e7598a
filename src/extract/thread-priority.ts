import { dlopen, FFIType } from "bun:ffi";

/** The niceness extraction threads run at: below the HTTP thread (0), so it is scheduled first. */
export const WORKER_NICE = 10;

/**
 * The fetch thread's niceness (fetcher.ts): below the HTTP thread, which answers every call and
 * /health, and above the extraction workers, so a download is not stuck behind DOM work.
 */
export const FETCH_NICE = 5;

/**
 * Lowers the CPU priority of the calling thread (issue 11). Extraction workers saturate every core
 * under load; at the same priority as the server's thread they took turns with it, and /health and
 * the 402 path waited behind DOM work (p50 above a second with 240 hostile calls in flight). On
 * Linux each thread has its own niceness: `setpriority(PRIO_PROCESS, gettid(), 10)` from inside the
 * worker lowers that worker alone. Best effort: elsewhere, or if libc cannot be loaded, nothing
 * changes. Returns whether the priority was lowered.
 */
export function lowerThreadPriority(nice = WORKER_NICE): boolean {
  if (process.platform !== "linux") return false;
  const gettid = process.arch === "x64" ? 186 : process.arch === "arm64" ? 178 : null;
  if (gettid === null) return false;
  try {
    const libc = dlopen("libc.so.6", {
      syscall: { args: [FFIType.i64], returns: FFIType.i64 },
      setpriority: { args: [FFIType.i32, FFIType.u32, FFIType.i32], returns: FFIType.i32 },
    });
    try {
      const tid = Number(libc.symbols.syscall(gettid));
      return tid > 0 && libc.symbols.setpriority(0 /* PRIO_PROCESS */, tid, nice) === 0;
    } finally {
      libc.close();
    }
  } catch {
    return false;
  }
}
