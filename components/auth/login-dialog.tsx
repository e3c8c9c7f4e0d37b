"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useForm } from "react-hook-form";
import { toast } from "@/components/ui/toast";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent } from "@/components/ui/dialog";
import { login } from "@/lib/api-client/auth";
import { loginSchema } from "@/lib/validation/auth";
import { closeAuthDialog, openAuthDialog } from "./auth-dialog-store";
import { EmailField, errorText, PasswordField } from "./form-field";
import { GoogleSignInButton } from "./google-button";
import { useSession } from "./session-provider";

type LoginValues = z.input<typeof loginSchema>;

export function LoginDialog({ open }: { open: boolean }) {
  const router = useRouter();
  const session = useSession();
  const form = useForm<LoginValues>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: "", password: "" },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const { user } = await login({ email: values.email.trim(), password: values.password });
      toast.success("Login successful");
      form.reset();
      closeAuthDialog();
      await session.refresh();
      if (!user.isUserSignupComplete) router.push("/signup");
      router.refresh();
    } catch (error) {
      toast.error("Login Failed", { description: errorText(error) });
    }
  });

  return (
    <Dialog open={open} onOpenChange={(isOpen) => (isOpen ? openAuthDialog("login") : closeAuthDialog())}>
      <DialogContent title="Log in" description="Welcome back. Sign in to share and save projects." size="sm">
        <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
          <EmailField id="login-email" error={errors.email?.message} registration={form.register("email")} />
          <PasswordField
            id="login-password"
            label="Password"
            error={errors.password?.message}
            autoComplete="current-password"
            registration={form.register("password")}
          />
          <div className="-mt-1 flex justify-end">
            <button
              type="button"
              onClick={() => openAuthDialog("forgotPassword")}
              className="rounded text-sm font-medium text-brand-700 underline-offset-2 hover:underline"
            >
              Forget Password ?
            </button>
          </div>
          <Button type="submit" fullWidth isLoading={isSubmitting}>
            Continue
          </Button>
        </form>
        <div className="my-4 flex items-center gap-3 text-xs text-ink-subtle" aria-hidden="true">
          <span className="h-px flex-1 bg-line" />
          or
          <span className="h-px flex-1 bg-line" />
        </div>
        <GoogleSignInButton />
        <p className="mt-5 text-center text-sm text-ink-muted">
          New here?{" "}
          <Link
            href="/signup"
            onClick={() => closeAuthDialog()}
            className="font-medium text-brand-700 underline-offset-2 hover:underline"
          >
            Sign up
          </Link>
        </p>
      </DialogContent>
    </Dialog>
  );
}
