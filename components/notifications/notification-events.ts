/**
 * The unread count, shared between the header's bell, its panel and the notifications page in the
 * same tab: whoever learns a new count announces it, the bell shows it.
 */
const EVENT = "cnc:notifications-unread";

export function announceUnreadCount(unreadCount: number): void {
  window.dispatchEvent(new CustomEvent<number>(EVENT, { detail: unreadCount }));
}

export function onUnreadCount(listener: (unreadCount: number) => void): () => void {
  const handler = (event: Event) => listener((event as CustomEvent<number>).detail);
  window.addEventListener(EVENT, handler);
  return () => window.removeEventListener(EVENT, handler);
}
