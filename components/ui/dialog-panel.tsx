"use client";

// The Radix half of dialog.tsx, imported when a dialog first opens: Radix's focus
// trap, scroll lock and layers stay out of the first load of every page that merely has a dialog.
import * as DialogPrimitive from "@radix-ui/react-dialog";
import type { ComponentProps, ReactNode, RefObject } from "react";
import { cn } from "@/lib/utils/cn";
import { CloseIcon } from "./icons";

export type DialogSize = "sm" | "md" | "lg" | "xl";

const sizeClasses: Record<DialogSize, string> = {
  sm: "sm:max-w-sm",
  md: "sm:max-w-md",
  lg: "sm:max-w-lg",
  xl: "sm:max-w-2xl",
};

export type DialogContentProps = Omit<ComponentProps<typeof DialogPrimitive.Content>, "title"> & {
  /** Required: every dialog needs an accessible name. */
  title: ReactNode;
  description?: ReactNode;
  /** Keeps the title for screen readers but does not show it. */
  hideTitle?: boolean;
  size?: DialogSize;
  showCloseButton?: boolean;
  closeLabel?: string;
};

export function DialogOverlay({ className, ...props }: ComponentProps<typeof DialogPrimitive.Overlay>) {
  return (
    <DialogPrimitive.Overlay
      className={cn(
        "fixed inset-0 z-50 bg-ink/45 backdrop-blur-[2px]",
        "data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in",
        className,
      )}
      {...props}
    />
  );
}

/** Radix's content in its portal above the overlay, for the dialog and the sheet. */
export function PortalContent({
  hasDescription,
  ...props
}: ComponentProps<typeof DialogPrimitive.Content> & { hasDescription: boolean }) {
  // Radix warns when a dialog has no description unless aria-describedby is explicitly unset.
  const describedBy = hasDescription ? {} : { "aria-describedby": undefined };
  return (
    <DialogPrimitive.Portal>
      <DialogOverlay />
      <DialogPrimitive.Content {...describedBy} {...props} />
    </DialogPrimitive.Portal>
  );
}

/**
 * The open dialog as Radix renders it, driven by dialog.tsx's state: a dialog.tsx DialogTrigger is
 * not a Radix trigger, so the focus goes back to it here (`returnFocusTo`) when the dialog closes.
 */
export function DialogPanel({
  open,
  onOpenChange,
  returnFocusTo,
  onCloseAutoFocus,
  ...props
}: DialogContentProps & {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusTo: RefObject<HTMLElement | null>;
}) {
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogContent
        onCloseAutoFocus={(event) => {
          onCloseAutoFocus?.(event);
          const trigger = returnFocusTo.current;
          if (event.defaultPrevented || !trigger) return;
          event.preventDefault();
          trigger.focus();
        }}
        {...props}
      />
    </DialogPrimitive.Root>
  );
}

/**
 * Modal panel: a bottom sheet on phones, a centred card from the `sm` breakpoint. Focus is
 * trapped inside and returns to the trigger on close; Escape and an outside click close it.
 */
function DialogContent({
  title,
  description,
  hideTitle = false,
  size = "md",
  showCloseButton = true,
  closeLabel = "Close",
  className,
  children,
  ...props
}: DialogContentProps) {
  return (
    <PortalContent
      hasDescription={Boolean(description)}
      className={cn(
        "fixed inset-x-0 bottom-0 z-50 flex max-h-[92dvh] w-full flex-col overflow-hidden",
        "rounded-t-2xl border border-line bg-surface text-ink shadow-overlay",
        "data-[state=closed]:animate-rise-out data-[state=open]:animate-rise-in",
        "sm:inset-auto sm:top-1/2 sm:left-1/2 sm:max-h-[85dvh] sm:w-[calc(100%-2rem)] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl",
        "sm:data-[state=closed]:animate-pop-out sm:data-[state=open]:animate-pop-in",
        sizeClasses[size],
        className,
      )}
      {...props}
    >
      <div
        className={cn(
          "flex flex-col gap-1 px-5 pt-5 sm:px-6 sm:pt-6",
          showCloseButton && "pr-14 sm:pr-14",
          hideTitle && !description && "sr-only",
        )}
      >
        <DialogPrimitive.Title
          className={cn("text-lg leading-snug font-semibold text-ink", hideTitle && "sr-only")}
        >
          {title}
        </DialogPrimitive.Title>
        {description ? (
          <DialogPrimitive.Description className="text-sm text-ink-muted">
            {description}
          </DialogPrimitive.Description>
        ) : null}
      </div>
      {/* On phones the panel touches the screen's bottom edge: keep clear of the home indicator. */}
      <div className="min-h-0 flex-1 overflow-y-auto px-5 pt-4 pb-[max(1.25rem,env(safe-area-inset-bottom))] sm:px-6 sm:pb-6">
        {children}
      </div>
      {showCloseButton ? (
        <DialogPrimitive.Close
          aria-label={closeLabel}
          className="absolute top-3 right-3 inline-flex size-10 items-center justify-center rounded-lg text-ink-muted transition-colors hover:bg-ink/5 hover:text-ink sm:top-4 sm:right-4"
        >
          <CloseIcon className="size-5" />
        </DialogPrimitive.Close>
      ) : null}
    </PortalContent>
  );
}
