import { Avatar } from "@/components/ui/avatar";
import { ChevronDownIcon } from "@/components/ui/icons";
import type { HeaderUser } from "./header-user";

export type AccountMenuProps = {
  user: HeaderUser;
  /** Called by 'Log out'; a server action or a client handler. Without it the item is disabled. */
  onLogout?: () => void | Promise<void>;
  adminDashboardUrl: string | null;
};

export const ACCOUNT_TRIGGER_CLASSES =
  "group inline-flex h-10 items-center gap-1 rounded-full py-0.5 pr-2 pl-0.5 transition-colors hover:bg-ink/5 data-[state=open]:bg-ink/5";

/** The avatar and the chevron: the face of the 'My Account' button, before and after the menu loads. */
export function AccountFace({ user }: { user: HeaderUser }) {
  return (
    <>
      <Avatar src={user.profilePicture} name={user.username} alt="" />
      <ChevronDownIcon className="size-4 text-ink-subtle transition-transform group-data-[state=open]:rotate-180" />
    </>
  );
}
