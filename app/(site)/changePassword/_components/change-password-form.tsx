"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { type Resolver, useForm } from "react-hook-form";
import { toast } from "@/components/ui/toast";
import type { z } from "zod";
import { errorText, PasswordField } from "@/components/auth/form-field";
import { NewPasswordFields } from "@/components/auth/new-password-fields";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { updatePassword, updateUserPassword } from "@/lib/api-client/auth";
import { ApiError } from "@/lib/api-client/client";
import { changePasswordFormSchema, updateUserPasswordSchema } from "@/lib/validation/auth";

type ChangePasswordValues = z.input<typeof changePasswordFormSchema>;
const FIELDS = ["currentPassword", "newPassword", "confirmPassword"] as const;

/**
 * Current, new and confirm. A Google account may never have set a password: its current password
 * is optional (PATCH updateUserPassword asks for it only when one exists).
 */
export function ChangePasswordForm({ isGoogleAccount }: { isGoogleAccount: boolean }) {
  const form = useForm<ChangePasswordValues>({
    resolver: (isGoogleAccount
      ? zodResolver(updateUserPasswordSchema)
      : zodResolver(changePasswordFormSchema)) as unknown as Resolver<ChangePasswordValues>,
    defaultValues: { currentPassword: "", newPassword: "", confirmPassword: "" },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      if (isGoogleAccount) {
        await updateUserPassword({
          currentPassword: values.currentPassword || undefined,
          newPassword: values.newPassword,
          confirmPassword: values.confirmPassword,
        });
      } else {
        await updatePassword(values);
      }
      form.reset();
      toast.success("Password Changed successfully");
    } catch (error) {
      if (error instanceof ApiError) {
        for (const issue of error.issues) {
          const field = FIELDS.find((name) => name === issue.path);
          if (field) form.setError(field, { message: issue.message });
        }
        if (/current password/i.test(error.message)) {
          form.setError("currentPassword", { message: error.message });
        }
      }
      toast.error("Change Password Failed", { description: errorText(error) });
    }
  });

  return (
    <Card className="px-5 py-6 sm:px-8">
      <h1 className="text-2xl font-bold tracking-tight">Change Password</h1>
      <p className="mt-1 text-sm text-ink-muted">Your other signed-in devices will be signed out.</p>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="mt-6 flex flex-col gap-4">
        <PasswordField
          id="current-password"
          label="Current password"
          required={!isGoogleAccount}
          error={errors.currentPassword?.message}
          hint={isGoogleAccount ? "Leave empty if you have never set a password." : undefined}
          autoComplete="current-password"
          registration={form.register("currentPassword")}
        />
        <NewPasswordFields
          form={form}
          names={["newPassword", "confirmPassword"]}
          idPrefix="new"
          label="New password"
        />
        <Button type="submit" fullWidth isLoading={isSubmitting} className="mt-2">
          Change Password
        </Button>
      </form>
    </Card>
  );
}
