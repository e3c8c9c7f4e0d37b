"use client";

import Link from "next/link";
import { Button, buttonClasses } from "@/components/ui/button";
import { openAuthDialog } from "./auth-dialog-store";
import { AuthDialogs } from "./auth-dialogs";

/**
 * For a signed-in user who has not verified the e-mail, where a page needs it (the project
 * wizard): the code can be entered here, and the page opens once it is accepted.
 */
export function VerifyEmailPrompt() {
  return (
    <main
      id="main"
      className="mx-auto flex max-w-md flex-1 flex-col items-center justify-center gap-4 p-6 text-center"
    >
      <h1 className="text-xl font-semibold text-ink">Please verify your e-mail address first.</h1>
      <p className="text-ink-muted">Enter the code we e-mailed you, then share your project.</p>
      <div className="flex flex-wrap justify-center gap-3">
        <Button type="button" onClick={() => openAuthDialog("otp")}>
          Enter the code
        </Button>
        <Link href="/" className={buttonClasses({ variant: "secondary" })}>
          Go to Homepage
        </Link>
      </div>
      <AuthDialogs />
    </main>
  );
}
