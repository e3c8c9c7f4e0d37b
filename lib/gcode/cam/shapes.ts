import {
  add,
  arcElement,
  lineElement,
  offsetPolygonOutside,
  polar,
  vec,
  type Contour,
  type ContourElement,
  type Vec2,
} from "./geometry";

export type ProfileShape = "rounded-rectangle" | "circle" | "star" | "heart" | "hexagon";

const HALF_PI = Math.PI / 2;

/**
 * The clockwise tool-centre contour around `shape` drawn in the box (0,0)-(width,height), offset
 * outwards by `offset` (the tool radius). A circle takes the smaller side as its diameter.
 */
export function profileContour(shape: ProfileShape, width: number, height: number, offset: number): Contour {
  switch (shape) {
    case "rounded-rectangle":
      return roundedRectangleContour(0, 0, width, height, Math.min(width, height) * 0.12, offset);
    case "circle":
      return circleContour(vec(width / 2, height / 2), Math.min(width, height) / 2 + offset);
    case "star":
      return offsetPolygonOutside(starPolygon(width, height), offset);
    case "hexagon":
      return offsetPolygonOutside(hexagonPolygon(width, height), offset);
    case "heart":
      return heartContour(width, height, offset);
  }
}

/** Clockwise, starting in the middle of the bottom edge. */
export function roundedRectangleContour(
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  cornerRadius: number,
  offset = 0,
): Contour {
  const rc = cornerRadius;
  const r = rc + offset;
  const middle = (x0 + x1) / 2;
  const ll = vec(x0 + rc, y0 + rc);
  const ul = vec(x0 + rc, y1 - rc);
  const ur = vec(x1 - rc, y1 - rc);
  const lr = vec(x1 - rc, y0 + rc);
  return [
    lineElement(vec(middle, y0 - offset), vec(ll.x, y0 - offset)),
    arcElement(ll, r, -HALF_PI, HALF_PI, true),
    lineElement(vec(x0 - offset, ll.y), vec(x0 - offset, ul.y)),
    arcElement(ul, r, Math.PI, HALF_PI, true),
    lineElement(vec(ul.x, y1 + offset), vec(ur.x, y1 + offset)),
    arcElement(ur, r, HALF_PI, HALF_PI, true),
    lineElement(vec(x1 + offset, ur.y), vec(x1 + offset, lr.y)),
    arcElement(lr, r, 0, HALF_PI, true),
    lineElement(vec(lr.x, y0 - offset), vec(middle, y0 - offset)),
  ];
}

/** Two clockwise half circles starting at the bottom. */
export function circleContour(center: Vec2, radius: number, clockwise = true): Contour {
  const start = -HALF_PI;
  const direction = clockwise ? -1 : 1;
  return [
    arcElement(center, radius, start, Math.PI, clockwise),
    arcElement(center, radius, start + direction * Math.PI, Math.PI, clockwise),
  ];
}

function fitToBox(points: Vec2[], width: number, height: number): Vec2[] {
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  const minX = Math.min(...xs);
  const minY = Math.min(...ys);
  const sx = width / (Math.max(...xs) - minX);
  const sy = height / (Math.max(...ys) - minY);
  return points.map((p) => vec((p.x - minX) * sx, (p.y - minY) * sy));
}

/** Five-pointed star, one point up, inner radius of a regular pentagram. */
function starPolygon(width: number, height: number): Vec2[] {
  const inner = Math.sin(Math.PI / 10) / Math.sin((3 * Math.PI) / 10);
  const points = Array.from({ length: 10 }, (_, k) =>
    polar(vec(0, 0), k % 2 === 0 ? 1 : inner, HALF_PI - (k * Math.PI) / 5),
  );
  return fitToBox(points, width, height);
}

/** Flat top and bottom, points left and right. */
function hexagonPolygon(width: number, height: number): Vec2[] {
  return [
    vec(0, height / 2),
    vec(width / 4, height),
    vec((3 * width) / 4, height),
    vec(width, height / 2),
    vec((3 * width) / 4, 0),
    vec(width / 4, 0),
  ];
}

/**
 * Two round lobes with straight flanks down to the point; offsetting keeps the lobe centres,
 * widens their radius, rounds the point and moves the notch up.
 */
function heartContour(width: number, height: number, offset: number): Contour {
  const lobeSpread = 0.7;
  const radius = width / (2 * (1 + lobeSpread));
  const a = lobeSpread * radius;
  const cx = width / 2;
  const cy = height - radius;
  const tip = vec(cx, 0);
  const right = vec(cx + a, cy);
  const left = vec(cx - a, cy);
  const toCentre = Math.hypot(a, cy);
  const flankAngle = Math.atan2(cy, a) - Math.asin(Math.min(1, radius / toCentre));
  const tangentRight = flankAngle - HALF_PI;
  const tangentLeft = Math.PI - tangentRight;
  const r = radius + offset;
  const notchRise = Math.sqrt(Math.max(0, r * r - a * a));
  const notchRight = Math.atan2(notchRise, -a);
  const notchLeft = Math.atan2(notchRise, a);

  const elements: ContourElement[] = [
    arcElement(right, r, notchRight, notchRight - tangentRight, true),
    lineElement(polar(right, r, tangentRight), polar(tip, offset, tangentRight)),
  ];
  if (offset > 0) {
    elements.push(arcElement(tip, offset, tangentRight, tangentRight - (tangentLeft - 2 * Math.PI), true));
  }
  elements.push(
    lineElement(polar(tip, offset, tangentLeft), polar(left, r, tangentLeft)),
    arcElement(left, r, tangentLeft, tangentLeft - notchLeft, true),
  );
  return elements;
}

export function translateContour(contour: Contour, by: Vec2): Contour {
  return contour.map((element) =>
    element.kind === "line"
      ? lineElement(add(element.start, by), add(element.end, by))
      : {
          ...element,
          start: add(element.start, by),
          end: add(element.end, by),
          center: add(element.center, by),
        },
  );
}
