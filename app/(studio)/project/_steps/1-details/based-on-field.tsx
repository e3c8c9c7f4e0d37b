"use client";

import { useId } from "react";
import { CloseIcon } from "@/components/ui/icons";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { describedBy, Field } from "@/components/wizard/fields";
import { cn } from "@/lib/utils/cn";
import { AUTOCOMPLETE_MIN_LENGTH } from "@/lib/validation/listing-constants";
import type { BasedOnEntry } from "@/lib/validation/posts";
import { MAX_BASED_ON } from "@/lib/validation/remixes";
import { useBasedOnPicker } from "./use-based-on-picker";

/** Based on (optional): up to MAX_BASED_ON public projects this one remixes, picked by searching titles. */
export function BasedOnField({
  value,
  onChange,
  saved,
  ownPostId,
  error,
}: {
  value: string[];
  onChange: (ids: string[]) => void;
  saved: BasedOnEntry[];
  ownPostId: string | null;
  error?: string;
}) {
  const picker = useBasedOnPicker({ value, onChange, saved, ownPostId });
  const listId = useId();
  const showList = picker.state === "done" || picker.state === "failed";
  return (
    <Field
      id="basedOn"
      label="Based on"
      error={error}
      hint={`Optional. Is this a remix? Name up to ${MAX_BASED_ON} public projects it is based on.`}
    >
      {picker.chosen.length > 0 ? (
        <ul className="flex flex-col gap-2" aria-label="Based on projects">
          {picker.chosen.map((project) => (
            <li
              key={project.id}
              className="flex min-w-0 items-center justify-between gap-2 rounded-lg border border-line bg-surface-muted py-1.5 pr-1 pl-3 text-sm"
            >
              <span className="min-w-0 truncate">
                <span className="font-medium text-ink">{project.title}</span>
                {project.username ? <span className="text-ink-subtle"> by @{project.username}</span> : null}
              </span>
              <button
                type="button"
                aria-label={`Remove ${project.title} from Based on`}
                onClick={() => picker.remove(project.id)}
                className="shrink-0 rounded-full p-1.5 hover:bg-surface focus-visible:outline-2 focus-visible:outline-brand-600"
              >
                <CloseIcon className="size-3.5" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="relative">
        <Input
          id="basedOn"
          type="search"
          value={picker.text}
          disabled={picker.isFull}
          placeholder={picker.isFull ? `${MAX_BASED_ON} projects named` : "Search public projects by title"}
          autoComplete="off"
          role="combobox"
          aria-expanded={showList}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={picker.active >= 0 ? `${listId}-${picker.active}` : undefined}
          invalid={!!error}
          aria-describedby={describedBy("basedOn", { hint: true, error })}
          onChange={(event) => picker.onTextChange(event.target.value)}
          onBlur={picker.close}
          onKeyDown={(event) => {
            if (event.key === "ArrowDown" || event.key === "ArrowUp") {
              event.preventDefault();
              picker.move(event.key === "ArrowDown" ? 1 : -1);
            } else if (event.key === "Enter") {
              event.preventDefault();
              picker.chooseActive();
            } else if (event.key === "Escape") {
              picker.onTextChange("");
            }
          }}
        />
        {picker.state === "loading" ? (
          <Spinner
            size="sm"
            label="Searching projects"
            className="absolute top-1/2 right-3 -translate-y-1/2"
          />
        ) : null}
        {showList ? (
          <ul
            id={listId}
            role="listbox"
            aria-label="Public projects"
            className="absolute inset-x-0 top-full z-30 mt-1 max-h-64 overflow-y-auto rounded-xl border border-line bg-surface py-1 shadow-overlay"
          >
            {picker.state === "failed" ? (
              <li className="px-4 py-2 text-sm text-red-700">Projects could not be searched. Try again.</li>
            ) : picker.options.length === 0 ? (
              <li className="px-4 py-2 text-sm text-ink-muted">No public project matches that title.</li>
            ) : (
              picker.options.map((option, index) => (
                <li
                  key={option._id}
                  id={`${listId}-${index}`}
                  role="option"
                  aria-selected={index === picker.active}
                  className={cn(
                    "cursor-pointer px-4 py-2 text-sm hover:bg-surface-muted",
                    index === picker.active && "bg-surface-muted",
                  )}
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => picker.choose(option)}
                >
                  <span className="block truncate font-medium text-ink">{option.title}</span>
                  <span className="block text-xs text-ink-subtle">@{option.user.username}</span>
                </li>
              ))
            )}
          </ul>
        ) : null}
      </div>
      {picker.text.trim().length > 0 && picker.text.trim().length < AUTOCOMPLETE_MIN_LENGTH ? (
        <p className="text-xs text-ink-subtle">Type at least {AUTOCOMPLETE_MIN_LENGTH} characters.</p>
      ) : null}
    </Field>
  );
}
