/** The featured carousel's autoplay delay: its row first moves this long after the page is shown. */
export const AUTOPLAY_DELAY_MS = 6000;
