import { render } from "ink";
import { App } from "./App.tsx";
import type { AdminData } from "./data.ts";

/**
 * Runs the console in the process's terminal until the operator quits. The alternate screen
 * buffer keeps the shell's scrollback intact: Ink enters it here and restores the primary screen
 * on exit, on Ctrl+C and on an uncaught render error alike.
 */
export async function runConsole(data: AdminData): Promise<void> {
  const instance = render(<App data={data} />, {
    alternateScreen: true,
    // The caller checked that stdin and stdout are TTYs. Without this, Ink treats any environment
    // with CI set as non-interactive: no alternate screen and only the last frame, at exit.
    interactive: true,
    exitOnCtrlC: true,
  });
  await instance.waitUntilExit();
}
