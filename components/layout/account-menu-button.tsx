"use client";

import { lazy, Suspense, useState } from "react";
import { ACCOUNT_TRIGGER_CLASSES, AccountFace, type AccountMenuProps } from "./account-face";

const loadAccountMenu = () => import("./account-menu");
const AccountMenu = lazy(() => loadAccountMenu().then((module) => ({ default: module.AccountMenu })));

/**
 * 'My Account': a plain button until its first press, which loads the Radix menu (account-menu.tsx)
 * and opens it in the button's place. The button works as soon as the page has hydrated, and a
 * visitor's page never loads the menu.
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
