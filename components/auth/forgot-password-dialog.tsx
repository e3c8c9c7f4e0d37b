"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { toast } from "@/components/ui/toast";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent } from "@/components/ui/dialog";
import { sendPasswordResetEmail } from "@/lib/api-client/auth";
import { ApiError } from "@/lib/api-client/client";
import { emailOnlySchema } from "@/lib/validation/auth";
import { closeAuthDialog, openAuthDialog } from "./auth-dialog-store";
import { EmailField, errorText } from "./form-field";

type ForgotValues = z.input<typeof emailOnlySchema>;

export function ForgotPasswordDialog({ open }: { open: boolean }) {
  const form = useForm<ForgotValues>({
    resolver: zodResolver(emailOnlySchema),
    defaultValues: { email: "" },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ email }) => {
    try {
      await sendPasswordResetEmail(email.trim());
      form.reset();
      closeAuthDialog();
      toast.success("Reset mail sent successfully", {
        description: "Check your inbox for the password reset link",
      });
    } catch (error) {
      const issue =
        error instanceof ApiError ? error.issues.find((item) => item.path === "email") : undefined;
      if (issue) form.setError("email", { message: issue.message });
      else toast.error("Failed to send reset mail", { description: errorText(error) });
    }
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(isOpen) => (isOpen ? openAuthDialog("forgotPassword") : closeAuthDialog())}
    >
      <DialogContent
        title="Forget Password"
        description="Enter the e-mail address of your account and we will send you a link to reset your password."
        size="sm"
      >
        <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
          <EmailField id="forgot-email" error={errors.email?.message} registration={form.register("email")} />
          <Button type="submit" fullWidth isLoading={isSubmitting}>
            Send reset link
          </Button>
          <Button type="button" variant="ghost" fullWidth onClick={() => openAuthDialog("login")}>
            Back to login
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
