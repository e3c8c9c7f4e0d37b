import { ChevronDownIcon } from "@/components/ui/icons";

/** The 'Actions' button's look, shared by the placeholder button and the loaded menu's trigger. */
export const OWNER_ACTIONS_TRIGGER_CLASSES =
  "inline-flex h-8 items-center gap-1 rounded-lg border border-line px-2 text-xs font-medium text-ink hover:bg-surface-muted";

export function OwnerActionsFace() {
  return (
    <>
      Actions <ChevronDownIcon className="size-3.5" />
    </>
  );
}
