/*
 * A deliberately simple, independent G-code interpreter used only by the tests to check
 * lib/gcode/parser.ts: strings and regular expressions instead of bytes, exact arc extents
 * (end points plus the quadrant points inside the sweep) instead of chords, no typed arrays.
 * It supports what the corpus uses: G0-G3 (I/J/K and R), G17-G19, G20/G21, G90/G91, G90.1/G91.1,
 * G28 (the intermediate point), G10 L20 / G92 when the position is unknown (start, after $H or
 * G28), M3/M4/M5 with S, and LinuxCNC `[#<scale>*n]` coordinates whose scales are 1.
 */
export interface ReferenceResult {
  lineCount: number;
  rapidMoves: number;
  linearMoves: number;
  arcMoves: number;
  /** Source line (0-based) of every rapid or linear move, in order. */
  straightLines: number[];
  units: "mm" | "inch";
  bounds: { min: number[]; max: number[] } | null;
  cutBounds: { min: number[]; max: number[] } | null;
}

const WORD = /([A-Z])\s*([-+]?(?:\d+\.?\d*|\.\d+))/g;

type Box = { min: number[]; max: number[] };

const emptyBox = (): Box => ({ min: [Infinity, Infinity, Infinity], max: [-Infinity, -Infinity, -Infinity] });
const add = (box: Box, p: number[]): void => {
  for (let a = 0; a < 3; a++) {
    box.min[a] = Math.min(box.min[a]!, p[a]!);
    box.max[a] = Math.max(box.max[a]!, p[a]!);
  }
};

