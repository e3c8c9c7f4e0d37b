import type { Metadata } from "next";
import { requireSignupIncomplete } from "@/lib/auth/guards";
import { loadSessionUser } from "@/lib/services/users/load-user";
import { SignupForm } from "./_components/signup-form";

export const metadata: Metadata = {
  title: "Sign up",
  description:
    "Join CNC Projects to share your CNC designs and G-code, bookmark projects, and post your makes with photos and ratings.",
  alternates: { canonical: "/signup" },
};

export default async function SignupPage() {
  // A complete account goes home; a Google account with an incomplete profile finishes it here.
  const actor = await requireSignupIncomplete();
  const pending = actor ? await loadSessionUser(actor.id) : null;
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-8 sm:py-12">
      <SignupForm
        completion={
          pending ? { email: pending.email, firstname: pending.firstname, lastname: pending.lastname } : null
        }
      />
    </div>
  );
}
