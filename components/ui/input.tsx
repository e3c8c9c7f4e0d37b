import type { ComponentProps } from "react";
import { cn } from "@/lib/utils/cn";

const fieldClasses =
  "w-full rounded-lg border border-line-strong bg-surface px-3 text-base text-ink shadow-card sm:text-sm " +
  "placeholder:text-ink-subtle transition-colors hover:border-ink-subtle " +
  "focus-visible:border-brand-600 focus-visible:outline-brand-600/40 " +
  "disabled:cursor-not-allowed disabled:bg-surface-muted disabled:text-ink-subtle " +
  "aria-invalid:border-red-600 aria-invalid:focus-visible:outline-red-600/40";

export type InputProps = ComponentProps<"input"> & {
  /** Marks the field invalid (red border, aria-invalid). Pair with aria-describedby on the error text. */
  invalid?: boolean;
};

export function Input({ invalid = false, className, type = "text", ...props }: InputProps) {
  return (
    <input
      type={type}
      aria-invalid={invalid || undefined}
      className={cn(
        fieldClasses,
        "h-10 file:mr-3 file:border-0 file:bg-transparent file:text-sm file:font-medium",
        className,
      )}
      {...props}
    />
  );
}

export type TextareaProps = ComponentProps<"textarea"> & { invalid?: boolean };

export function Textarea({ invalid = false, className, rows = 4, ...props }: TextareaProps) {
  return (
    <textarea
      rows={rows}
      aria-invalid={invalid || undefined}
      className={cn(fieldClasses, "min-h-20 py-2 leading-relaxed", className)}
      {...props}
    />
  );
}
