"use client";

import Link from "next/link";
import type { ReactNode } from "react";
import { Avatar } from "@/components/ui/avatar";
import { Button, buttonClasses } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import {
  ChevronDownIcon,
  ExternalLinkIcon,
  FolderIcon,
  KeyIcon,
  LogOutIcon,
  PlusIcon,
  UserIcon,
} from "@/components/ui/icons";
import { AdminDashboardLink } from "./admin-dashboard-link";
import { Container } from "./container";
import { profileHref, type HeaderUser } from "./header-user";
import { NEWS_URL, externalLinkProps } from "./links";
import { MobileNav } from "./mobile-nav";
import { SiteLogo } from "./site-logo";

export type { HeaderUser } from "./header-user";

export type SiteHeaderProps = {
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

export function SiteHeader({
  user,
  loginTrigger,
  onLogin,
  onLogout,
  adminDashboardUrl = null,
}: SiteHeaderProps) {
  return (
    <header className="sticky top-0 z-40 border-b border-line bg-surface/90 backdrop-blur supports-[backdrop-filter]:bg-surface/80">
      <Container className="flex h-16 items-center gap-4">
        <SiteLogo />
        <nav aria-label="Main" className="hidden md:block">
          <a
            href={NEWS_URL}
            {...externalLinkProps}
            className={buttonClasses({
              variant: "ghost",
              size: "sm",
              className: "text-ink-muted hover:text-ink",
            })}
          >
            News
            <ExternalLinkIcon className="size-3.5" />
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        </nav>

        <div className="ml-auto hidden items-center gap-2 md:flex">
          {user ? (
            <SignedInActions user={user} onLogout={onLogout} adminDashboardUrl={adminDashboardUrl} />
          ) : (
            <>
              {loginTrigger ?? (
                <Button variant="ghost" onClick={onLogin}>
                  Log in
                </Button>
              )}
              <Link href="/signup" className={buttonClasses({ variant: "primary" })}>
                Sign up
              </Link>
            </>
          )}
        </div>

        <div className="ml-auto md:hidden">
          <MobileNav
            user={user}
            loginTrigger={loginTrigger}
            onLogin={onLogin}
            onLogout={onLogout}
            adminDashboardUrl={adminDashboardUrl}
          />
        </div>
      </Container>
    </header>
  );
}

type AccountProps = {
  user: HeaderUser;
  onLogout: SiteHeaderProps["onLogout"];
  adminDashboardUrl: string | null;
};

function SignedInActions({ user, onLogout, adminDashboardUrl }: AccountProps) {
  return (
    <>
      <Link
        href="/project/create"
        aria-label="Upload Project"
        title="Upload Project"
        className={buttonClasses({ variant: "primary", size: "icon" })}
      >
        <PlusIcon />
      </Link>
      <Link href={profileHref(user.username)} className={buttonClasses({ variant: "ghost" })}>
        <FolderIcon />
        My Files
      </Link>
      <AccountMenu user={user} onLogout={onLogout} adminDashboardUrl={adminDashboardUrl} />
    </>
  );
}

function AccountMenu({ user, onLogout, adminDashboardUrl }: AccountProps) {
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
