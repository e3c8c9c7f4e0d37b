"use client";

import { Input, Textarea } from "@/components/ui/input";
import { describedBy, Field, Select, StepTitle } from "@/components/wizard/fields";
import type { StepProps, WizardOptions } from "@/components/wizard/wizard-types";
import { BasedOnField } from "./based-on-field";
import { TagField } from "./tag-field";
import { ThumbnailField } from "./thumbnail-field";

/** Step 1 Basic Details: title, description, category, tags (created on the fly), thumbnail, Based on. */
export function DetailsStep({
  data,
  setData,
  errors,
  post,
  uploads,
  options,
  thumbnailChoice,
  onThumbnailChoice,
}: StepProps & {
  options: WizardOptions;
  thumbnailChoice: string | null;
  onThumbnailChoice: (attachmentId: string | null) => void;
}) {
  return (
    <div className="flex flex-col gap-5">
      <StepTitle title="Basic Details" description="Tell makers what your project is." />
      <Field id="title" label="Title" required error={errors.title}>
        <Input
          id="title"
          value={data.title}
          maxLength={200}
          invalid={!!errors.title}
          aria-describedby={describedBy("title", { error: errors.title })}
          onChange={(event) => setData({ title: event.target.value })}
        />
      </Field>
      <Field id="description" label="Description" required error={errors.description}>
        <Textarea
          id="description"
          rows={5}
          value={data.description}
          invalid={!!errors.description}
          aria-describedby={describedBy("description", { error: errors.description })}
          onChange={(event) => setData({ description: event.target.value })}
        />
      </Field>
      <Field id="category" label="Category" required error={errors.category}>
        <Select
          id="category"
          value={data.category}
          invalid={!!errors.category}
          aria-describedby={describedBy("category", { error: errors.category })}
          onChange={(event) => setData({ category: event.target.value })}
          options={[
            { value: "", label: "Select a category" },
            ...options.categories.map((category) => ({ value: category._id, label: category.name })),
          ]}
        />
      </Field>
      <TagField
        tags={options.tags}
        value={data.tags}
        onChange={(tags) => setData({ tags })}
        error={errors.tags}
      />
      <ThumbnailField
        post={post}
        uploads={uploads}
        error={errors.thumbnail}
        choice={thumbnailChoice}
        onChoice={onThumbnailChoice}
      />
      <BasedOnField
        value={data.basedOn}
        onChange={(basedOn) => setData({ basedOn })}
        saved={post?.basedOn ?? []}
        ownPostId={post?._id ?? null}
        error={errors.basedOn}
      />
    </div>
  );
}
