import Link from "next/link";
import { buttonClasses } from "@/components/ui/button";
import { HomeIcon } from "@/components/ui/icons";
import { cn } from "@/lib/utils/cn";

export type NotFoundViewProps = {
  /** Extra explanation under the heading. */
  text?: string;
  className?: string;
};

/** 'Oops! Page not found' with a 'Go back home' link; reused wherever the spec shows a not-found view. */
export function NotFoundView({
  text = "The page you are looking for doesn't exist, was moved, or is not available any more.",
  className,
}: NotFoundViewProps) {
  return (
    <div className={cn("flex flex-col items-center px-4 py-16 text-center sm:py-24", className)}>
      <p
        className="font-mono text-6xl font-bold tracking-tight text-brand-600 sm:text-7xl"
        aria-hidden="true"
      >
        404
      </p>
      <h1 className="mt-4 text-2xl font-bold tracking-tight text-ink sm:text-3xl">Oops! Page not found</h1>
      <p className="mt-3 max-w-md text-ink-muted">{text}</p>
      {/* Not prefetched, like the logo (see site-logo.tsx). */}
      <Link href="/" prefetch={false} className={buttonClasses({ size: "lg", className: "mt-8" })}>
        <HomeIcon />
        Go back home
      </Link>
    </div>
  );
}
