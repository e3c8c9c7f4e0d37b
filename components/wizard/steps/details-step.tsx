"use client";

import { useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { CloseIcon } from "@/components/ui/icons";
import { callEndpoint } from "@/lib/api-client/call-endpoint";
import { createTagEndpoint, THUMBNAIL_EXTENSIONS } from "@/lib/validation/post-authoring";
import type { Tag } from "@/lib/validation/taxonomy";
import { Field, Select, StepTitle } from "../fields";
import { FileDrop } from "../file-drop";
import type { StepProps, WizardOptions } from "../wizard-types";

/** Step 1: title, description, category, tags (created on the fly), thumbnail. */
export function DetailsStep({
  data,
  setData,
  errors,
  post,
  queue,
  addFiles,
  removeQueued,
  options,
}: StepProps & { options: WizardOptions }) {
  const [tags, setTags] = useState<Tag[]>(options.tags);
  const [tagText, setTagText] = useState("");
  const [isCreating, setCreating] = useState(false);
  const chosen = tags.filter((tag) => data.tags.includes(tag._id));
  const suggestions = tags.filter(
    (tag) => !data.tags.includes(tag._id) && tag.name.toLowerCase().includes(tagText.trim().toLowerCase()),
  );

  async function addTag(name: string) {
    const existing = tags.find((tag) => tag.name.toLowerCase() === name.trim().toLowerCase());
    if (existing) {
      if (!data.tags.includes(existing._id)) setData({ tags: [...data.tags, existing._id] });
      setTagText("");
      return;
    }
    setCreating(true);
    try {
      const { tag } = await callEndpoint(createTagEndpoint, { body: { name, type: "post" } });
      setTags((current) => [...current, tag]);
      setData({ tags: [...data.tags, tag._id] });
      setTagText("");
      toast.success("Tag created successfully");
    } catch (error) {
      toast.error(error instanceof Error ? error.message : "Something went wrong");
    } finally {
      setCreating(false);
    }
  }

  return (
    <div className="flex flex-col gap-5">
      <StepTitle title="Basic Details" description="Tell makers what your project is." />
      <Field id="title" label="Title" required error={errors.title}>
        <Input
          id="title"
          value={data.title}
          invalid={!!errors.title}
          onChange={(event) => setData({ title: event.target.value })}
        />
      </Field>
      <Field id="description" label="Description" required error={errors.description}>
        <textarea
          id="description"
          rows={5}
          value={data.description}
          aria-invalid={!!errors.description || undefined}
          onChange={(event) => setData({ description: event.target.value })}
          className="w-full rounded-lg border border-line-strong bg-surface px-3 py-2 text-base text-ink shadow-card aria-invalid:border-red-600 sm:text-sm"
        />
      </Field>
      <Field id="category" label="Category" required error={errors.category}>
        <Select
          id="category"
          value={data.category}
          invalid={!!errors.category}
          onChange={(event) => setData({ category: event.target.value })}
          options={[
            { value: "", label: "Select a category" },
            ...options.categories.map((c) => ({ value: c._id, label: c.name })),
          ]}
        />
      </Field>
      <Field
        id="tags"
        label="Tags"
        required
        error={errors.tags}
        hint="At least two. Press Enter to add a new tag."
      >
        {chosen.length > 0 ? (
          <ul className="flex flex-wrap gap-2" aria-label="Chosen tags">
            {chosen.map((tag) => (
              <li
                key={tag._id}
                className="flex items-center gap-1 rounded-full bg-brand-50 px-3 py-1 text-sm text-brand-800"
              >
                {tag.name}
                <button
                  type="button"
                  aria-label={`Remove tag ${tag.name}`}
                  onClick={() => setData({ tags: data.tags.filter((id) => id !== tag._id) })}
                >
                  <CloseIcon className="size-3.5" />
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        <div className="flex gap-2">
          <Input
            id="tags"
            value={tagText}
            list="tag-suggestions"
            placeholder="Add a tag"
            invalid={!!errors.tags}
            onChange={(event) => setTagText(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === "Enter" && tagText.trim().length >= 2) {
                event.preventDefault();
                void addTag(tagText.trim());
              }
            }}
          />
          <Button
            type="button"
            variant="secondary"
            disabled={tagText.trim().length < 2 || isCreating}
            onClick={() => void addTag(tagText.trim())}
          >
            Add
          </Button>
        </div>
        <datalist id="tag-suggestions">
          {suggestions.slice(0, 30).map((tag) => (
            <option key={tag._id} value={tag.name} />
          ))}
        </datalist>
      </Field>
      <Field id="thumbnail" label="Thumbnail" required error={errors.thumbnail}>
        {post?.thumbnail ? (
          // eslint-disable-next-line @next/next/no-img-element -- a signed storage URL, not an optimisable asset
          <img
            src={post.thumbnail}
            alt="Current thumbnail"
            className="h-32 w-48 rounded-lg border border-line object-cover"
          />
        ) : null}
        <FileDrop
          label={post?.thumbnail ? "Replace the thumbnail" : "Upload a thumbnail"}
          accept={THUMBNAIL_EXTENSIONS.map((extension) => `.${extension}`).join(",")}
          multiple={false}
          queued={queue.filter((item) => item.category === "postThumbnail")}
          onFiles={(files) => addFiles(files.slice(0, 1), "postThumbnail")}
          onRemove={removeQueued}
          invalid={!!errors.thumbnail}
          describedBy={errors.thumbnail ? "thumbnail-error" : undefined}
        />
      </Field>
    </div>
  );
}
