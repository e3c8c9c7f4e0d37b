import { describe, expect, it } from "vitest";
import { ExpressionReader } from "@/lib/gcode/expression";

/** Evaluates `text` (upper case, as the parser hands it over) from its start. */
const atom = (text: string, params: Record<string, number> = {}): number =>
  new ExpressionReader(`${text}\0`, new Map(Object.entries(params))).readAtom();

describe("LinuxCNC expressions (one loop, explicit stacks)", () => {
  it("follows the precedence and left associativity of LinuxCNC", () => {
    expect(atom("[1+2*3]")).toBe(7); // * before +
    expect(atom("[1-2-3]")).toBe(-4); // (1-2)-3
    expect(atom("[8/2/2]")).toBe(2); // (8/2)/2
    expect(atom("[2**3**2]")).toBe(64); // (2**3)**2, left-associative as before
    expect(atom("[2*3**2]")).toBe(18); // ** before *
    expect(atom("[-2**2]")).toBe(4); // the sign belongs to the atom: (-2)**2
    expect(atom("[10 MOD 3]")).toBe(1);
    expect(atom("[-7 MOD 3]")).toBe(2); // a positive remainder: ((-7 % 3) + 3) % 3
    expect(atom("[ [1+2] * [3+4] ]")).toBe(21);
  });

  it("reads signs, functions, ATAN and parameters as atoms", () => {
    expect(atom("-[1+2]")).toBe(-3);
    expect(atom("+-4")).toBe(-4);
    expect(atom("[SIN[30]*2]")).toBeCloseTo(1, 12);
    expect(atom("[ATAN[1]/[1]]")).toBeCloseTo(45, 12);
    expect(atom("[SQRT[16]+ABS[-2]]")).toBe(6);
    expect(atom("#1", { "1": 2.5 })).toBe(2.5);
    expect(atom("[#<A>*#2]", { "<A>": 3, "2": 4 })).toBe(12);
    expect(atom("#<missing>")).toBe(0); // unset parameters read 0, as LinuxCNC
  });

  it("stops after one atom, or after the expression, where the word ends", () => {
    const reader = new ExpressionReader("[1+2]*3 Y1\0", new Map());
    expect(reader.readAtom()).toBe(3);
    expect(reader.pos).toBe(5); // just after `]`: the `*3` is not part of X's value
    const assignment = new ExpressionReader("1+2] Y\0", new Map());
    expect(assignment.readExpression()).toBe(3);
    expect(assignment.pos).toBe(3); // stops at the `]` it does not own
  });

  it("answers NaN for what it cannot evaluate", () => {
    expect(atom("[1+2")).toBeNaN(); // unclosed
    expect(atom("[FOO[1]]")).toBeNaN(); // unknown function
    expect(atom("[1+]")).toBeNaN();
    expect(atom("[ATAN[1]*[1]]")).toBeNaN(); // ATAN needs /
  });
});
