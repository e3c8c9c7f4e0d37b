"use client";

import { useEffect, useState } from "react";
import { errorText } from "@/components/auth/form-field";
import { openAuthDialog } from "@/components/auth/auth-dialog-store";
import { useSession } from "@/components/auth/session-provider";
import { Button } from "@/components/ui/button";
import { CheckIcon, PlusIcon } from "@/components/ui/icons";
import { toast } from "@/components/ui/toast";
import { callEndpoint } from "@/lib/api-client/call-endpoint";

// The contracts build zod schemas: imported at the first call, not with the page.
const followContracts = () => import("@/lib/validation/follows");
const userContracts = () => import("@/lib/validation/users");

/**
 * Follow / Following for a maker. A visitor is asked to sign in; the maker themself sees nothing.
 * Without `isFollowing` (a page cached for everyone, like the project page) a signed-in reader's
 * state is asked for after load.
 */
export function FollowButton({
  username,
  isFollowing: initialIsFollowing,
  onFollowersChange,
  size = "sm",
}: {
  username: string;
  /** Known by the server (the profile page); undefined when the page cannot know it. */
  isFollowing?: boolean;
  onFollowersChange?: (followers: number) => void;
  size?: "sm" | "md";
}) {
  const { user } = useSession();
  const [isFollowing, setIsFollowing] = useState<boolean | null>(initialIsFollowing ?? null);
  const [isPending, setIsPending] = useState(false);
  const isSelf = user !== null && user.username.toLowerCase() === username.toLowerCase();
  const viewerId = user?._id ?? null;

  useEffect(() => {
    if (initialIsFollowing !== undefined || !viewerId || isSelf) return;
    let isCurrent = true;
    void (async () => {
      try {
        const { getByUsernameEndpoint } = await userContracts();
        const answer = await callEndpoint(getByUsernameEndpoint, { params: { username } });
        if (isCurrent) setIsFollowing(answer.user.isFollowedByUser ?? false);
      } catch {
        // The button still works: the first click asks the server.
        if (isCurrent) setIsFollowing(false);
      }
    })();
    return () => {
      isCurrent = false;
    };
  }, [initialIsFollowing, viewerId, isSelf, username]);

  if (isSelf) return null;

  async function onClick() {
    if (!user) {
      openAuthDialog("login");
      return;
    }
    setIsPending(true);
    try {
      const { createFollowEndpoint, deleteFollowEndpoint } = await followContracts();
      const { follow } = isFollowing
        ? await callEndpoint(deleteFollowEndpoint, { query: { username } })
        : await callEndpoint(createFollowEndpoint, { body: { username } });
      setIsFollowing(follow.isFollowedByUser);
      onFollowersChange?.(follow.followers);
    } catch (error) {
      toast.error(isFollowing ? "Could not unfollow" : "Could not follow", { description: errorText(error) });
    } finally {
      setIsPending(false);
    }
  }

  const label = isFollowing ? "Following" : "Follow";
  // A signed-in reader's state is being asked for: a click now could do the opposite of what it shows.
  const isUnknown = user !== null && isFollowing === null;
  return (
    <Button
      type="button"
      variant={isFollowing ? "secondary" : "primary"}
      size={size}
      onClick={onClick}
      isLoading={isPending}
      disabled={isUnknown}
      aria-pressed={user ? Boolean(isFollowing) : undefined}
      aria-label={`${label} @${username}`}
      title={isFollowing ? `Stop following @${username}` : `Follow @${username}`}
    >
      {isPending ? null : isFollowing ? <CheckIcon /> : <PlusIcon />}
      {label}
    </Button>
  );
}
