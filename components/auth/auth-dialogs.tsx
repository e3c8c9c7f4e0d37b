"use client";

import { useAuthDialog } from "./auth-dialog-store";
import { ForgotPasswordDialog } from "./forgot-password-dialog";
import { LoginDialog } from "./login-dialog";
import { OtpDialog } from "./otp-dialog";

/** The global auth dialogs, mounted once by the site layout; any component opens one by name. */
export function AuthDialogs() {
  const dialog = useAuthDialog();
  return (
    <>
      <LoginDialog open={dialog === "login"} />
      <ForgotPasswordDialog open={dialog === "forgotPassword"} />
      <OtpDialog open={dialog === "otp"} />
    </>
  );
}
