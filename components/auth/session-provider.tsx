"use client";

import { useRouter } from "next/navigation";
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { getMe } from "@/lib/api-client/auth";
import { onSessionExpired } from "@/lib/api-client/client";
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
  hasRefreshCookie,
  children,
}: {
  initialUser: SessionUser | null;
  /** Whether the request carried a refresh cookie (httpOnly, so only the server can tell). */
  hasRefreshCookie: boolean;
  children: ReactNode;
}) {
  const router = useRouter();
  const [user, setUser] = useState<SessionUser | null>(initialUser);
  const [isLoading, setIsLoading] = useState(false);

  // A new server render (e.g. after router.refresh) brings a new initial user; adopt it.
  const [renderedUser, setRenderedUser] = useState(initialUser);
  if (renderedUser !== initialUser) {
    setRenderedUser(initialUser);
    setUser(initialUser);
  }

  const refresh = useCallback(async () => {
    setIsLoading(true);
    try {
      const { user: current } = await getMe();
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

  const userRef = useRef(user);
  useEffect(() => {
    userRef.current = user;
  }, [user]);

  // The server rendered a guest, yet a refresh cookie may still hold a session whose access token
  // expired: /me answers 403, the client refreshes once, and the page renders again signed in.
  const hasProbed = useRef(false);
  useEffect(() => {
    if (initialUser || !hasRefreshCookie || hasProbed.current) return;
    hasProbed.current = true;
    void getMe()
      .then(({ user: current }) => {
        setUser(current);
        router.refresh();
      })
      .catch(() => undefined);
  }, [initialUser, hasRefreshCookie, router]);

  // A failed refresh after a 403 logs a signed-in user out here and sends them home.
  useEffect(
    () =>
      onSessionExpired(() => {
        if (!userRef.current) return;
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
