/** The run-time estimate's assumptions (docs/gcode.md "Run-time estimate"), in one place. */

/** Rapid moves run at this rate when the machine's own is not known, mm/min. */
export const ASSUMED_RAPID_MM_PER_MIN = 5000;
/** Cut moves before the first F run at this feed, mm/min. */
export const DEFAULT_FEED_MM_PER_MIN = 1000;
