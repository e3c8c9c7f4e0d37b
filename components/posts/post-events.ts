/**
 * Lets every listing on the page drop a project deleted from any card: the home page can show the
 * same post in the featured carousel, the Top Results grid and the search drawer at once.
 */
const POST_DELETED = "cnc:post-deleted";

export function announcePostDeleted(postId: string): void {
  window.dispatchEvent(new CustomEvent<string>(POST_DELETED, { detail: postId }));
}

/** Calls `listener` with the id of each project deleted on this page; returns the unsubscribe. */
export function onPostDeleted(listener: (postId: string) => void): () => void {
  const handle = (event: Event) => {
    if (event instanceof CustomEvent && typeof event.detail === "string") listener(event.detail);
  };
  window.addEventListener(POST_DELETED, handle);
  return () => window.removeEventListener(POST_DELETED, handle);
}

const POST_CHANGED = "cnc:post-changed";

/** A like or bookmark the server confirmed, for the other cards of the same project. */
export interface PostChange {
  postId: string;
  like?: { liked: boolean; likes: number };
  bookmarked?: boolean;
}

/**
 * The latest confirmed change per viewer and project in this tab, for cards that mount after it
 * was announced (a carousel re-creates its slides as it loops) and would otherwise show the
 * server's older figures. Per viewer, so signing out never shows someone else's likes.
 */
const latestChanges = new Map<string, PostChange>();
const changeKey = (viewerId: string | null, postId: string) => `${viewerId ?? ""}:${postId}`;

export function announcePostChanged(viewerId: string | null, change: PostChange): void {
  const key = changeKey(viewerId, change.postId);
  latestChanges.set(key, { ...latestChanges.get(key), ...change });
  window.dispatchEvent(new CustomEvent<PostChange>(POST_CHANGED, { detail: change }));
}

export function latestPostChange(viewerId: string | null, postId: string): PostChange | undefined {
  return latestChanges.get(changeKey(viewerId, postId));
}

/** Calls `listener` with each confirmed like or bookmark change on this page; returns the unsubscribe. */
export function onPostChanged(listener: (change: PostChange) => void): () => void {
  const handle = (event: Event) => {
    if (event instanceof CustomEvent) listener(event.detail as PostChange);
  };
  window.addEventListener(POST_CHANGED, handle);
  return () => window.removeEventListener(POST_CHANGED, handle);
}
