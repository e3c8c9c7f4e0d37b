import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import { Container } from "@/components/layout/container";
import { MachinesCard } from "@/components/profile/machines-card";
import { ProfileCard } from "@/components/profile/profile-card";
import { isProfileView } from "@/components/profile/profile-views";
import { JsonLd } from "@/components/seo/json-ld";
import { getSignupCompleteActor } from "@/lib/auth/guards";
import { AppError } from "@/lib/errors";
import { absoluteUrl } from "@/lib/services/seo/site-url";
import {
  displayName,
  profilePath,
  profileStructuredData,
  SITE_NAME,
} from "@/lib/services/seo/structured-data";
import { loadPublicUser } from "@/lib/services/users/load-user";
import { PROFILE_POST_TYPES, type ProfilePostType } from "@/lib/validation/posts";
import type { PublicUser } from "@/lib/validation/users";
import { ProfileProjects } from "./_components/profile-projects";

type Params = Promise<{ username: string }>;
type SearchParams = Promise<{
  addMachine?: string | string[];
  view?: string | string[];
  postType?: string | string[];
}>;

const isProfilePostType = (value: unknown): value is ProfilePostType =>
  typeof value === "string" && (PROFILE_POST_TYPES as readonly string[]).includes(value);

const loadProfile = cache(async (username: string, viewerId: string | null): Promise<PublicUser | null> => {
  try {
    return await loadPublicUser(username, viewerId);
  } catch (error) {
    if (error instanceof AppError && error.code === "NOT_FOUND") return null;
    throw error;
  }
});

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { username } = await params;
  const user = await loadProfile(decodeURIComponent(username), null);
  if (!user) return { title: "User not found", robots: { index: false } };
  const machines = user.ownedMachines.map((machine) => `${machine.cncModel.name} ${machine.name}`.trim());
  const description =
    `CNC projects shared by ${displayName(user)} (@${user.username}) on ${SITE_NAME}` +
    (machines.length > 0 ? `, made on ${machines.join(", ")}.` : ".");
  // The address without ?view= or ?postType=: what everybody but the owner sees there is the same page.
  const canonical = absoluteUrl(profilePath(user.username));
  return {
    title: `@${user.username}`,
    description,
    alternates: { canonical },
    openGraph: {
      type: "profile",
      url: canonical,
      title: `@${user.username}`,
      description,
      siteName: SITE_NAME,
    },
  };
}

export default async function ProfilePage({
  params,
  searchParams,
}: {
  params: Params;
  searchParams: SearchParams;
}) {
  const { username } = await params;
  const { addMachine, view, postType } = await searchParams;
  // A signed-in user who has not completed sign-up is sent to /signup first.
  const actor = await getSignupCompleteActor();
  const user = await loadProfile(decodeURIComponent(username), actor?.id ?? null);
  if (!user) notFound();

  return (
    <Container className="flex flex-col gap-8 py-6 sm:py-8">
      {profileStructuredData(user).map((data) => (
        <JsonLd key={String(data["@type"])} data={data} />
      ))}
      <div className="grid gap-6 md:grid-cols-2 md:items-start">
        <ProfileCard user={user} />
        <MachinesCard
          machines={user.ownedMachines}
          isOwner={user.isOwner}
          username={user.username}
          shouldOpenAddDialog={addMachine === "true"}
        />
      </div>
      <ProfileProjects
        user={user}
        actor={actor}
        // Spec: the view is userPosts unless the address names another one.
        view={isProfileView(view) ? view : "userPosts"}
        postType={isProfilePostType(postType) ? postType : undefined}
      />
    </Container>
  );
}
