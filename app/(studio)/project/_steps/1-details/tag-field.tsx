"use client";

import { Button } from "@/components/ui/button";
import { CloseIcon } from "@/components/ui/icons";
import { Input } from "@/components/ui/input";
import { describedBy, Field } from "@/components/wizard/fields";
import type { Tag } from "@/lib/validation/taxonomy";
import { useTagPicker } from "./use-tag-picker";

/** Tags: chosen ones as removable chips; typing suggests known tags; Enter adds, creating a new one. */
export function TagField({
  tags,
  value,
  onChange,
  error,
}: {
  tags: Tag[];
  value: string[];
  onChange: (ids: string[]) => void;
  error?: string;
}) {
  const picker = useTagPicker(tags, value, onChange);
  return (
    <Field
      id="tags"
      label="Tags"
      required
      error={error}
      hint="At least two. Pick a suggestion or type a new tag and press Enter."
    >
      {picker.chosen.length > 0 ? (
        <ul className="flex flex-wrap gap-2" aria-label="Chosen tags">
          {picker.chosen.map((tag) => (
            <li
              key={tag._id}
              className="flex items-center gap-1 rounded-full bg-brand-50 py-1 pr-1 pl-3 text-sm text-brand-900"
            >
              {tag.name}
              <button
                type="button"
                aria-label={`Remove tag ${tag.name}`}
                onClick={() => picker.remove(tag._id)}
                className="rounded-full p-1 hover:bg-brand-100 focus-visible:outline-2 focus-visible:outline-brand-600"
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
          value={picker.text}
          list="tag-suggestions"
          placeholder="Add a tag"
          autoComplete="off"
          invalid={!!error}
          aria-describedby={describedBy("tags", { hint: true, error })}
          onChange={(event) => picker.setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key !== "Enter") return;
            event.preventDefault();
            void picker.add();
          }}
        />
        <Button
          type="button"
          variant="secondary"
          isLoading={picker.isCreating}
          disabled={!picker.canAdd}
          onClick={() => void picker.add()}
        >
          Add
        </Button>
      </div>
      <datalist id="tag-suggestions">
        {picker.suggestions.map((tag) => (
          <option key={tag._id} value={tag.name} />
        ))}
      </datalist>
    </Field>
  );
}
