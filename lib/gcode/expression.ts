/*
 * LinuxCNC-style parameters and bracketed expressions (`#<xscale> = 1.0`, `X[#<xscale>*53.]`).
 * Only lines that contain `[` or `#` reach this code, so the byte-level fast path stays simple.
 * Values that cannot be evaluated come back as NaN and the caller counts them as unknown words.
 * The reader works on the line's bytes in place, letters compared without case: decoding and
 * upper-casing each expression line as a string makes such lines about four times slower per byte
 * than plain ones, and their string work weighs on a cold parse.
 */

export type ParameterStore = Map<string, number>;

const DEG = Math.PI / 180;

const FUNCTIONS: Record<string, (a: number) => number> = {
  ABS: Math.abs,
  ACOS: (a) => Math.acos(a) / DEG,
  ASIN: (a) => Math.asin(a) / DEG,
  COS: (a) => Math.cos(a * DEG),
  EXP: Math.exp,
  FIX: Math.floor,
  FUP: Math.ceil,
  ROUND: Math.round,
  LN: Math.log,
  SIN: (a) => Math.sin(a * DEG),
  SQRT: Math.sqrt,
  TAN: (a) => Math.tan(a * DEG),
};

const FUNCTION_NAMES = Object.keys(FUNCTIONS);
const FUNCTION_LIST = Object.values(FUNCTIONS);

// Operator stack codes: binary operators (PLUS..POWER, by precedence), then markers.
const PLUS = 1;
const MINUS = 2;
const TIMES = 3;
const DIVIDE = 4;
const MODULO = 5;
const POWER = 6;
const OPEN = 10;
const NEGATE = 11;
const ATAN_Y = 12;
const ATAN_X = 13;
const ATAN_INDEX = 99;
const FUNCTION = 20; // FUNCTION + index in FUNCTION_LIST
const PRECEDENCE = [0, 1, 1, 2, 2, 2, 3];

function applyBinary(op: number, left: number, right: number): number {
  switch (op) {
    case PLUS:
      return left + right;
    case MINUS:
      return left - right;
    case TIMES:
      return left * right;
    case DIVIDE:
      return left / right;
    case MODULO:
      return ((left % right) + right) % right;
    default:
      return left ** right;
  }
}

/** ASCII upper case of a byte; other bytes unchanged. */
const upper = (c: number): number => (c >= 97 && c <= 122 ? c - 32 : c);

/** Parameter names with bytes above ASCII are decoded as the parser always has (windows-1252). */
let latin1: TextDecoder | undefined;

/** Parameter names seen lately, by their bytes: a line reads the same few names again and again. */
const KEY_CACHE_SIZE = 16;

/**
 * A cursor over one line: `pos` counts from the line's first byte. Reading stops at the line's
 * end, or at a NUL byte (the string form, `new ExpressionReader("[1+2]\0", params)`).
 */
export class ExpressionReader {
  pos = 0;
  private bytes: Uint8Array;
  private base = 0;
  private length: number;
  // Operator and value stacks of `evaluate`, shared by nested evaluations (`#[1+1]`): each one
  // works above the top it found and puts it back.
  private readonly ops: number[] = [];
  private readonly stack: number[] = [];
  private opsTop = 0;
  private stackTop = 0;
  private readonly cachedNames: Uint8Array[] = [];
  private readonly cachedKeys: string[] = [];
  private nextCacheSlot = 0;

  constructor(
    text: string | Uint8Array,
    private readonly params: ParameterStore,
  ) {
    this.bytes = typeof text === "string" ? Uint8Array.from(text, (ch) => ch.charCodeAt(0)) : text;
    this.length = this.bytes.length;
  }

  /** Points the reader at `bytes[start..end)`, one line without its newline. */
  reset(bytes: Uint8Array, start: number, end: number): void {
    this.bytes = bytes;
    this.base = start;
    this.length = end - start;
    this.pos = 0;
  }

  /** The byte at `at` (from the line's start), 0 past the end. */
  codeAt(at: number): number {
    return at < this.length ? this.bytes[this.base + at]! : 0;
  }

  private skipSpaces(): void {
    let c = this.codeAt(this.pos);
    while (c === 32 || c === 9) c = this.codeAt(++this.pos);
  }

