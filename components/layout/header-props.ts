import type { ReactNode } from "react";
import type { HeaderUser } from "./header-user";

/** What the site header takes, and passes on to the small screens' menu it loads. */
export type HeaderProps = {
  /** null for guests. */
  user: HeaderUser | null;
  /**
   * Guest only: rendered in place of the default 'Log in' button, in the bar and in the mobile
   * menu. Pass the login dialog together with its trigger (works from a server component).
   */
  loginTrigger?: ReactNode;
  /** Guest only: click handler of the default 'Log in' button, when rendered from client code. */
  onLogin?: () => void;
  /** Called by 'Log out'; a server action or a client handler. Without it the item is disabled. */
  onLogout?: () => void | Promise<void>;
  /** ADMIN_DASHBOARD_URL when configured; otherwise 'Admin Dashboard' opens the review queue. */
  adminDashboardUrl?: string | null;
};
