/**
 * React's streaming render (React 18 and later servers: Next.js's App Router, Remix, others) sends a
 * page in the order its parts are ready, not in reading order. A part that waits on data is first a
 * fallback (a spinner, a skeleton, often nothing) between the comments `<!--$?-->` and `<!--/$-->`,
 * opened by an empty `<template id="B:0">`; its content comes later, at the end of the body, in
 * `<div hidden id="S:0">`, and a script moves it into place: `$RC("B:0","S:0")` (completeBoundary) puts
 * the segment's children where the fallback was, `$RS("S:1","P:1")` (completeSegment) puts them where
 * an empty `<template id="P:1">` stands. No script runs here, so the content stayed hidden at the page's
 * end: Readability drops hidden elements, and the region kept it out of its place. A finance site's
 * guide came back with a third of its text (WCXB, recall 0.34).
 *
 * The moves are read from the page's scripts (or, with React's external runtime, from the templates
 * `<template data-rci data-bid data-sid>` and `<template data-rsi data-sid data-pid>`), in their order,
 * and made as a browser makes them, before any rule reads the page. mend-html.ts keeps the boundary
 * comments and the empty templates on such a page (`streamMarks`), and cuts them everywhere else; what
 * is left of them after the moves goes. A segment that no move names stays hidden (region.ts still
 * reads one that holds the page's text). At most `streamedMaxMoves` moves are made: a page of many
 * thousands of them is a hostile one, not a render.
 */
import { THRESHOLDS } from "./thresholds.ts";

export interface StreamedMove {
  /** "boundary": the segment replaces a boundary's fallback; "segment": it replaces a placeholder. */
  kind: "boundary" | "segment";
  /** The id of the boundary's template (B:…) or the placeholder (P:…). */
  target: string;
  /** The id of the hidden segment (S:…). */
  segment: string;
}

// A React id: an optional prefix the server was given (identifierPrefix), then B:, S: or P: and a
// number in base 16 (base 32 in some versions).
const ID = String.raw`[\w-]{0,24}?[BSP]:[0-9a-zA-Z]{1,16}`;
// $RC (completeBoundary) and $RR (the same, with style sheets to load first) name the boundary, then
// the segment; $RS (completeSegment) names the segment, then the placeholder.
const INLINE_MOVE = new RegExp(String.raw`\$R([CRS])\(\s*"(${ID})"\s*,\s*"(${ID})"`, "g");
// React's external runtime writes each move as a template's data attributes instead of a script.
const RUNTIME_MOVE = /<template\s(?=[^<>]*\bdata-r[crs]i\b)[^<>]*>/gi;
const DATA_ATTR = (name: string) => new RegExp(String.raw`\bdata-${name}\s*=\s*["']?(${ID})`, "i");
const BOUNDARY_ATTR = DATA_ATTR("bid");
const SEGMENT_ATTR = DATA_ATTR("sid");
const PLACEHOLDER_ATTR = DATA_ATTR("pid");

/** Whether the page may hold a streamed render at all: one scan of the text spares the others. */
export function mayHoldStreamedRender(html: string): boolean {
  return html.includes('id="S:') || html.includes("id=S:");
}

/** The moves a page's scripts (or runtime templates) make, in the order the page makes them. */
export function streamedMoves(html: string): StreamedMove[] {
  if (!mayHoldStreamedRender(html)) return [];
  const found: { at: number; move: StreamedMove }[] = [];
  if (html.includes("$R")) {
    INLINE_MOVE.lastIndex = 0;
    for (let m = INLINE_MOVE.exec(html); m && found.length < THRESHOLDS.streamedMaxMoves; m = INLINE_MOVE.exec(html)) {
      const move: StreamedMove =
        m[1] === "S" ? { kind: "segment", segment: m[2]!, target: m[3]! } : { kind: "boundary", target: m[2]!, segment: m[3]! };
      found.push({ at: m.index, move });
    }
  }
  if (html.includes("data-r")) {
    RUNTIME_MOVE.lastIndex = 0;
    for (let m = RUNTIME_MOVE.exec(html); m && found.length < THRESHOLDS.streamedMaxMoves; m = RUNTIME_MOVE.exec(html)) {
      const tag = m[0];
      const segment = SEGMENT_ATTR.exec(tag)?.[1];
      if (!segment) continue;
      const placeholder = /\bdata-rsi\b/i.test(tag) ? PLACEHOLDER_ATTR.exec(tag)?.[1] : undefined;
      const boundary = placeholder ? undefined : BOUNDARY_ATTR.exec(tag)?.[1];
      if (placeholder) found.push({ at: m.index, move: { kind: "segment", segment, target: placeholder } });
      else if (boundary) found.push({ at: m.index, move: { kind: "boundary", segment, target: boundary } });
    }
  }
  return found.sort((a, b) => a.at - b.at).map((f) => f.move);
}

