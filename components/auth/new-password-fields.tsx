import type { FieldValues, Path, UseFormReturn } from "react-hook-form";
import { PasswordField } from "./form-field";

/**
 * A new password and its confirmation, as the sign-up, reset and change-password forms ask for
 * them: ids `${idPrefix}-password` and `${idPrefix}-confirm-password`.
 */
export function NewPasswordFields<T extends FieldValues>({
  form,
  names: [passwordName, confirmName],
  idPrefix,
  label = "Password",
  className,
}: {
  form: UseFormReturn<T>;
  /** The form's fields for the password and for its confirmation. */
  names: readonly [Path<T>, Path<T>];
  idPrefix: string;
  label?: string;
  className?: string;
}) {
  const errorOf = (name: Path<T>) => form.getFieldState(name, form.formState).error?.message;
  return (
    <div className={className ?? "contents"}>
      <PasswordField
        id={`${idPrefix}-password`}
        label={label}
        required
        error={errorOf(passwordName)}
        autoComplete="new-password"
        registration={form.register(passwordName)}
      />
      <PasswordField
        id={`${idPrefix}-confirm-password`}
        label="Confirm password"
        required
        error={errorOf(confirmName)}
        autoComplete="new-password"
        registration={form.register(confirmName)}
      />
    </div>
  );
}
