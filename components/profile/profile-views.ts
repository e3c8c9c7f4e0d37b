import type { ProfilePostType } from "@/lib/validation/posts";

/** The profile's query parameters (spec §2 "Profile"): view and, for the posts view, postType. */
export const PROFILE_VIEWS = ["userPosts", "bookmarks", "downloadLogs", "collections"] as const;
export type ProfileView = (typeof PROFILE_VIEWS)[number];

export interface ProfileTab {
  label: string;
  view: ProfileView;
  postType?: ProfilePostType;
}

/** The owner's tabs, in the spec's order. */
export const PROFILE_TABS: readonly ProfileTab[] = [
  { label: "My Posts", view: "userPosts" },
  { label: "Draft", view: "userPosts", postType: "draft" },
  { label: "Published", view: "userPosts", postType: "published" },
  { label: "Pending for Review", view: "userPosts", postType: "private" },
  { label: "Bookmarks", view: "bookmarks" },
  { label: "Collections", view: "collections" },
  { label: "Download Logs", view: "downloadLogs" },
];

/** Everybody else's tabs: the public projects and the public collections. */
export const VISITOR_TABS: readonly ProfileTab[] = [
  { label: "Projects", view: "userPosts" },
  { label: "Collections", view: "collections" },
];

/** The views a visitor may open; any other view shows them the projects. */
export const isVisitorView = (view: ProfileView): boolean => VISITOR_TABS.some((tab) => tab.view === view);

export const isProfileView = (value: unknown): value is ProfileView =>
  typeof value === "string" && (PROFILE_VIEWS as readonly string[]).includes(value);

/** A tab's address: clicking a tab clears view and postType and sets its own (nothing else kept). */
export function profileTabHref(tab: ProfileTab): string {
  const params = new URLSearchParams({ view: tab.view });
  if (tab.postType) params.set("postType", tab.postType);
  return `?${params.toString()}`;
}

export function isActiveTab(
  tab: ProfileTab,
  view: ProfileView,
  postType: ProfilePostType | undefined,
): boolean {
  return tab.view === view && (tab.view !== "userPosts" || tab.postType === postType);
}