export function referenceParse(text: string): ReferenceResult {
  const rawLines = text.split("\n");
  if (rawLines[rawLines.length - 1] === "") rawLines.pop();
  let pos = [0, 0, 0];
  let known = false;
  let absolute = true;
  let arcAbsolute = false;
  let plane = 17;
  let unit = 1;
  let motion = -1;
  let anyInch = false;
  let spindleOn = false;
  let isLaser = false;
  let speed = 0;
  let started = false;
  const all = emptyBox();
  const cut = emptyBox();
  const powered = emptyBox();
  const result = { rapidMoves: 0, linearMoves: 0, arcMoves: 0, straightLines: [] as number[] };

  const draw = (to: number[], kind: "rapid" | "cut", points: number[][] = [to]): void => {
    if (!started) add(all, pos);
    started = true;
    known = true;
    for (const p of points) add(all, p);
    if (kind === "cut") {
      add(cut, pos);
      for (const p of points) add(cut, p);
      if (spindleOn && speed > 0) {
        add(powered, pos);
        for (const p of points) add(powered, p);
      }
    }
    pos = to;
  };

  rawLines.forEach((raw, lineIndex) => {
    let line = raw.toUpperCase();
    if (line.includes("(")) line = line.replace(/\([^)]*\)/g, " ");
    const semicolon = line.indexOf(";");
    if (semicolon >= 0) line = line.slice(0, semicolon);
    line = line.trim();
    if (line.startsWith("$")) {
      if (line.startsWith("$H")) known = false;
      return;
    }
    if (line.startsWith("#")) return;
    if (line.includes("[")) line = line.replace(/\[#<\w+>\*(-?[\d.]+)\]/g, "$1");
    const words = new Map<string, number>();
    const gs: number[] = [];
    const ms: number[] = [];
    WORD.lastIndex = 0;
    for (let match = WORD.exec(line); match !== null; match = WORD.exec(line)) {
      const letter = match[1]!;
      const value = Number(match[2]);
      if (letter === "G") gs.push(Math.round(value * 10));
      else if (letter === "M") ms.push(Math.round(value));
      else words.set(letter, value);
    }
    let home = false;
    let g10 = false;
    let g92 = false;
    for (const g of gs) {
      if (g === 0 || g === 10 || g === 20 || g === 30) motion = g / 10;
      else if (g === 170 || g === 180 || g === 190) plane = g / 10;
      else if (g === 200) {
        unit = 25.4;
        anyInch = true;
      } else if (g === 210) unit = 1;
      else if (g === 900) absolute = true;
      else if (g === 910) absolute = false;
      else if (g === 901) arcAbsolute = true;
      else if (g === 911) arcAbsolute = false;
      else if (g === 280 || g === 300) home = true;
      else if (g === 100) g10 = true;
      else if (g === 920) g92 = true;
    }
    if (words.has("S")) speed = words.get("S")!;
    for (const m of ms) {
      if (m === 3 || m === 4) spindleOn = true;
      if (m === 4) isLaser = true;
      if (m === 5) spindleOn = false;
    }
    const axes = ["X", "Y", "Z"];
    const hasAxes = axes.some((a) => words.has(a));
    const target = (forceAbsolute = false): number[] =>
      axes.map((a, i) => {
        const v = words.get(a);
        if (v === undefined) return pos[i]!;
        return absolute || forceAbsolute ? v * unit : pos[i]! + v * unit;
      });
    if (g10 || g92) {
      if (!known && (g92 || words.get("L") === 20)) {
        const to = target(true);
        if (started) {
          result.rapidMoves++;
          result.straightLines.push(lineIndex);
          draw(to, "rapid");
        } else pos = to;
        known = true;
      }
      return;
    }
    if (home) {
      if (hasAxes) {
        const to = target();
        if (to.some((v, i) => v !== pos[i])) {
          result.rapidMoves++;
          result.straightLines.push(lineIndex);
          draw(to, "rapid");
        }
      }
      known = false;
      return;
    }
    if (motion === 0 || motion === 1) {
      if (!hasAxes) return;
      const to = target();
      if (to.every((v, i) => v === pos[i])) return;
      if (motion === 0) result.rapidMoves++;
      else result.linearMoves++;
      result.straightLines.push(lineIndex);
      draw(to, motion === 0 ? "rapid" : "cut");
    } else if (motion === 2 || motion === 3) {
      const centreWords = ["I", "J", "K"];
      if (!hasAxes && !centreWords.some((w) => words.has(w))) return;
      const to = target();
      const [u, v] = plane === 17 ? [0, 1] : plane === 18 ? [2, 0] : [1, 2];
      const su = pos[u]!;
      const sv = pos[v]!;
      const eu = to[u]!;
      const ev = to[v]!;
      let cu: number;
      let cv: number;
      if (words.has("R")) {
        const r = words.get("R")! * unit;
        const du = eu - su;
        const dv = ev - sv;
        const chord = Math.hypot(du, dv);
        const h = Math.sqrt(Math.max(0, r * r - (chord / 2) ** 2));
        // Centre left of the chord for G3 with R > 0, right for G2; a negative R flips it.
        const side = (motion === 3 ? 1 : -1) * (r < 0 ? -1 : 1);
        cu = (su + eu) / 2 + (side * h * -dv) / chord;
        cv = (sv + ev) / 2 + (side * h * du) / chord;
      } else {
        const iu = (words.get(centreWords[u]!) ?? (arcAbsolute ? su / unit : 0)) * unit;
        const iv = (words.get(centreWords[v]!) ?? (arcAbsolute ? sv / unit : 0)) * unit;
        cu = arcAbsolute ? iu : su + iu;
        cv = arcAbsolute ? iv : sv + iv;
      }
      const a0 = Math.atan2(sv - cv, su - cu);
      const a1 = Math.atan2(ev - cv, eu - cu);
      const ccw = motion === 3;
      const norm = (x: number): number => ((x % (2 * Math.PI)) + 2 * Math.PI) % (2 * Math.PI);
      let sweep = ccw ? norm(a1 - a0) : norm(a0 - a1);
      if (sweep < 1e-9) sweep = 2 * Math.PI;
      const radius = Math.hypot(su - cu, sv - cv);
      const points = [to];
      for (let k = 0; k < 4; k++) {
        const angle = (k * Math.PI) / 2;
        const along = ccw ? norm(angle - a0) : norm(a0 - angle);
        if (along > sweep) continue;
        const p = [...to];
        p[u] = cu + radius * Math.cos(angle);
        p[v] = cv + radius * Math.sin(angle);
        points.push(p);
      }
      result.arcMoves++;
      draw(to, "cut", points);
    }
  });

  const scale = anyInch ? 1 / 25.4 : 1;
  const toBox = (box: Box): Box | null =>
    box.min[0] === Infinity
      ? null
      : { min: box.min.map((v) => v * scale), max: box.max.map((v) => v * scale) };
  return {
    lineCount: rawLines.length,
    ...result,
    units: anyInch ? "inch" : "mm",
    bounds: toBox(all),
    cutBounds: toBox(isLaser ? powered : cut),
  };
}