  /** Reads `#<name>` or `#123` (the `#` already current) and returns its key. */
  readParameterKey(): string | null {
    this.skipSpaces();
    if (this.codeAt(this.pos) !== 35) return null;
    this.pos++;
    this.skipSpaces();
    if (this.codeAt(this.pos) === 60) {
      let close = this.pos;
      while (close < this.length && this.bytes[this.base + close] !== 62) close++;
      if (close >= this.length) return null;
      const key = this.nameKey(this.pos, close + 1);
      this.pos = close + 1;
      return key;
    }
    const index = this.readAtom();
    return Number.isFinite(index) ? String(Math.round(index)) : null;
  }

  /**
   * The key of `<name>` at [from, to): upper case (names compare without case), and without white
   * space when it has spaces or tabs, as LinuxCNC reads `#<x scale>`.
   */
  private nameKey(from: number, to: number): string {
    const bytes = this.bytes;
    const a = this.base + from;
    const b = this.base + to;
    const names = this.cachedNames;
    for (let slot = 0; slot < names.length; slot++) {
      const name = names[slot]!;
      if (name.length !== b - a) continue;
      let k = 0;
      while (k < name.length && name[k] === bytes[a + k]) k++;
      if (k === name.length) return this.cachedKeys[slot]!;
    }
    return this.newNameKey(a, b);
  }

  /**
   * `nameKey` for a name not in the cache, in a function of its own: it runs a few times per file,
   * and its string work would otherwise be compiled into every caller of `nameKey`.
   */
  private newNameKey(a: number, b: number): string {
    const bytes = this.bytes;
    let ascii = true;
    let spaced = false;
    for (let k = a; k < b; k++) {
      const c = bytes[k]!;
      if (c >= 128) ascii = false;
      else if (c === 32 || c === 9) spaced = true;
    }
    let key = "";
    if (ascii) {
      for (let k = a; k < b; k++) {
        const c = bytes[k]!;
        // What /\s/ removes among ASCII bytes: tab, newline, vertical tab, form feed, CR, space.
        if (spaced && ((c >= 9 && c <= 13) || c === 32)) continue;
        key += String.fromCharCode(upper(c));
      }
    } else {
      latin1 ??= new TextDecoder("latin1");
      key = latin1.decode(bytes.subarray(a, b)).toUpperCase();
      if (key.includes(" ") || key.includes("\t")) key = key.replace(/\s+/g, "");
    }
    const slot = this.nextCacheSlot;
    this.nextCacheSlot = (slot + 1) % KEY_CACHE_SIZE;
    this.cachedNames[slot] = bytes.slice(a, b);
    this.cachedKeys[slot] = key;
    return key;
  }

  /** A real value: a number, a parameter, a bracketed expression, a unary sign or a function. */
  readAtom(): number {
    return this.evaluate(true);
  }

  /** Sums and differences of terms; comparisons and logic are not supported (NaN). */
  readExpression(): number {
    return this.evaluate(false);
  }

  /**
   * One loop with explicit stacks instead of a recursive-descent reader: expression lines are rare,
   * and V8 spent tens of milliseconds of a cold parse compiling the mutually recursive readers
   * inlined into each other. Grammar (as LinuxCNC, without comparisons and logic):
   *   expression = term (("+" | "-") term)*        term = power (("*" | "/" | "MOD") power)*
   *   power = atom ("**" atom)*                    (all left-associative)
   *   atom = "[" expression "]" | "#" parameter | ("-" | "+") atom | FUNC atom
   *        | "ATAN" atom "/" atom | literal
   * `atomOnly` stops after one atom (a word's value, `X[...]`); otherwise after the expression.
   */
  private evaluate(atomOnly: boolean): number {
    const opsBase = this.opsTop;
    const stackBase = this.stackTop;
    const result = this.run(atomOnly, opsBase, stackBase);
    this.opsTop = opsBase;
    this.stackTop = stackBase;
    return result;
  }

