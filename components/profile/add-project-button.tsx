"use client";

import Link from "next/link";
import { openAuthDialog } from "@/components/auth/auth-dialog-store";
import { useSession } from "@/components/auth/session-provider";
import { Button, buttonClasses } from "@/components/ui/button";
import { PlusIcon } from "@/components/ui/icons";

/** The owner's 'Add Project': needs a verified user; an unverified one is asked for the code. */
export function AddProjectButton() {
  const { isVerified } = useSession();
  if (!isVerified) {
    return (
      <Button onClick={() => openAuthDialog("otp")} title="Verify your account to add projects">
        <PlusIcon />
        Add Project
      </Button>
    );
  }
  return (
    <Link href="/project/create" className={buttonClasses()}>
      <PlusIcon />
      Add Project
    </Link>
  );
}
