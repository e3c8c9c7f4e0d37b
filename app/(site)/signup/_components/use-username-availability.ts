"use client";

import { useEffect, useState } from "react";
import { getUsernameAvailability } from "@/lib/api-client/auth";
import { USERNAME_MIN, usernameSchema } from "@/lib/validation/auth";

export type UsernameAvailability = "idle" | "checking" | "available" | "unavailable";

/** The spec's live check: after a 300 ms pause, only for a valid name of 4 or more characters. */
export function useUsernameAvailability(username: string): UsernameAvailability {
  const [state, setState] = useState<{ name: string; result: UsernameAvailability }>({
    name: "",
    result: "idle",
  });
  const trimmed = username.trim();
  const isCheckable = trimmed.length >= USERNAME_MIN && usernameSchema.safeParse(trimmed).success;

  useEffect(() => {
    if (!isCheckable) return;
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      getUsernameAvailability(trimmed, controller.signal)
        .then(({ available }) => setState({ name: trimmed, result: available ? "available" : "unavailable" }))
        .catch(() => {
          if (!controller.signal.aborted) setState({ name: trimmed, result: "idle" });
        });
    }, 300);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [trimmed, isCheckable]);

  if (!isCheckable) return "idle";
  return state.name === trimmed ? state.result : "checking";
}
