"use client";

import { acceptedExtensions } from "@/lib/validation/attachments";
import { useMemo } from "react";
import { describedBy, Field } from "@/components/wizard/fields";
import { FileDrop } from "@/components/wizard/file-drop";
import { inCategory } from "@/components/wizard/upload-queue";
import type { UploadQueue } from "@/components/wizard/use-upload-queue";
import { cn } from "@/lib/utils/cn";
import type { PostDetail } from "@/lib/validation/posts";
import { thumbnailChoicesOf } from "./thumbnail-choices";

/** A picked image shown before it is uploaded; the object URL is released once drawn. */
function LocalPreview({ file }: { file: File }) {
  const url = useMemo(() => URL.createObjectURL(file), [file]);
  return (
    // eslint-disable-next-line @next/next/no-img-element -- a local object URL
    <img
      src={url}
      alt={`New thumbnail ${file.name}`}
      onLoad={() => URL.revokeObjectURL(url)}
      className="h-32 w-48 rounded-lg border border-line object-cover"
    />
  );
}

/**
 * The thumbnail: the current one, a new upload, or one of the pictures the post already has
 * (the toolpath pictures rendered from its models, and its photos).
 */
export function ThumbnailField({
  post,
  uploads,
  error,
  choice,
  onChoice,
}: {
  post: PostDetail | null;
  uploads: UploadQueue;
  error?: string;
  choice: string | null;
  onChoice: (attachmentId: string | null) => void;
}) {
  const queued = inCategory(uploads.queue, "postThumbnail");
  const picked = queued[0];
  const choices = thumbnailChoicesOf(post);
  const chosen = choices.find((candidate) => candidate.id === choice);
  return (
    <Field id="thumbnail" label="Thumbnail" required error={error}>
      <div className="flex flex-wrap items-start gap-3">
        {picked ? (
          <LocalPreview file={picked.file} />
        ) : chosen ? (
          // eslint-disable-next-line @next/next/no-img-element -- a signed storage URL
          <img
            src={chosen.url}
            alt={`Chosen thumbnail: ${chosen.label}`}
            className="h-32 w-48 rounded-lg border border-line bg-white object-contain"
          />
        ) : post?.thumbnail ? (
          // eslint-disable-next-line @next/next/no-img-element -- a signed storage URL
          <img
            src={post.thumbnail}
            alt="Current thumbnail"
            className="h-32 w-48 rounded-lg border border-line object-cover"
          />
        ) : null}
      </div>
      <FileDrop
        id="thumbnail"
        label={post?.thumbnail || picked ? "Replace the thumbnail" : "Upload a thumbnail"}
        hint="JPG, PNG, WebP or SVG, up to 5 MB"
        accept={acceptedExtensions("postThumbnail")}
        refused={uploads.refused.postThumbnail}
        multiple={false}
        queued={queued}
        onFiles={(files) => {
          onChoice(null);
          uploads.add(files.slice(0, 1), "postThumbnail");
        }}
        onRemove={uploads.remove}
        invalid={!!error}
        describedBy={describedBy("thumbnail", { error })}
      />
      {choices.length > 0 ? (
        <fieldset className="mt-2">
          <legend className="text-sm font-medium text-ink">Or use a picture of this project</legend>
          <div className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-4">
            {choices.map((candidate) => (
              <label
                key={candidate.id}
                className={cn(
                  "flex cursor-pointer flex-col gap-1 rounded-lg border border-line p-1.5 text-xs text-ink-muted hover:border-brand-600",
                  "has-checked:border-brand-600 has-checked:bg-brand-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600/40",
                )}
              >
                <input
                  type="radio"
                  name="thumbnail-choice"
                  value={candidate.id}
                  checked={choice === candidate.id}
                  onChange={() => {
                    for (const item of queued) uploads.remove(item.key);
                    onChoice(candidate.id);
                  }}
                  className="sr-only"
                />
                {/* eslint-disable-next-line @next/next/no-img-element -- a signed storage URL */}
                <img
                  src={candidate.url}
                  alt=""
                  className="aspect-[4/3] w-full rounded bg-white object-contain"
                />
                <span className="truncate">{candidate.label}</span>
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}
    </Field>
  );
}
