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

  private peek(): string {
    this.skipSpaces();
    return this.text[this.pos] ?? "";
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
    const c = this.peek();
    if (c === "[") {
      this.pos++;
      const value = this.readExpression();
      if (this.peek() !== "]") return Number.NaN;
      this.pos++;
      return value;
    }
    if (c === "#") {
      const key = this.readParameterKey();
      return key === null ? Number.NaN : (this.params.get(key) ?? 0);
    }
    if (c === "-" || c === "+") {
      this.pos++;
      const value = this.readAtom();
      return c === "-" ? -value : value;
    }
    if (c >= "A" && c <= "Z") {
      NAME.lastIndex = this.pos;
      const name = NAME.exec(this.text)?.[0] ?? "";
      if (name === "ATAN") {
        this.pos += 4;
        const y = this.readAtom();
        if (this.peek() !== "/") return Number.NaN;
        this.pos++;
        const x = this.readAtom();
        return Math.atan2(y, x) / DEG;
      }
      const fn = FUNCTIONS[name];
      if (!fn) return Number.NaN;
      this.pos += name.length;
      return fn(this.readAtom());
    }
    return this.readLiteral();
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

  private readPower(): number {
    let value = this.readAtom();
    while (this.text.startsWith("**", this.pos + this.spaces())) {
      this.skipSpaces();
      this.pos += 2;
      value = value ** this.readAtom();
    }
    return value;
  }

  private spaces(): number {
    let n = 0;
    while (this.text.charCodeAt(this.pos + n) === 32) n++;
    return n;
  }

  private readTerm(): number {
    let value = this.readPower();
    for (;;) {
      const c = this.peek();
      if (c === "*" && this.text[this.pos + 1] !== "*") {
        this.pos++;
        value *= this.readPower();
      } else if (c === "/") {
        this.pos++;
        value /= this.readPower();
      } else if (this.text.startsWith("MOD", this.pos)) {
        this.pos += 3;
        const divisor = this.readPower();
        value = ((value % divisor) + divisor) % divisor;
      } else {
        return value;
      }
    }
  }

  /** Sums and differences of terms; comparisons and logic are not supported (NaN). */
  readExpression(): number {
    let value = this.readTerm();
    for (;;) {
      const c = this.peek();
      if (c === "+") {
        this.pos++;
        value += this.readTerm();
      } else if (c === "-") {
        this.pos++;
        value -= this.readTerm();
      } else {
        return value;
      }
    }
  }
}
