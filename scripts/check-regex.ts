/**
 * Every regular expression under src/ must match in time linear in its input: a pattern that
 * backtracks (two quantified parts that can match the same characters side by side, `\s*\n\s*`; a run
 * anchored at the end, `\s+$`) takes seconds on 50,000 spaces, and a page, a header or a file name can
 * hold that many. Each pattern goes through recheck (an automaton and fuzzing ReDoS checker, a
 * devDependency), with a fixed seed, limits in characters read rather than in milliseconds and no timed
 * recall of the attack, so that a
 * run's verdicts do not depend on the machine's load; any it finds polynomial or exponential, or cannot
 * prove safe, is reported with its attack string.
 *
 * Two kinds are read: the literals of every `.ts` file (a tokenizer of its own: comments, strings,
 * template literals, and a `/` that starts a literal where an expression may start), and the patterns a
 * module builds with `new RegExp(…)` when it is loaded (src/'s modules imported in a child process whose
 * RegExp constructor notes each call's place). A pattern built only when a function runs is not seen.
 * The console's `.tsx` screens are left out: they match the operator's own keystrokes.
 *
 * A pattern that is linear where it is used though recheck cannot tell (its input cut short before it,
 * a flag recheck cannot read, a sticky search that starts once) says why on its own line or on a comment
 * line right above: `// regex-linear: a decimal of at most 78 digits`. The check then skips it.
 *
 *   bun scripts/check-regex.ts            every pattern under src/, the backtracking ones listed
 *
 * tests/architecture/regexes.test.ts runs the check and tests the scanner.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { check } from "recheck";

/** A regular expression in a source file: a literal, or a pattern built with `new RegExp`. */
export interface RegexLiteral {
  file: string;
  line: number;
  source: string;
  flags: string;
  /** The reason given by a `regex-linear:` comment on its line or the line above, when there is one. */
  reason?: string;
}

/** Keywords after which a `/` starts a literal rather than a division. */
const BEFORE_LITERAL_WORDS = new Set([
  "return",
  "typeof",
  "case",
  "in",
  "of",
  "new",
  "delete",
  "void",
  "throw",
  "instanceof",
  "else",
  "do",
  "yield",
  "await",
  "export",
  "default",
]);
/** Punctuation after which a `/` starts a literal. */
const BEFORE_LITERAL_PUNCTUATION = new Set("(,=:[!&|?{};+-*%<>~^".split(""));
const WORD_CHAR = /[A-Za-z0-9_$]/;
const REASON = /regex-linear:\s*(\S.*)$/;
// A line that is only a comment: its reason is the next line's.
const COMMENT_LINE = /^\s*(?:\/\/|\/?\*)/;

/** The reason a `regex-linear:` comment gives on line `line` (1-based) of `lines`, or on a comment line right above. */
function reasonAt(lines: string[], line: number): string | undefined {
  const above = lines[line - 2] ?? "";
  return REASON.exec(lines[line - 1] ?? "")?.[1] ?? (COMMENT_LINE.test(above) ? REASON.exec(above)?.[1] : undefined);
}

/** The regular expression literals of a TypeScript source (types need no special reading here). */

