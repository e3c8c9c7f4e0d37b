/** Millimetres in one inch: G20 programs, inch job sizes and tool sizes convert with it. */
export const MM_PER_INCH = 25.4;
