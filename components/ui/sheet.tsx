"use client";

import * as DialogPrimitive from "@radix-ui/react-dialog";
import type { ComponentProps, ReactNode } from "react";
import { cn } from "@/lib/utils/cn";
import { PortalContent } from "./dialog-panel";
import { CloseIcon } from "./icons";

/** A dialog that slides in from a screen edge, e.g. a mobile navigation menu. */
export const Sheet = DialogPrimitive.Root;
export const SheetTrigger = DialogPrimitive.Trigger;
export const SheetClose = DialogPrimitive.Close;

export type SheetSide = "left" | "right";

export type SheetContentProps = Omit<ComponentProps<typeof DialogPrimitive.Content>, "title"> & {
  title: ReactNode;
  description?: ReactNode;
  hideTitle?: boolean;
  side?: SheetSide;
  closeLabel?: string;
};

const sideClasses: Record<SheetSide, string> = {
  right:
    "right-0 border-l data-[state=closed]:animate-slide-out-right data-[state=open]:animate-slide-in-right",
  left: "left-0 border-r data-[state=closed]:animate-slide-out-left data-[state=open]:animate-slide-in-left",
};

export function SheetContent({
  title,
  description,
  hideTitle = false,
  side = "right",
  closeLabel = "Close menu",
  className,
  children,
  ...props
}: SheetContentProps) {
  return (
    <PortalContent
      hasDescription={Boolean(description)}
      className={cn(
        "fixed inset-y-0 z-50 flex w-[min(20rem,88vw)] flex-col border-line bg-surface text-ink shadow-overlay",
        sideClasses[side],
        className,
      )}
      {...props}
    >
      <div className="flex min-h-16 items-center justify-between gap-3 border-b border-line px-4">
        <div className="min-w-0">
          <DialogPrimitive.Title className={cn("text-base font-semibold", hideTitle && "sr-only")}>
            {title}
          </DialogPrimitive.Title>
          {description ? (
            <DialogPrimitive.Description className="truncate text-sm text-ink-muted">
              {description}
            </DialogPrimitive.Description>
          ) : null}
        </div>
        <DialogPrimitive.Close
          aria-label={closeLabel}
          className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg text-ink-muted transition-colors hover:bg-ink/5 hover:text-ink"
        >
          <CloseIcon className="size-5" />
        </DialogPrimitive.Close>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto">{children}</div>
    </PortalContent>
  );
}