export function regexLiterals(code: string, file = ""): RegexLiteral[] {
  const out: RegexLiteral[] = [];
  const lines = code.split("\n");
  // What came last that decides whether a "/" opens a literal: a word, a punctuation mark, or "" at the start.
  let previous = "";
  // Open braces, and which of them are a template literal's ${ … }.
  const braces: ("block" | "template")[] = [];
  let line = 1;
  let i = code.startsWith("#!") ? code.indexOf("\n") : 0;
  if (i < 0) return out;
  const n = code.length;
  const readTemplate = () => {
    // From after a "`" or a template's "}" to the closing "`" or the next "${".
    while (i < n && code[i] !== "`") {
      if (code[i] === "\\") {
        i += 2;
        continue;
      }
      if (code[i] === "\n") line++;
      if (code[i] === "$" && code[i + 1] === "{") {
        braces.push("template");
        i += 2;
        previous = "(";
        return;
      }
      i++;
    }
    i++;
    previous = "string";
  };
  while (i < n) {
    const c = code[i]!;
    if (c === "\n") {
      line++;
      i++;
    } else if (c === " " || c === "\t" || c === "\r") {
      i++;
    } else if (c === "/" && code[i + 1] === "/") {
      while (i < n && code[i] !== "\n") i++;
    } else if (c === "/" && code[i + 1] === "*") {
      const end = code.indexOf("*/", i + 2);
      const stop = end < 0 ? n : end + 2;
      for (let k = i; k < stop; k++) if (code[k] === "\n") line++;
      i = stop;
    } else if (c === "'" || c === '"') {
      i++;
      while (i < n && code[i] !== c && code[i] !== "\n") i += code[i] === "\\" && code[i + 1] !== "\n" ? 2 : 1;
      if (code[i] === c) i++;
      previous = "string";
    } else if (c === "`") {
      i++;
      readTemplate();
    } else if (c === "{") {
      braces.push("block");
      i++;
      previous = "{";
    } else if (c === "}") {
      i++;
      if (braces.pop() === "template") readTemplate();
      else previous = "}";
    } else if (
      c === "/" &&
      (previous === "" || previous === "=>" || BEFORE_LITERAL_PUNCTUATION.has(previous) || BEFORE_LITERAL_WORDS.has(previous))
    ) {
      const start = i + 1;
      let inClass = false;
      i = start;
      while (i < n && code[i] !== "\n") {
        const d = code[i]!;
        if (d === "\\") {
          i += 2;
          continue;
        }
        if (d === "[") inClass = true;
        else if (d === "]") inClass = false;
        else if (d === "/" && !inClass) break;
        i++;
      }
      const source = code.slice(start, i);
      i++;
      let flags = "";
      while (i < n && /[a-z]/.test(code[i]!)) flags += code[i++];
      const reason = reasonAt(lines, line);
      out.push({ file, line, source, flags, ...(reason ? { reason } : {}) });
      previous = "literal";
    } else if (WORD_CHAR.test(c)) {
      const start = i;
      while (i < n && WORD_CHAR.test(code[i]!)) i++;
      previous = code.slice(start, i);
    } else if (c === "=" && code[i + 1] === ">") {
      i += 2;
      previous = "=>";
    } else if (c === ")" || c === "]") {
      i++;
      previous = ")";
    } else {
      i++;
      previous = c;
    }
  }
  return out;
}

/** The `.ts` files under `dir`, sorted. */
function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...sourceFiles(path));
    else if (name.endsWith(".ts")) out.push(path);
  }
  return out;
}

/** Every regular expression literal in the `.ts` files under `dir` (paths relative to `root`). */
export function literalsUnder(root: string, dir: string): RegexLiteral[] {
  return sourceFiles(resolve(root, dir)).flatMap((path) => regexLiterals(readFileSync(path, "utf8"), relative(root, path)));
}

/**
 * The patterns src/'s modules build with `new RegExp` (or `RegExp(…)`) as they load, each at the line
 * of the call, with the reason a `regex-linear:` comment gives there. Read in a child process, so that
 * the modules are loaded afresh with the constructor noting its callers.
 */
export function constructedUnder(root: string, dir: string): RegexLiteral[] {
  const run = Bun.spawnSync([process.execPath, import.meta.path, "--constructed", resolve(root, dir)], { stderr: "pipe" });
  if (run.exitCode !== 0) throw new Error(`reading the constructed patterns failed: ${run.stderr.toString().slice(0, 500)}`);
  const found = JSON.parse(run.stdout.toString()) as RegexLiteral[];
  const lines = new Map<string, string[]>();
  return found.map((p) => {
    const file = relative(root, resolve(root, dir, p.file));
    if (!lines.has(file)) lines.set(file, readFileSync(resolve(root, file), "utf8").split("\n"));
    const reason = reasonAt(lines.get(file)!, p.line);
    return { file, line: p.line, source: p.source, flags: p.flags, ...(reason ? { reason } : {}) };
  });
}

