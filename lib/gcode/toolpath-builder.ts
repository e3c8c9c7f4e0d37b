import { SEGMENT_KIND, type SegmentKind, type Toolpath } from "./toolpath";

export type Vec3Tuple = [number, number, number];

export interface Bounds3 {
  min: Vec3Tuple;
  max: Vec3Tuple;
}

/** Grows typed arrays by doubling, so a toolpath of any size is built without per-segment objects. */
export class ToolpathBuilder {
  private positions: Float32Array;
  private kinds: Uint8Array;
  private tools: Uint16Array;
  private power: Float32Array;
  private count = 0;

  constructor(
    private readonly units: Toolpath["units"],
    initialCapacity = 1024,
  ) {
    const capacity = Math.max(16, initialCapacity);
    this.positions = new Float32Array(capacity * 6);
    this.kinds = new Uint8Array(capacity);
    this.tools = new Uint16Array(capacity);
    this.power = new Float32Array(capacity);
  }

  get segmentCount(): number {
    return this.count;
  }

  add(
    kind: SegmentKind,
    from: Readonly<Vec3Tuple>,
    to: Readonly<Vec3Tuple>,
    tool: number,
    power: number,
  ): void {
    if (this.count === this.kinds.length) this.grow();
    const i = this.count;
    const p = i * 6;
    this.positions[p] = from[0];
    this.positions[p + 1] = from[1];
    this.positions[p + 2] = from[2];
    this.positions[p + 3] = to[0];
    this.positions[p + 4] = to[1];
    this.positions[p + 5] = to[2];
    this.kinds[i] = kind;
    this.tools[i] = tool;
    this.power[i] = power;
    this.count = i + 1;
  }

  build(): Toolpath {
    const n = this.count;
    return {
      positions: this.positions.slice(0, n * 6),
      kinds: this.kinds.slice(0, n),
      tools: this.tools.slice(0, n),
      power: this.power.slice(0, n),
      segmentCount: n,
      units: this.units,
    };
  }

  private grow(): void {
    const capacity = this.kinds.length * 2;
    const positions = new Float32Array(capacity * 6);
    positions.set(this.positions);
    const kinds = new Uint8Array(capacity);
    kinds.set(this.kinds);
    const tools = new Uint16Array(capacity);
    tools.set(this.tools);
    const power = new Float32Array(capacity);
    power.set(this.power);
    this.positions = positions;
    this.kinds = kinds;
    this.tools = tools;
    this.power = power;
  }
}

/**
 * Bounding box of the segments accepted by `include` (all by default), or null when none is.
 * Laser toolpaths count a feed move as cutting only when its power is above zero.
 */
export function toolpathBounds(
  toolpath: Toolpath,
  include: (kind: SegmentKind, power: number) => boolean = () => true,
): Bounds3 | null {
  const { positions, kinds, power } = toolpath;
  let minX = Infinity,
    minY = Infinity,
    minZ = Infinity;
  let maxX = -Infinity,
    maxY = -Infinity,
    maxZ = -Infinity;
  for (let i = 0; i < toolpath.segmentCount; i++) {
    if (!include(kinds[i] as SegmentKind, power[i] ?? 0)) continue;
    for (let p = i * 6; p < i * 6 + 6; p += 3) {
      const x = positions[p] ?? 0;
      const y = positions[p + 1] ?? 0;
      const z = positions[p + 2] ?? 0;
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
      if (z < minZ) minZ = z;
      if (z > maxZ) maxZ = z;
    }
  }
  if (minX === Infinity) return null;
  return { min: [minX, minY, minZ], max: [maxX, maxY, maxZ] };
}

export const isCuttingSegment = (kind: SegmentKind): boolean => kind !== SEGMENT_KIND.rapid;
