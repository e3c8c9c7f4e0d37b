/** Tells listeners on this page (the avatar menu's queue count) that a review decision was made. */
const EVENT = "review-queue-changed";

export function announceReviewDecision(): void {
  window.dispatchEvent(new Event(EVENT));
}

export function onReviewDecision(listener: () => void): () => void {
  window.addEventListener(EVENT, listener);
  return () => window.removeEventListener(EVENT, listener);
}