/** In the child process: loads every module under `dir` with RegExp's constructor noting where it is called. */
async function printConstructed(dir: string): Promise<void> {
  const seen = new Map<string, RegexLiteral>();
  const Native = globalThis.RegExp;
  const construct = (args: unknown[]): RegExp => {
    const made = Reflect.construct(Native, args) as RegExp;
    // The innermost frame in `dir`: the module's line that built it.
    for (const frame of (new Error().stack ?? "").split("\n")) {
      const at = /(\/[^\s()]+\.ts):(\d+):\d+/.exec(frame);
      if (!at || !at[1]!.startsWith(`${dir}/`)) continue;
      const file = relative(dir, at[1]!);
      seen.set(`${file}:${at[2]}:${made.source}:${made.flags}`, { file, line: Number(at[2]), source: made.source, flags: made.flags });
      break;
    }
    return made;
  };
  globalThis.RegExp = new Proxy(Native, { construct: (_, args) => construct(args), apply: (_, __, args) => construct(args) });
  // The entry point is left out: importing it would start the program.
  for (const path of sourceFiles(dir)) if (relative(dir, path) !== "main.ts") await import(path);
  globalThis.RegExp = Native;
  await Bun.write(Bun.stdout, JSON.stringify([...seen.values()]));
  // What the modules started as they loaded (a timer, a pool) would keep this process from ending.
  process.exit(0);
}

/** A pattern recheck found to backtrack: its complexity and a string that makes it slow. */

export interface Backtracking {
  literal: RegexLiteral;
  complexity: string;
  attack: string;
}

// A fixed seed, limits in characters read rather than in milliseconds, and no timed recall of the
// attack string (a recall timed on a busy machine confirms or drops a verdict by chance): the same
// verdicts on any machine.
const CHECK_PARAMETERS = {
  randomSeed: 51,
  attackTimeout: null,
  incubationTimeout: null,
  recallTimeout: -1,
  // A last bound for the pattern that is never judged: reported, it reads better cut in parts.
  timeout: 120_000,
} as const;

/**
 * The patterns among `patterns` that recheck finds vulnerable or cannot prove safe (those with a
 * reason skipped). The flags that do not change what matches (g, y, d) are left out of the check. At
 * most `concurrency` checks run at once.
 */
export async function backtracking(patterns: RegexLiteral[], concurrency = 4): Promise<Backtracking[]> {
  const found: (Backtracking & { order: number })[] = [];
  const queue = patterns.filter((l) => !l.reason).map((literal, order) => ({ literal, order }));
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const { literal, order } = next;
      const result = await check(literal.source, literal.flags.replace(/[gyd]/g, ""), CHECK_PARAMETERS);
      if (result.status === "safe") continue;
      if (result.status === "unknown") {
        // Not proven linear (the check timed out, or the pattern uses what recheck cannot read): reported too.
        found.push({ literal, order, complexity: `unknown (${result.error.kind})`, attack: "" });
        continue;
      }
      const { complexity } = result;
      found.push({
        literal,
        order,
        complexity: complexity.type === "polynomial" ? `polynomial, degree ${complexity.degree}` : complexity.type,
        attack: result.attack.pattern,
      });
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  // In the order given, whichever check ends first.
  return found.sort((a, b) => a.order - b.order).map(({ order: _, ...f }) => f);
}

if (import.meta.main && process.argv[2] === "--constructed") {
  await printConstructed(resolve(process.argv[3]!));
} else if (import.meta.main) {
  const root = resolve(import.meta.dir, "..");
  const patterns = [...literalsUnder(root, "src"), ...constructedUnder(root, "src")];
  const found = await backtracking(patterns);
  for (const f of found)
    console.log(`${f.literal.file}:${f.literal.line}  /${f.literal.source}/${f.literal.flags}  ${f.complexity}  attack ${f.attack}`);
  console.log(`${patterns.length} patterns, ${patterns.filter((l) => l.reason).length} with a reason, ${found.length} backtracking`);
  process.exit(found.length ? 1 : 0);
}
