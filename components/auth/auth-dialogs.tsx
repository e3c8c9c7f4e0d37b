"use client";

import dynamic from "next/dynamic";
import { useState } from "react";
import { type AuthDialog, useAuthDialog } from "./auth-dialog-store";

// Each dialog (its form library, schemas and the OTP input) loads the first time it is opened:
// every page mounts this component, and most visitors never open one.
const LoginDialog = dynamic(() => import("./login-dialog").then((module) => module.LoginDialog));
const ForgotPasswordDialog = dynamic(() =>
  import("./forgot-password-dialog").then((module) => module.ForgotPasswordDialog),
);
const OtpDialog = dynamic(() => import("./otp-dialog").then((module) => module.OtpDialog));

/** The global auth dialogs, mounted once by the site layout; any component opens one by name. */
export function AuthDialogs() {
  const dialog = useAuthDialog();
  // A dialog stays mounted once opened, so it closes with its animation and keeps what was typed.
  const [opened, setOpened] = useState<ReadonlySet<AuthDialog>>(() => new Set());
  if (dialog && !opened.has(dialog)) setOpened(new Set(opened).add(dialog));
  return (
    <>
      {opened.has("login") ? <LoginDialog open={dialog === "login"} /> : null}
      {opened.has("forgotPassword") ? <ForgotPasswordDialog open={dialog === "forgotPassword"} /> : null}
      {opened.has("otp") ? <OtpDialog open={dialog === "otp"} /> : null}
    </>
  );
}
