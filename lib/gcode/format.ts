/**
 * A laser job's power for people: the file's S range and the same as 0-100 % of its highest S,
 * e.g. "S 100–1000 (10–100 %)", or "S 1000 (100 %)" when every powered move uses one S.
 * The S scale is the file's own (a Grbl laser with $30=1000 reads S1000 as full power; we do not
 * know the machine's scale, so the highest S in the file is 100 %).
 */
export function formatLaserPower(range: { min: number; max: number } | null | undefined): string | null {
  if (!range || !(range.max > 0)) return null;
  if (range.min === range.max) return `S ${range.max} (100 %)`;
  const low = Math.round((range.min / range.max) * 100);
  return `S ${range.min}–${range.max} (${low}–100 %)`;
}
