"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useForm } from "react-hook-form";
import { toast } from "@/components/ui/toast";
import type { z } from "zod";
import { openAuthDialog } from "@/components/auth/auth-dialog-store";
import { errorText } from "@/components/auth/form-field";
import { NewPasswordFields } from "@/components/auth/new-password-fields";
import { useSession } from "@/components/auth/session-provider";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { resetPassword } from "@/lib/api-client/auth";
import { resetPasswordFormSchema } from "@/lib/validation/auth";

type ResetValues = z.input<typeof resetPasswordFormSchema>;

export function ResetPasswordForm({ token }: { token: string }) {
  const router = useRouter();
  const session = useSession();
  const form = useForm<ResetValues>({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { password: "", confirmPassword: "" },
  });
  const { isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await resetPassword({ token, ...values });
      toast.success("Reset Password successful");
      // Every session of the account ended on the server: sign in again with the new password.
      session.clear();
      router.replace("/");
      router.refresh();
      openAuthDialog("login");
    } catch (error) {
      toast.error("Reset Password Failed", { description: errorText(error) });
    }
  });

  return (
    <Card className="px-5 py-6 sm:px-8">
      <h1 className="text-2xl font-bold tracking-tight">Reset Password</h1>
      <p className="mt-1 text-sm text-ink-muted">Choose a new password of at least 8 characters.</p>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="mt-6 flex flex-col gap-4">
        <NewPasswordFields form={form} names={["password", "confirmPassword"]} idPrefix="reset" />
        <Button type="submit" fullWidth isLoading={isSubmitting} className="mt-2">
          Reset Password
        </Button>
      </form>
    </Card>
  );
}
