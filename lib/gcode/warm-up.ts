/*
 * A short program that walks every branch of the interpreter once, run before the first real parse
 * of a process (or Worker). Why: V8 optimises the hot functions with the type feedback gathered so
 * far; when a file later reaches a branch that never ran (its first arc, first expression, first
 * inch line, first canned cycle...), the optimised code is thrown away ("insufficient type
 * feedback") and rebuilt. On a mixed 49 MB file that cost a cold parse about a quarter of its time.
 * Parsing these few hundred bytes in the interpreter costs well under a millisecond.
 */
export const WARM_UP_PROGRAM = [
  "%",
  "O1000 (warm-up) ; every kind of word once",
  "N10 G90 G94 G17 G21 G40 G49 G80 G54",
  "N20 T1 M6",
  "N30 S12000 M3",
  "N40 G0 X0 Y0 Z5",
  "G1 Z-1 F300",
  "G1X10Y0.5F600",
  "g1 x 12.5 y -2 z-1.25",
  "G2 X20 Y0 I4 J0",
  "G3 X10 Y0 R5",
  "G2 X10 Y0 I5 J0 P2",
  "G3 X0 Y10 Z-2 I-5 J5",
  "G18 G2 X5 Z-3 I2.5 K0",
  "G19 G3 Y5 Z-1 J2.5 K0",
  "G17 G90.1 G2 X12 Y0 I11 J0",
  "G91.1",
  "G91 G1 X1 Y1",
  "G3 X-1.5 Y1.5 Z0.5 I-1.5 J0",
  "G90",
  "G20 G1 X0.5 Y0.25 F10",
  "G2 X1 Y0.25 I0.25 J0",
  "G3 X0.5 Y0.25 R0.25",
  "G18 G2 X1 Z-0.1 I0.25 K0",
  "G17",
  "G21",
  "G93 G1 X3 F2",
  "G94",
  "G81 X1 Y1 Z-2 R1 F100",
  "X2",
  "G99 G83 X3 Y1 Z-2 R1 Q0.5",
  "G98 G80",
  "G4 P0.1",
  "G10 L2 P2 X1 Y1 Z0",
  "G55 G0 X0 Y0",
  "G10 L20 P2 X0 Y0",
  "G54",
  "G92 X0 Y0",
  "G92.1",
  "G53 G0 Z0",
  "G28 G91 Z0",
  "G90",
  "G38.2 Z-5 F50",
  "#1 = 2",
  "#<depth> = [#1 * -0.5]",
  "G1 X[#1 + 1] Y#1 Z#<depth>",
  "G1 X[COS[0] * 2] Y[SQRT[4]]",
  // Lines that end right after an expression: reads past the end of the text must be in the
  // type feedback too, or the optimised expression code is thrown away at the first one.
  "G1 X#1",
  "#3=#1*2",
  "G1 Y[#3]",
  "#<a>=1",
  "G1 X#<a>",
  "G1 X[#1**2]",
  "G1 X[5 MOD 3]",
  "G1 X[ABS[-1]]",
  "G1 Z-[#1/2]",
  "G1 A10 B5",
  "M5",
  "M4 S0",
  "G1 X5 Y5 S255",
  "G1 X6 S0",
  "G1 X7 S128",
  "G0 X0 Y0",
  "M5 M9",
  "$H",
  "G10 L20 P1 X0 Y0 Z0",
  "G1 X+1.5 Y-.5 E1",
  "G64 P0.01",
  "M7 M8",
  "/G1 X9",
  // Last, once V8 has given emit its feedback vector: every bound of every box moves (emit grows
  // them inline, and a store that never ran has no type feedback: a file's first new minimum
  // would throw the optimised code away).
  "G0 X-90 Y-90 Z-90",
  "G0 X90 Y90 Z90",
  "M3 S500",
  "G1 X-95 Y-95 Z-95 F500",
  "G1 X95 Y95 Z95",
  "M30",
  "%",
  "",
].join("\r\n");

let warmed = false;

/**
 * Parses WARM_UP_PROGRAM once per process, without and then with geometry. V8 gives a function
 * its feedback vector only after it has run for a while, so branches taken early in the first
 * pass record nothing: the pass with every branch (a statistics-only parse skips the stores) goes
 * second.
 */
export function warmUpOnce(run: (bytes: Uint8Array, collectGeometry: boolean) => void): void {
  if (warmed) return;
  warmed = true;
  const bytes = new TextEncoder().encode(WARM_UP_PROGRAM);
  run(bytes, false);
  run(bytes, true);
}
