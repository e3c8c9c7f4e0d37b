"use client";

import Link from "next/link";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { KeyIcon, LogOutIcon, UserIcon } from "@/components/ui/icons";
import { AdminDashboardLink } from "./admin-dashboard-link";
import { ACCOUNT_TRIGGER_CLASSES, AccountFace, type AccountMenuProps } from "./account-face";
import { profileHref } from "./header-user";

/** The avatar button and its 'My Account' menu (profile, password, dashboard, log out). */
export function AccountMenu({
  user,
  onLogout,
  adminDashboardUrl,
  defaultOpen = false,
}: AccountMenuProps & { defaultOpen?: boolean }) {
  return (
    <DropdownMenu modal={false} defaultOpen={defaultOpen}>
      <DropdownMenuTrigger aria-label="My Account" className={ACCOUNT_TRIGGER_CLASSES}>
        <AccountFace user={user} />
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuLabel>My Account</DropdownMenuLabel>
        <p className="truncate px-2.5 pb-1.5 text-sm font-medium text-ink">@{user.username}</p>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link href={profileHref(user.username)}>
            <UserIcon />
            Profile
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link href="/changePassword">
            <KeyIcon />
            Change Password
          </Link>
        </DropdownMenuItem>
        {user.isStaff ? (
          <DropdownMenuItem asChild>
            <AdminDashboardLink externalUrl={adminDashboardUrl} />
          </DropdownMenuItem>
        ) : null}
        <DropdownMenuSeparator />
        <DropdownMenuItem tone="danger" disabled={!onLogout} onSelect={() => void onLogout?.()}>
          <LogOutIcon />
          Log out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
