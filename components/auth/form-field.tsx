import type { ReactNode } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { Input } from "@/components/ui/input";
import { FieldError, FieldHint, Label } from "@/components/ui/label";

/** A labelled control with its hint and error, linked for assistive technology. */
export function FormField({
  id,
  label,
  error,
  hint,
  required = false,
  children,
}: {
  id: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  required?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id} required={required}>
        {label}
      </Label>
      {children}
      {hint ? <FieldHint id={`${id}-hint`}>{hint}</FieldHint> : null}
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </div>
  );
}

/**
 * A password input in its FormField. `autoComplete` tells password managers whether to fill in the
 * saved password ("current-password") or to offer a new one ("new-password").
 */
export function PasswordField({
  id,
  label,
  error,
  hint,
  required = false,
  autoComplete,
  registration,
}: {
  id: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  required?: boolean;
  autoComplete: "current-password" | "new-password";
  registration: UseFormRegisterReturn;
}) {
  return (
    <FormField id={id} label={label} required={required} error={error} hint={hint}>
      <Input
        type="password"
        autoComplete={autoComplete}
        required={required}
        {...fieldA11y(id, error, hint !== undefined)}
        {...registration}
      />
    </FormField>
  );
}

/** The e-mail address of an existing account, as the login and forgot-password dialogs ask for it. */
export function EmailField({
  id,
  error,
  registration,
}: {
  id: string;
  error?: string;
  registration: UseFormRegisterReturn;
}) {
  return (
    <FormField id={id} label="Email" error={error}>
      <Input
        type="email"
        autoComplete="email"
        placeholder="you@example.com"
        {...fieldA11y(id, error)}
        {...registration}
      />
    </FormField>
  );
}

/** aria props for a control inside FormField. */
export function fieldA11y(id: string, error: string | undefined, hasHint = false) {
  const describedBy = [error ? `${id}-error` : null, hasHint ? `${id}-hint` : null].filter(Boolean).join(" ");
  return { id, invalid: Boolean(error), "aria-describedby": describedBy || undefined };
}

export function errorText(error: unknown): string {
  return error instanceof Error && error.message ? error.message : "Something went wrong";
}
