"use client";

import dynamic from "next/dynamic";
import Link from "next/link";
import { Button, buttonClasses } from "@/components/ui/button";
import { ExternalLinkIcon, FolderIcon, PlusIcon } from "@/components/ui/icons";
import type { AccountMenuProps } from "./account-face";
import { AccountMenuButton } from "./account-menu-button";
import { Container } from "./container";
import type { HeaderProps } from "./header-props";
import { profileHref } from "./header-user";
import { NEWS_URL, externalLinkProps } from "./links";
import { MobileNav } from "./mobile-nav";
import { SiteLogo } from "./site-logo";

export type { HeaderUser } from "./header-user";

// Only a signed-in user has a bell: a visitor's pages load none of its code.
const NotificationBell = dynamic(
  () => import("@/components/notifications/notification-bell").then((module) => module.NotificationBell),
  { loading: () => <span aria-hidden className="inline-block size-10" /> },
);

export function SiteHeader({ user, loginTrigger, onLogin, onLogout, adminDashboardUrl = null }: HeaderProps) {
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
            // Hidden before paint while a cached page's viewer is probably a member (globals.css).
            <div data-guest-only className="flex items-center gap-2">
              {loginTrigger ?? (
                <Button variant="ghost" onClick={onLogin}>
                  Log in
                </Button>
              )}
              <Link href="/signup" className={buttonClasses({ variant: "primary" })}>
                Sign up
              </Link>
            </div>
          )}
        </div>

        <div className="ml-auto flex items-center gap-1 md:hidden">
          {user ? <NotificationBell /> : null}
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

function SignedInActions({ user, onLogout, adminDashboardUrl }: AccountMenuProps) {
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
      <NotificationBell />
      <AccountMenuButton user={user} onLogout={onLogout} adminDashboardUrl={adminDashboardUrl} />
    </>
  );
}
