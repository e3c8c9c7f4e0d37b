"use client";

import Link from "next/link";
import { type FormEvent, useEffect, useState } from "react";
import { errorText } from "@/components/auth/form-field";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/toast";
import { useCheckedSubmit } from "@/components/ui/use-checked-submit";
import { callEndpoint } from "@/lib/api-client/call-endpoint";
import type { Collection } from "@/lib/validation/collections";

// The contracts build zod schemas: imported when the dialog first opens, not with every card.
const contracts = () => import("@/lib/validation/collections");

type Visibility = Collection["visibility"];

/**
 * "Add to collection": the signed-in user's collections, each a checkbox that adds or removes the
 * project at once, and a field that makes a new collection with the project in it.
 */
export function AddToCollectionDialog({
  postId,
  username,
  open,
  onOpenChange,
}: {
  postId: string;
  username: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [collections, setCollections] = useState<Collection[] | null>(null);
  const [pendingId, setPendingId] = useState<string | null>(null);
  const [name, setName] = useState("");
  const [visibility, setVisibility] = useState<Visibility>("public");

  useEffect(() => {
    if (!open) return;
    let isCurrent = true;
    void (async () => {
      try {
        const { collectionsByUsernameEndpoint } = await contracts();
        const answer = await callEndpoint(collectionsByUsernameEndpoint, {
          params: { username },
          query: { postId, limit: 100 },
        });
        if (isCurrent) setCollections(answer.collections);
      } catch (error) {
        if (isCurrent) setCollections([]);
        toast.error("Could not load your collections", { description: errorText(error) });
      }
    })();
    return () => {
      isCurrent = false;
    };
  }, [open, postId, username]);

  async function toggle(collection: Collection) {
    setPendingId(collection._id);
    try {
      const { addPostToCollectionEndpoint, removePostFromCollectionEndpoint } = await contracts();
      const { collection: updated } = collection.hasPost
        ? await callEndpoint(removePostFromCollectionEndpoint, {
            params: { id: collection._id },
            query: { postId },
          })
        : await callEndpoint(addPostToCollectionEndpoint, {
            params: { id: collection._id },
            body: { postId },
          });
      const hasPost = !collection.hasPost;
      setCollections((list) =>
        (list ?? []).map((item) => (item._id === collection._id ? { ...updated, hasPost } : item)),
      );
      toast.success(hasPost ? `Added to ${collection.name}` : `Removed from ${collection.name}`);
    } catch (error) {
      toast.error("Could not change the collection", { description: errorText(error) });
    } finally {
      setPendingId(null);
    }
  }

  const created = useCheckedSubmit({
    schema: async () => (await contracts()).createCollectionSchema,
    invalidText: "Invalid name",
    describeError: errorText,
    send: async (body) => {
      const { createCollectionEndpoint, addPostToCollectionEndpoint } = await contracts();
      const { collection } = await callEndpoint(createCollectionEndpoint, { body });
      const { collection: withPost } = await callEndpoint(addPostToCollectionEndpoint, {
        params: { id: collection._id },
        body: { postId },
      });
      setCollections((list) => [{ ...withPost, hasPost: true }, ...(list ?? [])]);
      setName("");
      toast.success(`Added to ${collection.name}`);
    },
  });
  const nameError = created.problem;

  function onCreate(event: FormEvent) {
    event.preventDefault();
    void created.submit({ name, visibility });
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title="Add to collection" description="Save this project in your collections.">
        {collections === null ? (
          <div className="flex justify-center py-6">
            <Spinner />
          </div>
        ) : collections.length === 0 ? (
          <p className="text-sm text-ink-muted">You have no collections yet: make one below.</p>
        ) : (
          <ul aria-label="Your collections" className="max-h-64 space-y-1 overflow-y-auto">
            {collections.map((collection) => (
              <li key={collection._id}>
                <label className="flex min-h-10 cursor-pointer items-center gap-3 rounded-lg px-2 py-1.5 hover:bg-surface-muted">
                  <input
                    type="checkbox"
                    className="size-4 accent-brand-600"
                    checked={collection.hasPost ?? false}
                    disabled={pendingId !== null}
                    onChange={() => void toggle(collection)}
                  />
                  <span className="min-w-0 flex-1 truncate text-sm font-medium text-ink">
                    {collection.name}
                  </span>
                  <span className="text-xs text-ink-subtle">
                    {collection.visibility === "private" ? "Private · " : ""}
                    {collection.postCount}
                  </span>
                  <Link
                    href={`/collection/${collection._id}`}
                    className="text-xs font-medium text-brand-700 hover:underline"
                    aria-label={`Open ${collection.name}`}
                  >
                    Open
                  </Link>
                </label>
              </li>
            ))}
          </ul>
        )}
        <form onSubmit={onCreate} className="space-y-2 border-t border-line pt-4">
          <label htmlFor={`new-collection-${postId}`} className="text-sm font-medium text-ink">
            New collection
          </label>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Input
              id={`new-collection-${postId}`}
              value={name}
              onChange={(event) => setName(event.target.value)}
              placeholder="Name"
              maxLength={60}
              invalid={nameError !== null}
              aria-describedby={nameError ? `new-collection-error-${postId}` : undefined}
            />
            <select
              aria-label="Visibility"
              value={visibility}
              onChange={(event) => setVisibility(event.target.value as Visibility)}
              className="h-10 rounded-lg border border-line-strong bg-surface px-3 text-sm text-ink"
            >
              <option value="public">Public</option>
              <option value="private">Private</option>
            </select>
            <Button type="submit" isLoading={created.isSubmitting}>
              Create
            </Button>
          </div>
          {nameError ? (
            <p id={`new-collection-error-${postId}`} className="text-sm text-red-700">
              {nameError}
            </p>
          ) : null}
        </form>
      </DialogContent>
    </Dialog>
  );
}
