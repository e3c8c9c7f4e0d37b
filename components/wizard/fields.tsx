"use client";

import type { ComponentProps, ReactNode } from "react";
import { FieldError, FieldHint, Label } from "@/components/ui/label";
import { cn } from "@/lib/utils/cn";

/** A labelled control with its hint and message underneath (ids `{id}-hint`, `{id}-error`). */
export function Field({
  id,
  label,
  error,
  required,
  hint,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  required?: boolean;
  hint?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <Label htmlFor={id} required={required}>
        {label}
      </Label>
      {children}
      {hint ? <FieldHint id={`${id}-hint`}>{hint}</FieldHint> : null}
      <FieldError id={`${id}-error`} className="text-sm">
        {error}
      </FieldError>
    </div>
  );
}

/** aria-describedby for a Field's control: its hint and, when shown, its message. */
export function describedBy(id: string, { hint, error }: { hint?: boolean; error?: string }) {
  const ids = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean);
  return ids.length > 0 ? ids.join(" ") : undefined;
}

type Option = { value: string; label: string };

export function Select({
  invalid,
  className,
  options = [],
  groups,
  placeholder,
  ...props
}: ComponentProps<"select"> & {
  invalid?: boolean;
  /** An empty first option shown while nothing is chosen (the field stays required). */
  placeholder?: string;
  options?: readonly Option[];
  /** Options under <optgroup> labels, after the plain options. */
  groups?: readonly { label: string; options: readonly Option[] }[];
}) {
  return (
    <select
      aria-invalid={invalid || undefined}
      className={cn(
        "h-10 w-full rounded-lg border border-line-strong bg-surface px-3 text-base text-ink shadow-card sm:text-sm",
        "hover:border-ink-subtle focus-visible:border-brand-600 focus-visible:outline-brand-600/40 aria-invalid:border-red-600",
        className,
      )}
      {...props}
    >
      {placeholder !== undefined && props.value === "" && (
        <option value="" disabled>
          {placeholder}
        </option>
      )}
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
      {groups?.map((group) => (
        <optgroup key={group.label} label={group.label}>
          {group.options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </optgroup>
      ))}
    </select>
  );
}

export const asOptions = (values: readonly string[]) => values.map((value) => ({ value, label: value }));

/** The step's heading (h2: the page's h1 is the wizard's name) and a line under it. */
export function StepTitle({ title, description }: { title: string; description?: string }) {
  return (
    <div className="mb-1">
      <h2 tabIndex={-1} className="text-xl font-semibold text-ink focus:outline-none">
        {title}
      </h2>
      {description ? <p className="mt-1 text-sm text-ink-muted">{description}</p> : null}
    </div>
  );
}

/** A message under a group of controls that is not one labelled field. */
export function GroupError({ id, children }: { id?: string; children?: string }) {
  return (
    <FieldError id={id} className="text-sm">
      {children}
    </FieldError>
  );
}
