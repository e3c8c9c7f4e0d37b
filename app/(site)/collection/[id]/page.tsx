import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { cache } from "react";
import { CollectionPostGrid } from "@/components/collections/collection-post-grid";
import { DeleteCollectionButton } from "@/components/collections/delete-collection-button";
import { EditCollectionDialog } from "@/components/collections/edit-collection-dialog";
import { Container } from "@/components/layout/container";
import { Badge } from "@/components/ui/badge";
import { getSignupCompleteActor } from "@/lib/auth/guards";
import { AppError } from "@/lib/errors";
import { getCollection } from "@/lib/services/collections/get-collection";
import { idSchema } from "@/lib/validation/common";
import { PAGE_SIZE } from "@/lib/validation/listing-constants";

/** Per request: what a collection shows depends on who reads it (its owner sees their own drafts). */
export const dynamic = "force-dynamic";

interface Props {
  params: Promise<{ id: string }>;
}

/** The collection as the reader may see it, or null (missing, private, or a malformed id: 404). */
const loadCollection = cache(async (id: string) => {
  if (!idSchema.safeParse(id).success) return null;
  const actor = await getSignupCompleteActor();
  try {
    return { actor, ...(await getCollection({ actor, collectionId: id, page: 1, limit: PAGE_SIZE })) };
  } catch (error) {
    if (error instanceof AppError && error.code === "NOT_FOUND") return null;
    throw error;
  }
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const loaded = await loadCollection((await params).id);
  if (!loaded) return { title: "Collection not found", robots: { index: false } };
  const { collection } = loaded;
  return {
    title: `${collection.name} · a collection by @${collection.user.username}`,
    description: collection.description || `Projects collected by @${collection.user.username}.`,
    ...(collection.visibility === "private" ? { robots: { index: false } } : {}),
  };
}

export default async function CollectionPage({ params }: Props) {
  const loaded = await loadCollection((await params).id);
  if (!loaded) notFound();
  const { actor, collection, posts } = loaded;
  const isOwner = actor?.id === collection.user._id;
  return (
    <Container className="flex flex-col gap-6 py-6 sm:py-8">
      <header className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 space-y-1">
          <p className="text-sm text-ink-muted">
            Collection by{" "}
            <Link
              href={`/${collection.user.username}?view=collections`}
              className="font-medium text-brand-700 hover:underline"
            >
              @{collection.user.username}
            </Link>
          </p>
          <h1 className="flex flex-wrap items-center gap-2 text-2xl font-bold tracking-tight break-words text-ink">
            {collection.name}
            {collection.visibility === "private" ? <Badge tone="amber">Private</Badge> : null}
          </h1>
          {collection.description ? (
            <p className="max-w-prose text-sm break-words whitespace-pre-line text-ink-muted">
              {collection.description}
            </p>
          ) : null}
          <p className="text-xs text-ink-subtle">
            {collection.postCount} project{collection.postCount === 1 ? "" : "s"}
          </p>
        </div>
        {isOwner ? (
          <div className="flex flex-wrap gap-2 self-start">
            <EditCollectionDialog
              key={collection.updatedAt}
              collectionId={collection._id}
              initial={{
                name: collection.name,
                description: collection.description,
                visibility: collection.visibility,
              }}
            />
            <DeleteCollectionButton collectionId={collection._id} username={collection.user.username} />
          </div>
        ) : null}
      </header>
      <CollectionPostGrid key={collection._id} collectionId={collection._id} initialPosts={posts} />
    </Container>
  );
}
