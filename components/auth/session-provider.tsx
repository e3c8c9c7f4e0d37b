"use client";

import { useRouter } from "next/navigation";
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from "react";
import { apiFetch, onSessionExpired } from "@/lib/api-client/client";
import type { SessionUser } from "@/lib/validation/session";

interface SessionState {
  user: SessionUser | null;
  isAuthenticated: boolean;
  isVerified: boolean;
  isLoading: boolean;
  /** Refetches GET /api/v1/auth/me; a failure means logged out (spec: "treated as logged out"). */
  refresh(): Promise<SessionUser | null>;
  /** Clears the session state on this page (the server call is the caller's). */
  clear(): void;
}

const SessionContext = createContext<SessionState | null>(null);

/** Holds the signed-in user, rendered by the server layout and refreshed after sign-in changes. */
export function SessionProvider({
  initialUser,
  children,
}: {
  initialUser: SessionUser | null;
  children: ReactNode;
}) {
  const router = useRouter();
  const [user, setUser] = useState<SessionUser | null>(initialUser);
  const [isLoading, setIsLoading] = useState(false);

  useEffect(() => setUser(initialUser), [initialUser]);

  const refresh = useCallback(async () => {
    setIsLoading(true);
    try {
      const { user: current } = await apiFetch<{ user: SessionUser }>("/api/v1/auth/me");
      setUser(current);
      return current;
    } catch {
      setUser(null);
      return null;
    } finally {
      setIsLoading(false);
    }
  }, []);

  const clear = useCallback(() => setUser(null), []);

  // A failed refresh after a 403 logs the user out here and sends them home.
  useEffect(
    () =>
      onSessionExpired(() => {
        setUser(null);
        router.push("/");
        router.refresh();
      }),
    [router],
  );

  const value = useMemo<SessionState>(
    () => ({
      user,
      isAuthenticated: user !== null,
      isVerified: user?.isVerified ?? false,
      isLoading,
      refresh,
      clear,
    }),
    [user, isLoading, refresh, clear],
  );
  return <SessionContext value={value}>{children}</SessionContext>;
}

export function useSession(): SessionState {
  const state = useContext(SessionContext);
  if (!state) throw new Error("useSession must be used inside <SessionProvider>");
  return state;
}
