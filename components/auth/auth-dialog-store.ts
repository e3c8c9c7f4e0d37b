"use client";

import { useSyncExternalStore } from "react";

/**
 * The spec's global dialog flags (login, signup, forgot password, plus the OTP entry): any
 * component may open one, e.g. a like or comment attempt by a visitor opens "login".
 */
export type AuthDialog = "login" | "forgotPassword" | "otp";

let openDialog: AuthDialog | null = null;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function openAuthDialog(dialog: AuthDialog): void {
  openDialog = dialog;
  emit();
}

export function closeAuthDialog(): void {
  openDialog = null;
  emit();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The dialog currently open, or null. */
export function useAuthDialog(): AuthDialog | null {
  return useSyncExternalStore(
    subscribe,
    () => openDialog,
    () => null,
  );
}

const PENDING_KEY = "cnc.pendingAuthDialog";

/**
 * Opens a dialog now and again after a full page load (a navigation that reloads, such as the
 * signed-in home page replacing the guest one): kept in sessionStorage (this tab only) until the
 * next page's SiteChrome opens it.
 */
export function openAuthDialogAcrossLoad(dialog: AuthDialog): void {
  try {
    window.sessionStorage.setItem(PENDING_KEY, dialog);
  } catch {
    // Storage may be off (private mode): the dialog still opens on this page.
  }
  openAuthDialog(dialog);
}

/** The dialog a previous page asked to open, removed so it opens once; null when there is none. */
export function takePendingAuthDialog(): AuthDialog | null {
  try {
    const dialog = window.sessionStorage.getItem(PENDING_KEY);
    if (dialog !== null) window.sessionStorage.removeItem(PENDING_KEY);
    return dialog === "login" || dialog === "forgotPassword" || dialog === "otp" ? dialog : null;
  } catch {
    return null;
  }
}
