// Entry of an extraction worker (a Bun Worker owned by pool.ts). One job at a time: the pool never
// sends a second job before the reply to the first. Compiled builds must list this file as an extra
// entrypoint (`bun build --compile src/main.ts src/extract/worker.ts`); see pool.ts for how it is found.
import { fullGC, heapSize } from "bun:jsc";
import { limitDepth } from "./depth-limit.ts";
import { lowerThreadPriority } from "./thread-priority.ts";
import { htmlToArticle, type Article } from "./html-to-article.ts";
import type { Aim } from "./aim.ts";
import { decodeHtml } from "./charset.ts";
import { pdfToArticle } from "./pdf.ts";
import { textToArticle } from "./plain-text.ts";

export interface WorkerJob {
  id: number;
  html: string;
  url: string;
  contentLanguage: string | null;
  /** What the target is (service.ts routes by Content-Type): HTML (default), a PDF, or text. */
  kind?: "html" | "pdf" | "text";
  /** The raw body when `html` is empty: a PDF's bytes, or a page or text decoded here (charset.ts). */
  bytes?: Uint8Array;
  /** The response's Content-Type (its charset decodes `bytes`). */
  contentType?: string | null;
  /** text: text/plain or text/markdown. */
  mediaType?: string;
  /** html: include/exclude/mode (aim.ts). */
  aim?: Aim;
}

/** Sent once, when the worker's modules are loaded and its warm-up page extracted: the pool starts a job's deadline from then. */
export type WorkerReady = { ready: true };

export type WorkerReply =
  | { id: number; ok: true; article: Article | null; heapBytes: number }
  | { id: number; ok: false; error: string; heapBytes: number };

// After a page this large a full collection runs before replying, so that the memory figure the pool
// uses for recycling is what the worker keeps, not garbage awaiting collection, and so an idle worker
// does not sit on a page's worth of dead DOM. Below it, collection is left to the engine (a full GC
// costs more than extracting a small page).
const COLLECT_AFTER_BYTES = 1024 * 1024;

declare const self: Worker;

// Extraction yields the CPU to the server's own thread (thread-priority.ts).
lowerThreadPriority();

self.onmessage = async (event: MessageEvent<WorkerJob>) => {
  const job = event.data;
  let reply: WorkerReply;
  try {
    const text = () => (job.html === "" && job.bytes ? decodeHtml(job.bytes, job.contentType ?? null).text : job.html);
    const article =
      job.kind === "pdf" && job.bytes
        ? await pdfToArticle(job.bytes, { url: job.url, contentLanguage: job.contentLanguage })
        : job.kind === "text"
          ? textToArticle(text(), job.mediaType ?? "text/plain", { contentLanguage: job.contentLanguage })
          : // Nesting is bounded before any DOM exists: its cost grows far faster than the page's size.
            await htmlToArticle(limitDepth(text()), {
              url: job.url,
              contentLanguage: job.contentLanguage,
              ...(job.aim ? { aim: job.aim } : {}),
            });
    reply = { id: job.id, ok: true, article, heapBytes: 0 };
  } catch (error) {
    // The message goes to the pool's log, never to a client.
    reply = { id: job.id, ok: false, error: error instanceof Error ? (error.stack ?? error.message) : String(error), heapBytes: 0 };
  }
  if (job.html.length + (job.bytes?.length ?? 0) >= COLLECT_AFTER_BYTES) fullGC();
  // heapSize(): this worker's own JavaScript heap (each Worker has its own VM) after the last
  // collection, plus memory its objects own outside the heap (string contents, buffers).
  reply.heapBytes = heapSize();
  self.postMessage(reply);
};

// Modules are loaded once this line runs (imports are evaluated first). One small page is extracted
// before the pool is told: compiling the pipeline's code on a fresh worker takes longer than a page,
// and a recycled worker's first job (the one after a timeout, on a loaded machine) paid it against its
// deadline. Its answer is thrown away; a failure here leaves the worker as it would be without it.
const WARM_PAGE = `<html><head><title>Ready</title></head><body><main><h1>Ready</h1><p>${"A short paragraph that warms the extraction code. ".repeat(6)}</p></main></body></html>`;
await htmlToArticle(WARM_PAGE, { url: "https://worker.invalid/" }).catch(() => null);
self.postMessage({ ready: true } satisfies WorkerReady);
