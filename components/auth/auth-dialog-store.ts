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
