"use client";

import Link from "next/link";
import { Avatar } from "@/components/ui/avatar";
import { Button, buttonClasses } from "@/components/ui/button";
import {
  ExternalLinkIcon,
  FolderIcon,
  KeyIcon,
  LogOutIcon,
  NewsIcon,
  UploadIcon,
  UserIcon,
} from "@/components/ui/icons";
import { Sheet, SheetClose, SheetContent } from "@/components/ui/sheet";
import { cn } from "@/lib/utils/cn";
import { AdminDashboardLink } from "./admin-dashboard-link";
import { profileHref } from "./header-user";
import { NEWS_URL, externalLinkProps } from "./links";
import type { HeaderProps } from "./header-props";

const rowClasses =
  "flex min-h-11 w-full items-center gap-3 rounded-lg px-3 text-left text-[0.9375rem] font-medium text-ink transition-colors hover:bg-brand-50 hover:text-brand-800 [&_svg]:size-5 [&_svg]:shrink-0 [&_svg]:text-ink-subtle";

/** The slide-out menu for small screens; mirrors the header's links and account menu. */
export function MobileNavSheet({
  user,
  loginTrigger,
  onLogin,
  onLogout,
  adminDashboardUrl = null,
  isOpen,
  onOpenChange,
}: HeaderProps & { isOpen: boolean; onOpenChange: (isOpen: boolean) => void }) {
  return (
    <Sheet open={isOpen} onOpenChange={onOpenChange}>
      <SheetContent title="Menu">
        <nav aria-label="Mobile" className="flex flex-col gap-1 p-3">
          {user ? (
            <>
              <div className="mb-2 flex items-center gap-3 rounded-xl bg-surface-muted p-3">
                <Avatar src={user.profilePicture} name={user.username} alt="" size="lg" />
                <div className="min-w-0">
                  <p className="truncate font-semibold">@{user.username}</p>
                  <p className="text-sm text-ink-muted">My Account</p>
                </div>
              </div>
              <SheetClose asChild>
                <Link
                  href="/project/create"
                  className={buttonClasses({ fullWidth: true, className: "mb-2" })}
                >
                  <UploadIcon />
                  Upload Project
                </Link>
              </SheetClose>
              <SheetClose asChild>
                <Link href={profileHref(user.username)} className={rowClasses}>
                  <FolderIcon />
                  My Files
                </Link>
              </SheetClose>
              <SheetClose asChild>
                <Link href={profileHref(user.username)} className={rowClasses}>
                  <UserIcon />
                  Profile
                </Link>
              </SheetClose>
              <SheetClose asChild>
                <Link href="/changePassword" className={rowClasses}>
                  <KeyIcon />
                  Change Password
                </Link>
              </SheetClose>
              {user.isStaff ? (
                <SheetClose asChild>
                  <AdminDashboardLink externalUrl={adminDashboardUrl} className={rowClasses} />
                </SheetClose>
              ) : null}
              <NewsRow />
              <div role="separator" className="my-2 h-px bg-line" />
              <SheetClose asChild>
                <button
                  type="button"
                  disabled={!onLogout}
                  onClick={() => void onLogout?.()}
                  className={cn(
                    rowClasses,
                    "text-red-700 hover:bg-red-50 hover:text-red-800 disabled:opacity-50 [&_svg]:text-red-700",
                  )}
                >
                  <LogOutIcon />
                  Log out
                </button>
              </SheetClose>
            </>
          ) : (
            <>
              <NewsRow />
              <div role="separator" className="my-2 h-px bg-line" />
              <div className="flex flex-col gap-2 px-1">
                {loginTrigger ?? (
                  <SheetClose asChild>
                    <Button variant="secondary" fullWidth onClick={onLogin}>
                      Log in
                    </Button>
                  </SheetClose>
                )}
                <SheetClose asChild>
                  <Link href="/signup" className={buttonClasses({ fullWidth: true })}>
                    Sign up
                  </Link>
                </SheetClose>
              </div>
            </>
          )}
        </nav>
      </SheetContent>
    </Sheet>
  );
}

function NewsRow() {
  return (
    <a href={NEWS_URL} {...externalLinkProps} className={rowClasses}>
      <NewsIcon />
      News
      <ExternalLinkIcon className="ml-auto size-4!" />
      <span className="sr-only">(opens in a new tab)</span>
    </a>
  );
}
