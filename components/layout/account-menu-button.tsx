"use client";

import { lazy, Suspense, useState } from "react";
import { Avatar } from "@/components/ui/avatar";
import { ChevronDownIcon } from "@/components/ui/icons";
import type { HeaderUser } from "./header-user";

export type AccountMenuProps = {
  user: HeaderUser;
  /** Called by 'Log out'; a server action or a client handler. Without it the item is disabled. */
  onLogout?: () => void | Promise<void>;
  adminDashboardUrl: string | null;
};

export const ACCOUNT_TRIGGER_CLASSES =
  "group inline-flex h-10 items-center gap-1 rounded-full py-0.5 pr-2 pl-0.5 transition-colors hover:bg-ink/5 data-[state=open]:bg-ink/5";

/** The avatar and the chevron: the face of the 'My Account' button, before and after the menu loads. */
export function AccountFace({ user }: { user: HeaderUser }) {
  return (
    <>
      <Avatar src={user.profilePicture} name={user.username} alt="" />
      <ChevronDownIcon className="size-4 text-ink-subtle transition-transform group-data-[state=open]:rotate-180" />
    </>
  );
}

const loadAccountMenu = () => import("./account-menu");
const AccountMenu = lazy(() => loadAccountMenu().then((module) => ({ default: module.AccountMenu })));

/**
 * 'My Account': a plain button until its first press, which loads the Radix menu (account-menu.tsx)
 * and opens it in the button's place. The button works as soon as the page has hydrated, and a
 * visitor's page never loads the menu (issue 15).
 */
export function AccountMenuButton(props: AccountMenuProps) {
  const [isWanted, setWanted] = useState(false);
  const button = (
    <button
      type="button"
      aria-label="My Account"
      aria-haspopup="menu"
      aria-expanded={false}
      className={ACCOUNT_TRIGGER_CLASSES}
      // Fetch the menu's code as soon as a press looks likely.
      onPointerEnter={() => void loadAccountMenu()}
      onFocus={() => void loadAccountMenu()}
      onClick={() => setWanted(true)}
    >
      <AccountFace user={props.user} />
    </button>
  );
  return isWanted ? (
    <Suspense fallback={button}>
      <AccountMenu {...props} defaultOpen />
    </Suspense>
  ) : (
    button
  );
}
