import type { ComponentProps } from "react";
import { cn } from "@/lib/utils/cn";

export type LabelProps = ComponentProps<"label"> & {
  /** Adds a visual asterisk; put `required` on the control itself for assistive technology. */
  required?: boolean;
};

export function Label({ required = false, className, children, ...props }: LabelProps) {
  return (
    <label className={cn("inline-block text-sm font-medium text-ink", className)} {...props}>
      {children}
      {required ? (
        <span aria-hidden="true" className="ml-0.5 text-red-700">
          *
        </span>
      ) : null}
    </label>
  );
}

/** Helper text under a field; link it with the control's aria-describedby. */
export function FieldHint({ className, ...props }: ComponentProps<"p">) {
  return <p className={cn("text-xs text-ink-muted", className)} {...props} />;
}

/** A field's validation message; renders nothing without children. */
export function FieldError({ className, children, ...props }: ComponentProps<"p">) {
  if (children === null || children === undefined || children === false || children === "") return null;
  return (
    <p role="alert" className={cn("text-xs font-medium text-red-700", className)} {...props}>
      {children}
    </p>
  );
}
