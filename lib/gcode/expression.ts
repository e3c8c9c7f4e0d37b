/*
 * LinuxCNC-style parameters and bracketed expressions (`#<xscale> = 1.0`, `X[#<xscale>*53.]`).
 * Only lines that contain `[` or `#` reach this code, so the byte-level fast path stays simple.
 * Values that cannot be evaluated come back as NaN and the caller counts them as unknown words.
 */

export type ParameterStore = Map<string, number>;

const DEG = Math.PI / 180;
/** Sticky patterns: they match at `lastIndex` without slicing the line. */
const NAME = /[A-Z]+/y;

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

/** A cursor over one line of text, upper-cased, spaces kept (they are skipped while reading). */
export class ExpressionReader {
  pos = 0;
  constructor(
    readonly text: string,
    private readonly params: ParameterStore,
  ) {}

  private skipSpaces(): void {
    while (this.text.charCodeAt(this.pos) === 32 || this.text.charCodeAt(this.pos) === 9) this.pos++;
  }

  /** Reads `#<name>` or `#123` (the `#` already current) and returns its key. */
  readParameterKey(): string | null {
    this.skipSpaces();
    if (this.text[this.pos] !== "#") return null;
    this.pos++;
    this.skipSpaces();
    if (this.text[this.pos] === "<") {
      const end = this.text.indexOf(">", this.pos);
      if (end < 0) return null;
      // The whole line is upper-cased already, so names compare case-insensitively as they are.
      let key = this.text.slice(this.pos, end + 1);
      if (key.includes(" ") || key.includes("\t")) key = key.replace(/\s+/g, "");
      this.pos = end + 1;
      return key;
    }
    const index = this.readAtom();
    return Number.isFinite(index) ? String(Math.round(index)) : null;
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
    const ops: number[] = [];
    const values: number[] = [];
    for (;;) {
      // An operand: prefixes (brackets, signs, functions) go on the stack, then a value.
      let value: number;
      for (;;) {
        const c = this.peekCode();
        if (c === 91) {
          this.pos++;
          ops.push(OPEN);
        } else if (c === 45) {
          this.pos++;
          ops.push(NEGATE);
        } else if (c === 43) {
          this.pos++;
        } else if (c === 35) {
          const key = this.readParameterKey();
          value = key === null ? Number.NaN : (this.params.get(key) ?? 0);
          break;
        } else if (c >= 65 && c <= 90) {
          NAME.lastIndex = this.pos;
          const name = NAME.exec(this.text)?.[0] ?? "";
          const index = name === "ATAN" ? ATAN_INDEX : FUNCTION_NAMES.indexOf(name);
          if (index < 0) return Number.NaN;
          this.pos += name.length;
          ops.push(index === ATAN_INDEX ? ATAN_Y : FUNCTION + index);
        } else {
          value = this.readLiteral();
          break;
        }
      }
      if (Number.isNaN(value)) return Number.NaN;
      // The atom is complete: apply its prefixes; then a binary operator, a `]` or the end.
      let next = false;
      while (!next) {
        let top = ops.length > 0 ? ops[ops.length - 1]! : 0;
        while (top === NEGATE || top >= FUNCTION || top === ATAN_X) {
          ops.pop();
          if (top === NEGATE) value = -value;
          else if (top === ATAN_X) value = Math.atan2(values.pop()!, value) / DEG;
          else value = FUNCTION_LIST[top - FUNCTION]!(value);
          top = ops.length > 0 ? ops[ops.length - 1]! : 0;
        }
        if (top === ATAN_Y) {
          // ATAN[y]/[x]: y read, `/` and the x atom follow.
          if (this.peekCode() !== 47) return Number.NaN;
          this.pos++;
          ops[ops.length - 1] = ATAN_X;
          values.push(value);
          next = true;
          break;
        }
        if (atomOnly && ops.length === 0) return value;
        const c = this.peekCode();
        let op = 0;
        if (c === 42) op = this.text.charCodeAt(this.pos + 1) === 42 ? POWER : TIMES;
        else if (c === 47) op = DIVIDE;
        else if (c === 43) op = PLUS;
        else if (c === 45) op = MINUS;
        else if (c === 77 && this.text.startsWith("MOD", this.pos)) op = MODULO;
        if (op !== 0) {
          while (top >= PLUS && top <= POWER && PRECEDENCE[top]! >= PRECEDENCE[op]!) {
            value = applyBinary(ops.pop()!, values.pop()!, value);
            top = ops.length > 0 ? ops[ops.length - 1]! : 0;
          }
          values.push(value);
          ops.push(op);
          this.pos += op === POWER ? 2 : op === MODULO ? 3 : 1;
          next = true;
        } else {
          while (top >= PLUS && top <= POWER) {
            value = applyBinary(ops.pop()!, values.pop()!, value);
            top = ops.length > 0 ? ops[ops.length - 1]! : 0;
          }
          if (c === 93 && top === OPEN) {
            // `]`: the bracket's value is an atom; its prefixes apply next time round.
            ops.pop();
            this.pos++;
          } else {
            // The end: every bracket must be closed.
            return ops.length === 0 ? value : Number.NaN;
          }
        }
      }
    }
  }

  /** The character code after any spaces (0 at the end: the text ends with a NUL or nothing). */
  private peekCode(): number {
    this.skipSpaces();
    return this.pos < this.text.length ? this.text.charCodeAt(this.pos) : 0;
  }

  /** An unsigned decimal literal (`12`, `12.5`, `.5`, `12.`), or NaN when there is none. */
  private readLiteral(): number {
    const text = this.text;
    let i = this.pos;
    let whole = 0;
    let digits = 0;
    let code = text.charCodeAt(i) - 48;
    while (code >= 0 && code <= 9) {
      whole = whole * 10 + code;
      digits++;
      code = text.charCodeAt(++i) - 48;
    }
    let value = whole;
    if (text.charCodeAt(i) === 46) {
      let fraction = 0;
      let divisor = 1;
      code = text.charCodeAt(++i) - 48;
      while (code >= 0 && code <= 9) {
        fraction = fraction * 10 + code;
        divisor *= 10;
        digits++;
        code = text.charCodeAt(++i) - 48;
      }
      value += fraction / divisor;
    }
    if (digits === 0) return Number.NaN;
    this.pos = i;
    return value;
  }
}
