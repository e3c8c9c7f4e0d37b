import "server-only";
import { assertPostVisible } from "@/lib/services/posts/post-access";
import type { Actor } from "@/lib/auth/actor";
import type { Make } from "@/lib/validation/makes";
import { loadMakes } from "./queries/load-makes";

/** Makes of a post the actor may see, newest first. */
export async function listMakes({ postId, actor }: { postId: string; actor: Actor | null }): Promise<Make[]> {
  await assertPostVisible(postId, actor);
  return loadMakes({ postId });
}
