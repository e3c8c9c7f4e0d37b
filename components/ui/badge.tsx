import type { ComponentProps } from "react";
import { cn } from "@/lib/utils/cn";

export type BadgeTone = "neutral" | "brand" | "blue" | "green" | "purple" | "orange" | "amber" | "red";
export type BadgeSize = "sm" | "md";

const toneClasses: Record<BadgeTone, string> = {
  neutral: "bg-surface-muted text-ink-muted ring-line-strong/70",
  brand: "bg-brand-50 text-brand-800 ring-brand-200",
  blue: "bg-blue-50 text-blue-800 ring-blue-200",
  green: "bg-green-50 text-green-800 ring-green-200",
  purple: "bg-purple-50 text-purple-800 ring-purple-200",
  orange: "bg-orange-50 text-orange-800 ring-orange-200",
  amber: "bg-amber-50 text-amber-800 ring-amber-200",
  red: "bg-red-50 text-red-800 ring-red-200",
};

const sizeClasses: Record<BadgeSize, string> = {
  sm: "px-1.5 py-0.5 text-[0.6875rem] [&_svg]:size-3",
  md: "px-2 py-0.5 text-xs [&_svg]:size-3.5",
};

export function badgeClasses({
  tone = "neutral",
  size = "md",
  className,
}: { tone?: BadgeTone; size?: BadgeSize; className?: string } = {}): string {
  return cn(
    "inline-flex items-center gap-1 rounded-full font-medium whitespace-nowrap ring-1 ring-inset",
    toneClasses[tone],
    sizeClasses[size],
    className,
  );
}

export type BadgeProps = ComponentProps<"span"> & { tone?: BadgeTone; size?: BadgeSize };

export function Badge({ tone, size, className, ...props }: BadgeProps) {
  return <span className={badgeClasses({ tone, size, className })} {...props} />;
}