const COMMENT = 8;
const OPENS = new Set(["$", "$?", "$!"]);
const CLOSES = "/$";

function isConnected(node: Node, doc: Document): boolean {
  let n: Node | null = node;
  while (n.parentNode) n = n.parentNode;
  return n === doc;
}

function removeNode(node: Node): void {
  node.parentNode?.removeChild(node);
}

/** Moves `segment`'s children before `before` (in its parent), as the browser's scripts do. */
function moveChildren(segment: Element, before: Node): void {
  const parent = before.parentNode!;
  while (segment.firstChild) parent.insertBefore(segment.firstChild, before);
}

/**
 * Makes the streamed render's moves on `doc` (a page mend-html.ts read with `streamMarks`), then
 * removes the boundary comments and templates left. Returns the number of moves made.
 */
export function completeStreamedRender(doc: Document, moves: readonly StreamedMove[]): number {
  const body = doc.body;
  if (!body || moves.length === 0) return 0;
  // One lookup for all the ids: a move takes its elements out of the tree and puts them elsewhere.
  const byId = new Map<string, Element>();
  for (const el of Array.from(body.querySelectorAll("template[id], div[hidden][id]"))) {
    const id = el.getAttribute("id")!;
    if (!byId.has(id)) byId.set(id, el);
  }
  let made = 0;
  for (const move of moves) {
    const segment = byId.get(move.segment);
    const target = byId.get(move.target);
    if (!segment || !target || segment.nodeName !== "DIV" || target.nodeName !== "TEMPLATE") continue;
    // A browser finds only what is in the document, and a segment never goes into itself.
    if (!isConnected(segment, doc) || !isConnected(target, doc) || segment.contains(target)) continue;
    removeNode(segment);
    if (move.kind === "segment") {
      moveChildren(segment, target);
      removeNode(target);
    } else {
      // The fallback: from the boundary's opening comment to its closing one, nested boundaries counted.
      const opening = target.previousSibling;
      if (opening?.nodeType === COMMENT && OPENS.has((opening as Comment).data)) {
        let depth = 0;
        let node: Node | null = opening.nextSibling;
        while (node) {
          if (node.nodeType === COMMENT) {
            const data = (node as Comment).data;
            if (data === CLOSES) {
              if (depth === 0) break;
              depth--;
            } else if (OPENS.has(data)) depth++;
          }
          const next: Node | null = node.nextSibling;
          removeNode(node);
          node = next;
        }
        if (node) moveChildren(segment, node);
        else while (segment.firstChild) opening.parentNode!.appendChild(segment.firstChild);
        (opening as Comment).data = "$";
      } else {
        // The comments were lost: the content goes where the boundary's template stands.
        moveChildren(segment, target);
        removeNode(target);
      }
    }
    made++;
  }
  removeMarks(body);
  return made;
}

/** Removes the boundary comments and the empty B: and P: templates mend-html.ts kept (a walk without recursion). */
function removeMarks(root: Element): void {
  const marks: Node[] = [];
  const stack: Node[] = [root];
  while (stack.length) {
    const node = stack.pop()!;
    for (let child = node.firstChild; child; child = child.nextSibling) {
      if (child.nodeType === COMMENT || child.nodeName === "TEMPLATE") marks.push(child);
      else if (child.nodeType === 1) stack.push(child);
    }
  }
  for (const mark of marks) removeNode(mark);
}
