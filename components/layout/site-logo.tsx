import Link from "next/link";
import { cn } from "@/lib/utils/cn";
import { SITE_NAME } from "./links";

/** The brand mark: a serpentine pocketing toolpath ending at the cutter. Same drawing as /logo.svg. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 32 32"
      aria-hidden="true"
      focusable="false"
      className={cn("size-8 shrink-0", className)}
    >
      <rect width="32" height="32" rx="8" className="fill-brand-600" />
      <path
        d="M8 23V9h5.3v14h5.4V9H24v8"
        fill="none"
        stroke="#fff"
        strokeWidth="2.4"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <circle cx="24" cy="21.5" r="2.6" fill="#fff" />
    </svg>
  );
}

export function SiteLogo({ className }: { className?: string }) {
  return (
    <Link
      href="/"
      // Not prefetched (ADR 007): `/` is a different route for guests and members, and Next 16.4
      // turns a push to a prefetched `/` followed at once by router.refresh() (signup, password
      // reset, logout) into a full page load, losing the dialog those flows open next.
      prefetch={false}
      aria-label={`${SITE_NAME} home`}
      className={cn(
        "inline-flex items-center gap-2.5 rounded-lg text-lg font-bold tracking-tight text-ink",
        className,
      )}
    >
      <LogoMark />
      <span>
        CNC <span className="text-brand-700">Projects</span>
      </span>
    </Link>
  );
}
