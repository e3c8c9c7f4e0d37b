"use client";

import type { ComponentProps, ReactNode } from "react";
import { Label } from "@/components/ui/label";
import { cn } from "@/lib/utils/cn";

/** A labelled control with its message underneath (linked by aria-describedby). */
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
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id} required={required}>
        {label}
      </Label>
      {children}
      {hint ? <p className="text-xs text-ink-subtle">{hint}</p> : null}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function Select({
  invalid,
  className,
  options,
  ...props
}: ComponentProps<"select"> & { invalid?: boolean; options: readonly { value: string; label: string }[] }) {
  return (
    <select
      aria-invalid={invalid || undefined}
      className={cn(
        "h-10 w-full rounded-lg border border-line-strong bg-surface px-3 text-base text-ink shadow-card sm:text-sm",
        "focus-visible:border-brand-600 focus-visible:outline-brand-600/40 aria-invalid:border-red-600",
        className,
      )}
      {...props}
    >
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
}

export const asOptions = (values: readonly string[]) => values.map((value) => ({ value, label: value }));

export function StepTitle({ title, description }: { title: string; description?: string }) {
  return (
    <div className="mb-5">
      <h2 className="text-xl font-semibold text-ink">{title}</h2>
      {description ? <p className="mt-1 text-sm text-ink-muted">{description}</p> : null}
    </div>
  );
}
