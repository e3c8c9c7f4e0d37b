"use client";

import Link from "next/link";
import { useSearchParams } from "next/navigation";
import { useEffect, useRef } from "react";
import type { ProfilePostType } from "@/lib/validation/posts";
import { cn } from "@/lib/utils/cn";
import { ADD_MACHINE_PARAM } from "./machines-card";
import {
  PROFILE_TABS,
  type ProfileTab,
  type ProfileView,
  isActiveTab,
  profileTabHref,
  VISITOR_TABS,
} from "./profile-views";

/**
 * The owner's tabs (spec §2 "Profile"). Each is a link that replaces view and postType; on load a
 * missing view becomes userPosts in the address (without a new request: it is the default).
 */
export function ProfileTabs({
  view,
  postType,
  isOwner = true,
}: {
  view: ProfileView;
  postType: ProfilePostType | undefined;
  /** The owner's tabs, or a visitor's (a flag, not the list: props from the server arrive as copies). */
  isOwner?: boolean;
}) {
  const tabs: readonly ProfileTab[] = isOwner ? PROFILE_TABS : VISITOR_TABS;
  const strip = useRef<HTMLElement>(null);
  const activeLink = useRef<HTMLAnchorElement>(null);
  // On a phone the strip scrolls sideways: keep the current tab in sight (sideways only, so the
  // page itself does not move).
  useEffect(() => {
    const nav = strip.current;
    const link = activeLink.current;
    if (!nav || !link) return;
    // The nav is the link's offset parent (relative), so offsetLeft is within the strip.
    const left = link.offsetLeft;
    if (left < nav.scrollLeft || left + link.offsetWidth > nav.scrollLeft + nav.clientWidth) {
      nav.scrollLeft = left - (nav.clientWidth - link.offsetWidth) / 2;
    }
  }, [view, postType]);

  // Re-checked whenever the address changes (a tab's link always carries a view).
  const searchParams = useSearchParams();
  const hasView = searchParams.has("view");
  // Only the owner's address gains the view (spec §2); a visitor's stays as they typed it.
  useEffect(() => {
    if (hasView || !isOwner) return;
    const url = new URL(window.location.href);
    // With ?addMachine=true the machines card rewrites the address once, view included.
    if (url.searchParams.has("view") || url.searchParams.has(ADD_MACHINE_PARAM)) return;
    url.searchParams.set("view", "userPosts");
    window.history.replaceState(window.history.state, "", url.pathname + url.search + url.hash);
  }, [hasView, isOwner]);

  return (
    <nav ref={strip} aria-label="Profile sections" className="relative -mx-1 overflow-x-auto px-1 pb-1">
      <ul className="flex min-w-max gap-1 border-b border-line">
        {tabs.map((tab) => {
          const isActive = isActiveTab(tab, view, postType);
          return (
            <li key={tab.label}>
              <Link
                href={profileTabHref(tab)}
                scroll={false}
                ref={isActive ? activeLink : undefined}
                aria-current={isActive ? "page" : undefined}
                className={cn(
                  "-mb-px inline-flex h-10 items-center border-b-2 px-3 text-sm font-medium whitespace-nowrap transition-colors",
                  isActive
                    ? "border-brand-600 text-brand-800"
                    : "border-transparent text-ink-muted hover:border-line-strong hover:text-ink",
                )}
              >
                {tab.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
