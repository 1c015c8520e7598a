/**
 * Every regular expression literal under src/ must match in time linear in its input: a pattern that
 * backtracks (two quantified parts that can match the same characters side by side, `\s*\n\s*`; a run
 * anchored at the end, `\s+$`) takes seconds on 50,000 spaces, and a page, a header or a file name can
 * hold that many. Each literal goes through recheck (an automaton and fuzzing ReDoS checker, a
 * devDependency); any it finds polynomial or exponential is reported with its attack string.
 *
 * A literal whose input is bounded where it is used may say so on its own line or the line above, with
 * the reason: `// regex-bounded: a decimal of at most 78 digits`. The checker then skips it.
 *
 *   bun scripts/check-regex.ts            every literal under src/, the vulnerable ones listed
 *
 * Only `.ts` files are read (the console's `.tsx` screens match the operator's own keystrokes), and only
 * literals: a pattern built with `new RegExp(...)` from strings is not seen. The scanner is a tokenizer
 * of its own (comments, strings, template literals, and a `/` that starts a literal where an expression
 * may start); tests/architecture/regexes.test.ts runs the check and tests the scanner.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { check } from "recheck";

/** A regular expression literal in a source file. */
export interface RegexLiteral {
  file: string;
  line: number;
  source: string;
  flags: string;
  /** The reason given by a `regex-bounded:` comment on its line or the line above, when there is one. */
  bounded?: string;
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
const BOUNDED = /regex-bounded:\s*(\S.*)$/;
// A line that is only a comment: its reason is the next line's.
const COMMENT_LINE = /^\s*(?:\/\/|\/?\*)/;

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
      const above = lines[line - 2] ?? "";
      const bounded = BOUNDED.exec(lines[line - 1] ?? "")?.[1] ?? (COMMENT_LINE.test(above) ? BOUNDED.exec(above)?.[1] : undefined);
      out.push({ file, line, source, flags, ...(bounded ? { bounded } : {}) });
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

/** A literal recheck found to backtrack: its complexity and a string that makes it slow. */
export interface Backtracking {
  literal: RegexLiteral;
  complexity: string;
  attack: string;
}

/**
 * The literals among `literals` that recheck finds vulnerable or cannot prove safe (bounded ones skipped). The flags that do
 * not change what matches (g, y, d) are left out of the check. At most `concurrency` checks run at once.
 */
export async function backtracking(literals: RegexLiteral[], concurrency = 4): Promise<Backtracking[]> {
  const found: (Backtracking & { order: number })[] = [];
  const queue = literals.filter((l) => !l.bounded).map((literal, order) => ({ literal, order }));
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const { literal, order } = next;
      const result = await check(literal.source, literal.flags.replace(/[gyd]/g, ""), { timeout: 30_000 });
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

if (import.meta.main) {
  const root = resolve(import.meta.dir, "..");
  const literals = literalsUnder(root, "src");
  const found = await backtracking(literals);
  for (const f of found)
    console.log(`${f.literal.file}:${f.literal.line}  /${f.literal.source}/${f.literal.flags}  ${f.complexity}  attack ${f.attack}`);
  console.log(`${literals.length} literals, ${literals.filter((l) => l.bounded).length} bounded, ${found.length} backtracking`);
  process.exit(found.length ? 1 : 0);
}
