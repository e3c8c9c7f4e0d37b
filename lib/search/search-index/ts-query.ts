/**
 * The subset of PostgreSQL's tsquery that the in-process search window understands: quoted
 * operands (optionally prefix `:*`) joined by & and |. Anything richer is refused so that the
 * caller asks PostgreSQL instead.
 */

export type TsQueryNode =
  | { kind: "operand"; lexeme: string; prefix: boolean }
  | { kind: "and" | "or"; left: TsQueryNode; right: TsQueryNode };

export type TsQueryOperand = { lexeme: string; prefix: boolean };

type Token = { kind: "operand"; lexeme: string; prefix: boolean } | { kind: "&" | "|" | "(" | ")" };

/** Splits `query::text` into tokens; null on anything outside the supported subset. */
function tokenize(text: string): Token[] | null {
  const tokens: Token[] = [];
  let at = 0;
  while (at < text.length) {
    const char = text[at]!;
    if (char === " " || char === "\t" || char === "\n") {
      at++;
    } else if (char === "&" || char === "|" || char === "(" || char === ")") {
      tokens.push({ kind: char });
      at++;
    } else if (char === "'") {
      let lexeme = "";
      at++;
      let isClosed = false;
      while (at < text.length) {
        const inner = text[at]!;
        if (inner === "'") {
          // PostgreSQL doubles a quote inside an operand.
          if (text[at + 1] === "'") {
            lexeme += "'";
            at += 2;
            continue;
          }
          at++;
          isClosed = true;
          break;
        }
        if (inner === "\\") {
          if (at + 1 >= text.length) return null;
          lexeme += text[at + 1];
          at += 2;
          continue;
        }
        lexeme += inner;
        at++;
      }
      if (!isClosed) return null;
      let prefix = false;
      if (text[at] === ":") {
        // Only a bare `:*` is ours; weight labels (`:A`, `:*AB`) change matching and ranking.
        if (text[at + 1] !== "*") return null;
        const after = text[at + 2];
        if (after !== undefined && !" )&|".includes(after)) return null;
        prefix = true;
        at += 2;
      }
      tokens.push({ kind: "operand", lexeme, prefix });
    } else {
      // `!`, `<->`, `<N>` and anything unexpected.
      return null;
    }
  }
  return tokens;
}

/**
 * PostgreSQL's text output of a tsquery (`query::text`), e.g. `( 'cherri':* | 'cherry':* ) & 'sign':*`.
 * Only operands ('lexeme' or 'lexeme':*), &, | and parentheses are understood; anything else (the
 * empty query '', !, <->/<N>, weight labels like :*A or :B) gives null, so the caller falls back to
 * PostgreSQL. Lexemes may contain '' (an escaped quote) and backslash escapes as PostgreSQL prints
 * them. PostgreSQL's precedence holds: & binds tighter than |, both left-associative as printed.
 */
export function parseTsQuery(text: string): TsQueryNode | null {
  const tokenized = tokenize(text);
  if (!tokenized || tokenized.length === 0) return null;
  const tokens: Token[] = tokenized;
  let at = 0;

  function parseOr(): TsQueryNode | null {
    let left = parseAnd();
    while (left && tokens[at]?.kind === "|") {
      at++;
      const right = parseAnd();
      if (!right) return null;
      left = { kind: "or", left, right };
    }
    return left;
  }

  function parseAnd(): TsQueryNode | null {
    let left = parseFactor();
    while (left && tokens[at]?.kind === "&") {
      at++;
      const right = parseFactor();
      if (!right) return null;
      left = { kind: "and", left, right };
    }
    return left;
  }

  function parseFactor(): TsQueryNode | null {
    const token = tokens[at];
    if (!token) return null;
    if (token.kind === "operand") {
      at++;
      return { kind: "operand", lexeme: token.lexeme, prefix: token.prefix };
    }
    if (token.kind !== "(") return null;
    at++;
    const inner = parseOr();
    if (!inner || tokens[at]?.kind !== ")") return null;
    at++;
    return inner;
  }

  const root = parseOr();
  return root && at === tokens.length ? root : null;
}

/** Maps a UTF-16 code unit so that code-unit order becomes code-point (hence UTF-8 byte) order. */
function codePointOrderKey(unit: number): number {
  if (unit >= 0xe000) return unit - 0x800;
  if (unit >= 0xd800) return unit + 0x2000;
  return unit;
}

/** PostgreSQL's order of lexemes (tsCompareString without prefix): bytewise on UTF-8, a shorter string first when one is a prefix of the other. */
export function compareLexemes(a: string, b: string): number {
  const shared = Math.min(a.length, b.length);
  for (let at = 0; at < shared; at++) {
    const unitA = a.charCodeAt(at);
    const unitB = b.charCodeAt(at);
    if (unitA !== unitB) return codePointOrderKey(unitA) - codePointOrderKey(unitB);
  }
  return a.length - b.length;
}

/**
 * PostgreSQL's qsort (Bentley-McIlroy with a presorted check and insertion sort below 7
 * elements), reproduced because it is not stable: among operands with the same lexeme, the one
 * it puts first is the one ts_rank keeps.
 */
