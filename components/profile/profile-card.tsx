"use client";

import { useState } from "react";
import { FollowButton } from "@/components/follows/follow-button";
import { Avatar } from "@/components/ui/avatar";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { EditIcon, ExternalLinkIcon } from "@/components/ui/icons";
import { Skeleton } from "@/components/ui/skeleton";
import type { PublicUser } from "@/lib/validation/users";
import { EditProfileDialog } from "./edit-profile-dialog";
import { ExternalLinkDialog } from "./external-link-dialog";

/** The 'Profile' card: the server already applied the owner's privacy choices for everyone else. */
export function ProfileCard({ user }: { user: PublicUser }) {
  const [isEditing, setIsEditing] = useState(false);
  const [isLinkOpen, setIsLinkOpen] = useState(false);
  const [followers, setFollowers] = useState(user.followers);
  const fullName = [user.firstname, user.lastname].filter(Boolean).join(" ");
  const hidden = (field: keyof NonNullable<PublicUser["privacy"]>) =>
    user.isOwner && user.privacy && !user.privacy[field] ? (
      <Badge size="sm" tone="neutral" className="ml-2">
        Hidden from others
      </Badge>
    ) : null;

  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between">
        <CardTitle as="h2">Profile</CardTitle>
        {user.isOwner ? (
          <Button variant="secondary" size="sm" onClick={() => setIsEditing(true)}>
            <EditIcon />
            Edit Profile
          </Button>
        ) : (
          <FollowButton
            username={user.username}
            isFollowing={user.isFollowedByUser}
            onFollowersChange={setFollowers}
          />
        )}
      </CardHeader>
      <CardContent className="flex flex-col items-center gap-4 text-center sm:flex-row sm:items-start sm:text-left">
        <Avatar src={user.profilePicture} name={user.username} alt={`@${user.username}`} size="xl" />
        <dl className="flex min-w-0 flex-1 flex-col gap-2 text-sm">
          <div>
            <dt className="sr-only">Username</dt>
            <dd className="flex flex-wrap items-center justify-center gap-2 text-lg font-semibold text-ink sm:justify-start">
              <h1 className="break-all">@{user.username}</h1>
              {user.isOnefinityOfficial ? <Badge tone="brand">Official</Badge> : null}
            </dd>
          </div>
          <div>
            <dt className="sr-only">Follows</dt>
            <dd className="flex justify-center gap-4 text-ink-muted sm:justify-start">
              <span>
                <span className="font-semibold text-ink">{followers}</span>{" "}
                {followers === 1 ? "follower" : "followers"}
              </span>
              <span>
                <span className="font-semibold text-ink">{user.following}</span> following
              </span>
            </dd>
          </div>
          {fullName ? (
            <div>
              <dt className="sr-only">Name</dt>
              <dd className="text-ink">
                {fullName}
                {hidden("firstname") ?? hidden("lastname")}
              </dd>
            </div>
          ) : null}
          {user.email ? (
            <div>
              <dt className="sr-only">E-mail</dt>
              <dd>
                <a href={`mailto:${user.email}`} className="break-all text-brand-700 hover:underline">
                  {user.email}
                </a>
                {hidden("email")}
              </dd>
            </div>
          ) : null}
          {user.website ? (
            <div>
              <dt className="sr-only">Website</dt>
              <dd>
                <button
                  type="button"
                  onClick={() => setIsLinkOpen(true)}
                  className="inline-flex max-w-full items-center gap-1 rounded text-brand-700 hover:underline"
                >
                  <span className="truncate">{user.website.replace(/^https?:\/\//, "")}</span>
                  <ExternalLinkIcon className="size-3.5 shrink-0" />
                </button>
                {hidden("website")}
              </dd>
            </div>
          ) : null}
        </dl>
      </CardContent>
      {user.website ? (
        <ExternalLinkDialog url={user.website} open={isLinkOpen} onOpenChange={setIsLinkOpen} />
      ) : null}
      {user.isOwner && user.privacy ? (
        <EditProfileDialog
          open={isEditing}
          onOpenChange={setIsEditing}
          profile={{
            firstname: user.firstname ?? "",
            lastname: user.lastname ?? "",
            website: user.website,
            profilePicture: user.profilePicture,
            privacy: user.privacy,
          }}
        />
      ) : null}
    </Card>
  );
}

export function ProfileCardSkeleton() {
  return (
    <Card aria-hidden="true">
      <CardHeader>
        <Skeleton className="h-5 w-20" />
      </CardHeader>
      <CardContent className="flex items-start gap-4">
        <Skeleton className="size-24 rounded-full" />
        <div className="flex flex-1 flex-col gap-2">
          <Skeleton className="h-6 w-40" />
          <Skeleton className="h-4 w-32" />
          <Skeleton className="h-4 w-48" />
        </div>
      </CardContent>
    </Card>
  );
}
