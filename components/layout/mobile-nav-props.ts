import type { ReactNode } from "react";
import type { HeaderUser } from "./header-user";

/** What the menu button passes on to the sheet it loads. */
export type MobileNavProps = {
  user: HeaderUser | null;
  loginTrigger?: ReactNode;
  onLogin?: () => void;
  onLogout?: () => void | Promise<void>;
  adminDashboardUrl?: string | null;
};
