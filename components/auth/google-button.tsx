"use client";

import { useState } from "react";
import { toast } from "@/components/ui/toast";
import { Button } from "@/components/ui/button";
import { generateGoogleSignInLink } from "@/lib/api-client/auth";
import { ApiError } from "@/lib/api-client/client";

function GoogleMark() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true">
      <path
        fill="#4285F4"
        d="M23.5 12.3c0-.8-.1-1.6-.2-2.3H12v4.4h6.5a5.5 5.5 0 0 1-2.4 3.6v3h3.9c2.2-2.1 3.5-5.1 3.5-8.7z"
      />
      <path
        fill="#34A853"
        d="M12 24c3.2 0 6-1.1 7.9-2.9l-3.9-3c-1.1.7-2.4 1.2-4 1.2-3.1 0-5.7-2.1-6.6-4.9h-4v3.1A12 12 0 0 0 12 24z"
      />
      <path fill="#FBBC05" d="M5.4 14.4a7.2 7.2 0 0 1 0-4.7V6.6h-4a12 12 0 0 0 0 10.8l4-3z" />
      <path
        fill="#EA4335"
        d="M12 4.8c1.8 0 3.3.6 4.6 1.8l3.4-3.4A12 12 0 0 0 1.4 6.6l4 3.1C6.3 6.9 8.9 4.8 12 4.8z"
      />
    </svg>
  );
}

export const GOOGLE_NOT_CONFIGURED = "Google sign-in is not configured";

/** 'Continue with Google': asks the server for the sign-in link, then the browser follows it. */
export function GoogleSignInButton() {
  const [isLoading, setIsLoading] = useState(false);
  const [isUnavailable, setIsUnavailable] = useState(false);

  async function onClick() {
    setIsLoading(true);
    try {
      const { url } = await generateGoogleSignInLink();
      window.location.assign(url);
    } catch (error) {
      setIsLoading(false);
      if (error instanceof ApiError && error.status === 503) {
        setIsUnavailable(true);
        toast.error(GOOGLE_NOT_CONFIGURED, { description: error.message });
        return;
      }
      toast.error("Login Failed", {
        description: error instanceof Error ? error.message : "Something went wrong",
      });
    }
  }

  return (
    <div className="flex flex-col gap-1.5">
      <Button
        variant="secondary"
        fullWidth
        isLoading={isLoading}
        disabled={isUnavailable}
        onClick={() => void onClick()}
      >
        {isLoading ? null : <GoogleMark />}
        {isUnavailable ? GOOGLE_NOT_CONFIGURED : "Continue with Google"}
      </Button>
      {isUnavailable ? (
        <p role="status" className="text-center text-xs text-ink-muted">
          Use your e-mail and password instead.
        </p>
      ) : null}
    </div>
  );
}
