import type { render } from "ink-testing-library";

/**
 * Driving an Ink app rendered by ink-testing-library without fixed sleeps: after each write the
 * helpers wait until Ink has handled it and stopped writing frames, which is usually a few
 * milliseconds (a fixed 50 ms per key made the console tests slow and still guessed).
 */
type Rendered = ReturnType<typeof render>;

/**
 * Ink holds a lone Esc this long in case the rest of an escape sequence follows
 * (pendingInputFlushDelayMilliseconds in ink/build/components/App.js); no frame can come sooner.
 */
export const INK_ESCAPE_DELAY_MS = 20;

/**
 * Resolves once no new frame has been written for `quietMs` (Ink has re-rendered, or had nothing
 * to re-render), or after `maxMs` at the latest. Pass `minMs` when something is known to take
 * at least that long before a frame can come.
 */
export async function settle(r: Rendered, options: { quietMs?: number; minMs?: number; maxMs?: number } = {}): Promise<void> {
  const { quietMs = 10, minMs = 0, maxMs = 2000 } = options;
  const start = performance.now();
  let frames = r.frames.length;
  let quietSince = start;
  while (performance.now() - start < maxMs) {
    await Bun.sleep(1);
    const now = performance.now();
    if (r.frames.length !== frames) {
      frames = r.frames.length;
      quietSince = now;
    } else if (now - quietSince >= quietMs && now - start >= minMs) return;
  }
}

/**
 * Resolves when a frame newer than `since` frames has been written, or after `maxMs`: on a loaded
 * machine Ink can take longer than settle()'s quiet period to react to a key at all.
 */
async function nextFrame(r: Rendered, since: number, maxMs: number): Promise<void> {
  const start = performance.now();
  while (r.frames.length === since && performance.now() - start < maxMs) await Bun.sleep(1);
}

/** Presses keys one after another, each handled (and rendered) before the next. */
export async function press(r: Rendered, ...keys: string[]): Promise<void> {
  for (const key of keys) {
    const frames = r.frames.length;
    r.stdin.write(key);
    const isEscape = key === "\u001B";
    // Most keys re-render; wait for that frame (bounded: a key that changes nothing writes none).
    await nextFrame(r, frames, (isEscape ? INK_ESCAPE_DELAY_MS : 0) + 150);
    await settle(r, { minMs: isEscape ? INK_ESCAPE_DELAY_MS + 5 : 0 });
  }
}

/** Types text one character at a time, like a person at a keyboard, then waits for the frame. */
export async function type(r: Rendered, text: string): Promise<void> {
  for (const ch of text) {
    r.stdin.write(ch);
    await Bun.sleep(1);
  }
  await settle(r);
}
