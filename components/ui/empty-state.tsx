import type { ReactNode } from "react";
import { cn } from "@/lib/utils/cn";

export type EmptyStateProps = {
  /** A decorative icon, e.g. `<SearchIcon />`; it is sized for you. */
  icon?: ReactNode;
  title: string;
  text?: ReactNode;
  /** A button or link, e.g. `<Button>Add</Button>`. */
  action?: ReactNode;
  headingLevel?: "h2" | "h3";
  className?: string;
};

export function EmptyState({ icon, title, text, action, headingLevel = "h2", className }: EmptyStateProps) {
  const Heading = headingLevel;
  return (
    <div
      className={cn(
        "flex flex-col items-center justify-center gap-3 rounded-xl border border-dashed border-line-strong px-6 py-12 text-center",
        className,
      )}
    >
      {icon ? (
        <div
          aria-hidden="true"
          className="flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-600 [&_svg]:size-6"
        >
          {icon}
        </div>
      ) : null}
      <Heading className="text-base font-semibold text-ink">{title}</Heading>
      {text ? <div className="max-w-sm text-sm text-ink-muted">{text}</div> : null}
      {action ? <div className="mt-2 flex flex-wrap items-center justify-center gap-2">{action}</div> : null}
    </div>
  );
}
