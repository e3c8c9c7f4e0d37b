import Link from "next/link";
import { Avatar } from "@/components/ui/avatar";
import { cn } from "@/lib/utils/cn";

/** A member's avatar and @username, linking to their profile. */
export function UserLink({
  user,
  className,
}: {
  user: { username: string; profilePicture: string | null };
  className?: string;
}) {
  return (
    <Link
      href={`/${user.username}`}
      className={cn("inline-flex items-center gap-2 font-medium hover:underline", className)}
    >
      <Avatar src={user.profilePicture} name={user.username} alt="" size="sm" />@{user.username}
    </Link>
  );
}
