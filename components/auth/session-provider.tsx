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
import { clearMemberHint, hasMemberHint } from "@/lib/utils/before-paint";
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
  isSharedPage = false,
  children,
}: {
  initialUser: SessionUser | null;
  /** Whether the request carried a refresh cookie (httpOnly, so only the server can tell). */
  hasRefreshCookie: boolean;
  /** A cached page served to everyone alike (ADR 007, 019): the session is discovered here. */
  isSharedPage?: boolean;
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

  // Who is signed in, when the server could not say. On a per-request page rendered for a guest, a
  // refresh cookie may still hold a session whose access token expired: /me answers 403, the
  // client refreshes once, and the page renders again signed in. A cached page (isSharedPage) is
  // the same HTML for everyone, so the member hint decides whether to ask (ADR 019); its content
  // does not depend on the viewer, only the chrome and the viewer's own parts, which follow `user`.
  const hasProbed = useRef(false);
  useEffect(() => {
    if (hasProbed.current) return;
    hasProbed.current = true;
    const mayBeSignedIn = isSharedPage ? hasMemberHint() : hasRefreshCookie;
    if (initialUser || !mayBeSignedIn) {
      clearMemberHint();
      return;
    }
    void getMe()
      .then(({ user: current }) => {
        setUser(current);
        if (!isSharedPage) router.refresh();
      })
      .catch(() => undefined)
      .finally(clearMemberHint);
  }, [initialUser, hasRefreshCookie, isSharedPage, router]);

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
