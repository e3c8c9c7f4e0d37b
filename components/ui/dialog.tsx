"use client";

import dynamic from "next/dynamic";
import {
  cloneElement,
  type ComponentProps,
  createContext,
  isValidElement,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
  type RefObject,
  use,
  useRef,
  useState,
} from "react";
import { cn } from "@/lib/utils/cn";
import type { DialogContentProps } from "./dialog-panel";

export type { DialogContentProps, DialogSize } from "./dialog-panel";

// Dialogs keep their state here and render through Radix (dialog-panel.tsx) only from their first
// opening on: a page full of dialog triggers (rating buttons on every card, Download, Share) loads
// no dialog code until one is opened.
const DialogPanel = dynamic(() => import("./dialog-panel").then((module) => module.DialogPanel));

interface DialogState {
  isOpen: boolean;
  setOpen: (open: boolean) => void;
  /** The DialogTrigger that opened the dialog: the focus returns to it on close. */
  triggerRef: RefObject<HTMLElement | null>;
}

const DialogContext = createContext<DialogState | null>(null);

function useDialogState(part: string): DialogState {
  const state = use(DialogContext);
  if (!state) throw new Error(`${part} must be inside a Dialog`);
  return state;
}

/** Root; controlled with `open`/`onOpenChange` or uncontrolled with a DialogTrigger. */
export function Dialog({
  open,
  defaultOpen = false,
  onOpenChange,
  children,
}: {
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  children: ReactNode;
}) {
  const [uncontrolledOpen, setUncontrolledOpen] = useState(defaultOpen);
  const triggerRef = useRef<HTMLElement | null>(null);
  const isOpen = open ?? uncontrolledOpen;
  const setOpen = (next: boolean) => {
    if (open === undefined) setUncontrolledOpen(next);
    onOpenChange?.(next);
  };
  return <DialogContext value={{ isOpen, setOpen, triggerRef }}>{children}</DialogContext>;
}

type PressableProps = Omit<ComponentProps<"button">, "onClick"> & {
  onClick?: (event: MouseEvent<HTMLElement>) => void;
  /** Lend the behaviour to the only child (e.g. a Button) instead of rendering a <button>. */
  asChild?: boolean;
};

/** A <button>, or the child element given the button's props when `asChild`. */
function Pressable({ asChild = false, children, onClick, ...props }: PressableProps) {
  if (asChild && isValidElement(children)) {
    const child = children as ReactElement<{ onClick?: (event: MouseEvent<HTMLElement>) => void }>;
    return cloneElement(child, {
      ...props,
      onClick: (event: MouseEvent<HTMLElement>) => {
        child.props.onClick?.(event);
        if (!event.defaultPrevented) onClick?.(event);
      },
    });
  }
  return (
    <button type="button" onClick={onClick} {...props}>
      {children}
    </button>
  );
}

/** Opens its Dialog; the same ARIA state as Radix's trigger. */
export function DialogTrigger(props: PressableProps) {
  const { isOpen, setOpen, triggerRef } = useDialogState("DialogTrigger");
  return (
    <Pressable
      aria-haspopup="dialog"
      aria-expanded={isOpen}
      data-state={isOpen ? "open" : "closed"}
      {...props}
      onClick={(event) => {
        props.onClick?.(event);
        if (event.defaultPrevented) return;
        triggerRef.current = event.currentTarget;
        setOpen(true);
      }}
    />
  );
}

/** Closes its Dialog (a Cancel button inside it). */
export function DialogClose(props: PressableProps) {
  const { setOpen } = useDialogState("DialogClose");
  return (
    <Pressable
      {...props}
      onClick={(event) => {
        props.onClick?.(event);
        if (!event.defaultPrevented) setOpen(false);
      }}
    />
  );
}

/**
 * Modal panel: a bottom sheet on phones, a centred card from the `sm` breakpoint. Focus is
 * trapped inside and returns to the trigger on close; Escape and an outside click close it.
 * Nothing is rendered (or loaded) before the dialog first opens; afterwards it stays mounted so
 * that it closes with its animation.
 */
export function DialogContent(props: DialogContentProps) {
  const { isOpen, setOpen, triggerRef } = useDialogState("DialogContent");
  const [wasOpened, setWasOpened] = useState(isOpen);
  if (isOpen && !wasOpened) setWasOpened(true);
  if (!wasOpened) return null;
  return <DialogPanel open={isOpen} onOpenChange={setOpen} returnFocusTo={triggerRef} {...props} />;
}

/** Action row at the end of a dialog body: stacked full-width on phones, right-aligned above. */
export function DialogFooter({ className, ...props }: ComponentProps<"div">) {
  return (
    <div
      className={cn(
        "mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:items-center sm:justify-end [&>*]:w-full sm:[&>*]:w-auto",
        className,
      )}
      {...props}
    />
  );
}
