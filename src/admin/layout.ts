/**
 * Fitting the console to the terminal, as plain functions (tested without rendering). Tables are
 * column lists with priorities: when the width runs short, the least important columns go first,
 * then the flexible column is cut with "…". Nothing is ever drawn wider than the terminal, so Ink
 * never wraps a row onto the next line (which is what overwrote lines at 80×24 before).
 */
import { createContext, useContext } from "react";

/** Below this the console shows only "terminal too small (need W×H)". */
export const MIN_COLUMNS = 50;
export const MIN_ROWS = 18;

/** The lines App itself uses: title, tabs, a gap, the footer's rule and its one line of hints. */
export const CHROME_ROWS = 5;
/** App's horizontal padding, both sides. */
export const CHROME_COLUMNS = 2;

/** The space a screen has: the terminal minus App's header, footer and padding. */
export interface BodySize {
  columns: number;
  rows: number;
}

export const BodySizeContext = createContext<BodySize>({ columns: 80 - CHROME_COLUMNS, rows: 24 - CHROME_ROWS });

export function useBodySize(): BodySize {
  return useContext(BodySizeContext);
}

export function tooSmall(columns: number, rows: number): boolean {
  return columns < MIN_COLUMNS || rows < MIN_ROWS;
}

/** `text` cut to `width` characters, the last one "…" when anything was cut. */
export function truncate(text: string, width: number): string {
  if (width <= 0) return "";
  const chars = Array.from(text);
  if (chars.length <= width) return text;
  return `${chars.slice(0, width - 1).join("")}…`;
}

/** `text` made exactly `width` wide: cut with "…", or padded on the side `align` says. */
export function fit(text: string, width: number, align: "left" | "right" = "left"): string {
  const cut = truncate(text, width);
  const pad = width - Array.from(cut).length;
  return align === "right" ? " ".repeat(pad) + cut : cut + " ".repeat(pad);
}

export interface Column<T> {
  title: string;
  /** Width of the column (the flexible one: its minimum). */
  width: number;
  align?: "left" | "right";
  /** Higher stays longer; the lowest is dropped first when the row does not fit. */
  priority: number;
  /** Takes the width left over (at most one per table). */
  flex?: boolean;
  cell: (row: T) => string;
}

const GAP = 2;

/**
 * The columns that fit in `width`, in their original order, with the flexible one widened to use
 * what is left. Columns are dropped lowest priority first; at least the top one always stays.
 */
export function fitColumns<T>(columns: readonly Column<T>[], width: number): Column<T>[] {
  let kept = [...columns];
  const total = (cols: Column<T>[]) => cols.reduce((sum, c) => sum + c.width, 0) + GAP * Math.max(0, cols.length - 1);
  while (kept.length > 1 && total(kept) > width) {
    const lowest = kept.reduce((min, c) => (c.priority < min.priority ? c : min));
    kept = kept.filter((c) => c !== lowest);
  }
  const spare = Math.max(0, width - total(kept));
  const flex = kept.find((c) => c.flex);
  return kept.map((c) => {
    if (c === flex) return { ...c, width: c.width + spare };
    if (kept.length === 1) return { ...c, width: Math.min(c.width, width) };
    return c;
  });
}

export function tableRow<T>(columns: readonly Column<T>[], row: T): string {
  return columns
    .map((c) => fit(c.cell(row), c.width, c.align))
    .join(" ".repeat(GAP))
    .trimEnd();
}

export function tableHeader<T>(columns: readonly Column<T>[]): string {
  return columns
    .map((c) => fit(c.title, c.width, c.align))
    .join(" ".repeat(GAP))
    .trimEnd();
}

/** The cursor mark and its space in front of every list row (see components/ListView.tsx). */
export const LIST_MARK_WIDTH = 2;
