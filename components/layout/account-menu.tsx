"use client";

import Link from "next/link";
import { Avatar } from "@/components/ui/avatar";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { ChevronDownIcon, KeyIcon, LogOutIcon, UserIcon } from "@/components/ui/icons";
import { AdminDashboardLink } from "./admin-dashboard-link";
import { profileHref, type HeaderUser } from "./header-user";

export type AccountMenuProps = {
  user: HeaderUser;
  /** Called by 'Log out'; a server action or a client handler. Without it the item is disabled. */
  onLogout?: () => void | Promise<void>;
  adminDashboardUrl: string | null;
};

/** The avatar button and its 'My Account' menu (profile, password, dashboard, log out). */
export function AccountMenu({ user, onLogout, adminDashboardUrl }: AccountMenuProps) {
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger
        aria-label="My Account"
        className="group inline-flex h-10 items-center gap-1 rounded-full py-0.5 pr-2 pl-0.5 transition-colors hover:bg-ink/5 data-[state=open]:bg-ink/5"
      >
        <Avatar src={user.profilePicture} name={user.username} alt="" />
        <ChevronDownIcon className="size-4 text-ink-subtle transition-transform group-data-[state=open]:rotate-180" />
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