  /** The loop of `evaluate`, with its stacks starting at `opsBase` and `stackBase`. */
  private run(atomOnly: boolean, opsBase: number, stackBase: number): number {
    const ops = this.ops;
    const stack = this.stack;
    let o = opsBase;
    let v = stackBase;
    for (;;) {
      // An operand: prefixes (brackets, signs, functions) go on the stack, then a value.
      let value: number;
      for (;;) {
        const c = this.peekCode();
        if (c === 91) {
          this.pos++;
          ops[o++] = OPEN;
        } else if (c === 45) {
          this.pos++;
          ops[o++] = NEGATE;
        } else if (c === 43) {
          this.pos++;
        } else if (c === 35) {
          // A parameter; `#[...]` and `##1` evaluate above this evaluation's stacks.
          this.opsTop = o;
          this.stackTop = v;
          const key = this.readParameterKey();
          value = key === null ? Number.NaN : (this.params.get(key) ?? 0);
          break;
        } else if (c >= 65 && c <= 90) {
          const op = this.readFunctionName();
          if (op < 0) return Number.NaN;
          ops[o++] = op;
        } else {
          value = this.readLiteral();
          break;
        }
      }
      if (Number.isNaN(value)) return Number.NaN;
      // The atom is complete: apply its prefixes; then a binary operator, a `]` or the end.
      let next = false;
      while (!next) {
        let top = o > opsBase ? ops[o - 1]! : 0;
        while (top === NEGATE || top >= FUNCTION || top === ATAN_X) {
          o--;
          if (top === NEGATE) value = -value;
          else if (top === ATAN_X) value = Math.atan2(stack[--v]!, value) / DEG;
          else value = FUNCTION_LIST[top - FUNCTION]!(value);
          top = o > opsBase ? ops[o - 1]! : 0;
        }
        if (top === ATAN_Y) {
          // ATAN[y]/[x]: y read, `/` and the x atom follow.
          if (this.peekCode() !== 47) return Number.NaN;
          this.pos++;
          ops[o - 1] = ATAN_X;
          stack[v++] = value;
          next = true;
          break;
        }
        if (atomOnly && o === opsBase) return value;
        const c = this.peekCode();
        let op = 0;
        if (c === 42) op = this.codeAt(this.pos + 1) === 42 ? POWER : TIMES;
        else if (c === 47) op = DIVIDE;
        else if (c === 43) op = PLUS;
        else if (c === 45) op = MINUS;
        else if (
          c === 77 &&
          upper(this.codeAt(this.pos + 1)) === 79 &&
          upper(this.codeAt(this.pos + 2)) === 68
        )
          op = MODULO;
        if (op !== 0) {
          while (top >= PLUS && top <= POWER && PRECEDENCE[top]! >= PRECEDENCE[op]!) {
            value = applyBinary(ops[--o]!, stack[--v]!, value);
            top = o > opsBase ? ops[o - 1]! : 0;
          }
          stack[v++] = value;
          ops[o++] = op;
          this.pos += op === POWER ? 2 : op === MODULO ? 3 : 1;
          next = true;
        } else {
          while (top >= PLUS && top <= POWER) {
            value = applyBinary(ops[--o]!, stack[--v]!, value);
            top = o > opsBase ? ops[o - 1]! : 0;
          }
          if (c === 93 && top === OPEN) {
            // `]`: the bracket's value is an atom; its prefixes apply next time round.
            o--;
            this.pos++;
          } else {
            // The end: every bracket must be closed.
            return o === opsBase ? value : Number.NaN;
          }
        }
      }
    }
  }

  /** A function name at `pos` (any case): its operator code, or -1 for an unknown name. */
  private readFunctionName(): number {
    let name = "";
    let c = upper(this.codeAt(this.pos));
    while (c >= 65 && c <= 90) {
      name += String.fromCharCode(c);
      c = upper(this.codeAt(this.pos + name.length));
    }
    const index = name === "ATAN" ? ATAN_INDEX : FUNCTION_NAMES.indexOf(name);
    if (index < 0) return -1;
    this.pos += name.length;
    return index === ATAN_INDEX ? ATAN_Y : FUNCTION + index;
  }

  /** The byte after any spaces, upper case (0 at the end of the line or at a NUL). */
  private peekCode(): number {
    this.skipSpaces();
    return upper(this.codeAt(this.pos));
  }

  /** An unsigned decimal literal (`12`, `12.5`, `.5`, `12.`), or NaN when there is none. */
  private readLiteral(): number {
    let i = this.pos;
    let whole = 0;
    let digits = 0;
    let code = this.codeAt(i) - 48;
    while (code >= 0 && code <= 9) {
      whole = whole * 10 + code;
      digits++;
      code = this.codeAt(++i) - 48;
    }
    let value = whole;
    if (this.codeAt(i) === 46) {
      let fraction = 0;
      let divisor = 1;
      code = this.codeAt(++i) - 48;
      while (code >= 0 && code <= 9) {
        fraction = fraction * 10 + code;
        divisor *= 10;
        digits++;
        code = this.codeAt(++i) - 48;
      }
      value += fraction / divisor;
    }
    if (digits === 0) return Number.NaN;
    this.pos = i;
    return value;
  }
}
