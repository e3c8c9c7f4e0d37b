/** Plane geometry for the CAM generators: points, closed contours of lines and arcs, offsets. */
export interface Vec2 {
  x: number;
  y: number;
}

export const vec = (x: number, y: number): Vec2 => ({ x, y });
export const add = (a: Vec2, b: Vec2): Vec2 => ({ x: a.x + b.x, y: a.y + b.y });
export const sub = (a: Vec2, b: Vec2): Vec2 => ({ x: a.x - b.x, y: a.y - b.y });
export const scale = (a: Vec2, k: number): Vec2 => ({ x: a.x * k, y: a.y * k });
export const lerp = (a: Vec2, b: Vec2, t: number): Vec2 => ({
  x: a.x + (b.x - a.x) * t,
  y: a.y + (b.y - a.y) * t,
});
export const dist = (a: Vec2, b: Vec2): number => Math.hypot(b.x - a.x, b.y - a.y);
export const cross = (a: Vec2, b: Vec2): number => a.x * b.y - a.y * b.x;
export const polar = (center: Vec2, radius: number, angle: number): Vec2 => ({
  x: center.x + radius * Math.cos(angle),
  y: center.y + radius * Math.sin(angle),
});

export type ContourElement =
  | { kind: "line"; start: Vec2; end: Vec2 }
  | {
      kind: "arc";
      start: Vec2;
      end: Vec2;
      center: Vec2;
      radius: number;
      /** Angle of `start` seen from the centre. */
      startAngle: number;
      /** Swept angle in radians, always positive; the direction is `clockwise`. */
      sweep: number;
      clockwise: boolean;
    };

/** A closed loop: each element starts where the previous one ends, the last ends at the first's start. */
export type Contour = ContourElement[];

export function lineElement(start: Vec2, end: Vec2): ContourElement {
  return { kind: "line", start, end };
}

export function arcElement(
  center: Vec2,
  radius: number,
  startAngle: number,
  sweep: number,
  clockwise: boolean,
): ContourElement {
  const endAngle = startAngle + (clockwise ? -sweep : sweep);
  return {
    kind: "arc",
    start: polar(center, radius, startAngle),
    end: polar(center, radius, endAngle),
    center,
    radius,
    startAngle,
    sweep,
    clockwise,
  };
}

export function elementLength(element: ContourElement): number {
  return element.kind === "line" ? dist(element.start, element.end) : element.radius * element.sweep;
}

export function contourLength(contour: Contour): number {
  return contour.reduce((sum, element) => sum + elementLength(element), 0);
}

/** The part of `element` between fractions t0 < t1 of its length. */
export function elementSlice(element: ContourElement, t0: number, t1: number): ContourElement {
  if (element.kind === "line") {
    return lineElement(lerp(element.start, element.end, t0), lerp(element.start, element.end, t1));
  }
  const direction = element.clockwise ? -1 : 1;
  return arcElement(
    element.center,
    element.radius,
    element.startAngle + direction * element.sweep * t0,
    element.sweep * (t1 - t0),
    element.clockwise,
  );
}

export interface ContourPiece {
  element: ContourElement;
  /** Whether the piece lies inside one of the marked intervals (holding tabs). */
  isMarked: boolean;
}

/**
 * Splits a closed contour at the boundaries of `intervals` (distances along the contour, sorted,
 * not overlapping) and flags the pieces inside them. Pieces shorter than `minLength` are dropped.
 */
export function splitContour(
  contour: Contour,
  intervals: ReadonlyArray<readonly [number, number]>,
  minLength: number,
): ContourPiece[] {
  const cuts = intervals.flatMap(([a, b]) => [a, b]);
  const pieces: ContourPiece[] = [];
  let offset = 0;
  for (const element of contour) {
    const length = elementLength(element);
    const inner = cuts.filter((c) => c > offset && c < offset + length).map((c) => (c - offset) / length);
    const bounds = [0, ...inner, 1];
    for (let i = 0; i + 1 < bounds.length; i++) {
      const t0 = bounds[i] ?? 0;
      const t1 = bounds[i + 1] ?? 1;
      if ((t1 - t0) * length < minLength) continue;
      const middle = offset + ((t0 + t1) / 2) * length;
      pieces.push({
        element: t0 === 0 && t1 === 1 ? element : elementSlice(element, t0, t1),
        isMarked: intervals.some(([a, b]) => middle > a && middle < b),
      });
    }
    offset += length;
  }
  return pieces;
}

export function signedArea(points: readonly Vec2[]): number {
  let area = 0;
  for (let i = 0; i < points.length; i++) {
    const a = points[i] as Vec2;
    const b = points[(i + 1) % points.length] as Vec2;
    area += cross(a, b);
  }
  return area / 2;
}

/**
 * Clockwise tool-centre contour around the outside of a simple polygon at `distance`:
 * edges shifted outwards, convex corners rounded by arcs about the vertex, concave corners mitred.
 */
export function offsetPolygonOutside(polygon: readonly Vec2[], distance: number): Contour {
  const points = signedArea(polygon) > 0 ? [...polygon].reverse() : [...polygon];
  const n = points.length;
  const at = (i: number): Vec2 => points[((i % n) + n) % n] as Vec2;
  // For a clockwise loop the outside is on the left of each edge.
  const normal = (i: number): Vec2 => {
    const d = sub(at(i + 1), at(i));
    const length = Math.hypot(d.x, d.y);
    return vec(-d.y / length, d.x / length);
  };

  // Where the offset edge into vertex i ends and the one out of it starts (equal when mitred).
  const joins: Array<{ enter: Vec2; leave: Vec2; arc: ContourElement | null }> = [];
  for (let i = 0; i < n; i++) {
    const nIn = normal(i - 1);
    const nOut = normal(i);
    const turn = cross(sub(at(i), at(i - 1)), sub(at(i + 1), at(i)));
    const vertex = at(i);
    if (turn < -1e-12) {
      const startAngle = Math.atan2(nIn.y, nIn.x);
      let sweep = startAngle - Math.atan2(nOut.y, nOut.x);
      while (sweep <= 0) sweep += 2 * Math.PI;
      const arc = arcElement(vertex, distance, startAngle, sweep, true);
      joins.push({ enter: arc.start, leave: arc.end, arc });
    } else {
      const p1 = add(at(i - 1), scale(nIn, distance));
      const d1 = sub(at(i), at(i - 1));
      const p2 = add(vertex, scale(nOut, distance));
      const d2 = sub(at(i + 1), vertex);
      const denominator = cross(d1, d2);
      const meet =
        Math.abs(denominator) < 1e-12 ? p2 : add(p1, scale(d1, cross(sub(p2, p1), d2) / denominator));
      joins.push({ enter: meet, leave: meet, arc: null });
    }
  }

  const contour: Contour = [];
  for (let i = 0; i < n; i++) {
    const join = joins[i] as (typeof joins)[number];
    const next = joins[(i + 1) % n] as (typeof joins)[number];
    if (join.arc) contour.push(join.arc);
    contour.push(lineElement(join.leave, next.enter));
  }
  return contour;
}

/** Rotates a closed contour so that it starts with element `index`. */
export function rotateContour(contour: Contour, index: number): Contour {
  return [...contour.slice(index), ...contour.slice(0, index)];
}