function pgSort<T>(items: T[], compare: (a: T, b: T) => number): void {
  const swap = (i: number, j: number) => {
    const held = items[i]!;
    items[i] = items[j]!;
    items[j] = held;
  };
  const swapRun = (i: number, j: number, count: number) => {
    for (let step = 0; step < count; step++) swap(i + step, j + step);
  };
  const cmp = (i: number, j: number) => compare(items[i]!, items[j]!);
  const median = (a: number, b: number, c: number) =>
    cmp(a, b) < 0 ? (cmp(b, c) < 0 ? b : cmp(a, c) < 0 ? c : a) : cmp(b, c) > 0 ? b : cmp(a, c) < 0 ? a : c;

  const sortRange = (first: number, count: number): void => {
    for (;;) {
      if (count < 7) {
        for (let next = first + 1; next < first + count; next++) {
          for (let at = next; at > first && cmp(at - 1, at) > 0; at--) swap(at, at - 1);
        }
        return;
      }
      let isPresorted = true;
      for (let next = first + 1; next < first + count; next++) {
        if (cmp(next - 1, next) > 0) {
          isPresorted = false;
          break;
        }
      }
      if (isPresorted) return;
      let pivot = first + Math.floor(count / 2);
      if (count > 7) {
        let low = first;
        let high = first + count - 1;
        if (count > 40) {
          const spread = Math.floor(count / 8);
          low = median(low, low + spread, low + 2 * spread);
          pivot = median(pivot - spread, pivot, pivot + spread);
          high = median(high - 2 * spread, high - spread, high);
        }
        pivot = median(low, pivot, high);
      }
      swap(first, pivot);
      let equalLow = first + 1;
      let scanLow = equalLow;
      let scanHigh = first + count - 1;
      let equalHigh = scanHigh;
      for (;;) {
        let order = 0;
        while (scanLow <= scanHigh && (order = cmp(scanLow, first)) <= 0) {
          if (order === 0) swap(equalLow++, scanLow);
          scanLow++;
        }
        while (scanLow <= scanHigh && (order = cmp(scanHigh, first)) >= 0) {
          if (order === 0) swap(scanHigh, equalHigh--);
          scanHigh--;
        }
        if (scanLow > scanHigh) break;
        swap(scanLow++, scanHigh--);
      }
      const end = first + count;
      let run = Math.min(equalLow - first, scanLow - equalLow);
      swapRun(first, scanLow - run, run);
      run = Math.min(equalHigh - scanHigh, end - equalHigh - 1);
      swapRun(scanLow, end - run, run);
      const lessCount = scanLow - equalLow;
      const greaterCount = equalHigh - scanHigh;
      // Recurse on the smaller side and loop on the larger, as PostgreSQL does.
      if (lessCount <= greaterCount) {
        if (lessCount > 1) sortRange(first, lessCount);
        if (greaterCount <= 1) return;
        first = end - greaterCount;
        count = greaterCount;
      } else {
        if (greaterCount > 1) sortRange(end - greaterCount, greaterCount);
        if (lessCount <= 1) return;
        count = lessCount;
      }
    }
  };
  sortRange(0, items.length);
}

/** Operands in the order PostgreSQL stores them: each operator is followed by its right, then its left side. */
function collectStoredOrder(node: TsQueryNode, into: TsQueryOperand[]): void {
  if (node.kind === "operand") {
    into.push({ lexeme: node.lexeme, prefix: node.prefix });
    return;
  }
  collectStoredOrder(node.right, into);
  collectStoredOrder(node.left, into);
}

/**
 * The distinct operands of a query in the order ts_rank visits them (SortAndUniqItems: sorted by
 * compareQueryOperand, duplicates removed). Duplicates are judged by lexeme alone: of `'wall'`
 * and `'wall':*` only the one PostgreSQL's sort puts first survives, prefix flag and all.
 */
export function rankOperands(query: TsQueryNode): TsQueryOperand[] {
  const operands: TsQueryOperand[] = [];
  collectStoredOrder(query, operands);
  if (operands.length < 2) return operands;
  pgSort(operands, (a, b) => compareLexemes(a.lexeme, b.lexeme));
  const distinct: TsQueryOperand[] = [operands[0]!];
  for (let at = 1; at < operands.length; at++) {
    const operand = operands[at]!;
    if (compareLexemes(operand.lexeme, distinct[distinct.length - 1]!.lexeme) !== 0) distinct.push(operand);
  }
  return distinct;
}

/**
 * Whether the document matches (`vector @@ query`). `hasLexeme` answers for the document: an
 * operand with prefix matches any lexeme starting with it (bytewise), without prefix only an
 * equal lexeme.
 */
export function matchesQuery(
  query: TsQueryNode,
  hasLexeme: (operand: { lexeme: string; prefix: boolean }) => boolean,
): boolean {
  switch (query.kind) {
    case "operand":
      return hasLexeme(query);
    case "and":
      return matchesQuery(query.left, hasLexeme) && matchesQuery(query.right, hasLexeme);
    case "or":
      return matchesQuery(query.left, hasLexeme) || matchesQuery(query.right, hasLexeme);
  }
}
