/** What the site header needs to know about the signed-in user. */
export type HeaderUser = {
  username: string;
  profilePicture: string | null;
  /** Verified staff only: shows the Admin Dashboard item. */
  isStaff: boolean;
};

export function profileHref(username: string): string {
  return `/${encodeURIComponent(username)}`;
}
