import type { ComponentProps } from "react";
import { cn } from "@/lib/utils/cn";

/**
 * A pulsing placeholder block; size it with className. Hidden from assistive technology.
 * A `rounded-*` class in className replaces the default corner radius (e.g. rounded-full for avatars).
 */
export function Skeleton({ className, ...props }: ComponentProps<"div">) {
  const hasOwnRadius = /(^|\s)rounded(-|\s|$)/.test(className ?? "");
  return (
    <div
      aria-hidden="true"
      className={cn("animate-pulse bg-line", !hasOwnRadius && "rounded-md", className)}
      {...props}
    />
  );
}

/** Placeholder lines of text; the last one is shorter, like a paragraph's end. */
export function SkeletonText({ lines = 3, className }: { lines?: number; className?: string }) {
  return (
    <div aria-hidden="true" className={cn("flex flex-col gap-2", className)}>
      {Array.from({ length: lines }, (_, index) => (
        <Skeleton
          key={index}
          className={cn("h-3.5", index === lines - 1 && lines > 1 ? "w-2/3" : "w-full")}
        />
      ))}
    </div>
  );
}
