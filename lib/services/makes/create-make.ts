import "server-only";
import { and, eq } from "drizzle-orm";
import { db } from "@/lib/db/client";
import { ownedMachines, projectMakes } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import { afterEvent } from "@/lib/services/notifications/record-notifications";
import { notifyMakeOnProject } from "@/lib/services/notifications/notify-project-activity";
import { assertPostVisible } from "@/lib/services/posts/post-access";
import type { Actor } from "@/lib/auth/actor";
import { type Make, MAKE_MESSAGES, type MakeRatings } from "@/lib/validation/makes";
import { loadMakes } from "./queries/load-makes";
import { snapshotMakeBit } from "./queries/make-bit";

/**
 * Records a make on one of the actor's own machines. Ratings are stored only when the project
 * was cut (the schema requires all four then); the weighted total is a generated column and the
 * post's makes_count / average_total_rating follow by trigger. Images arrive afterwards through
 * the upload flow with parentType projectMake and this make's id. Material and bit are optional; a
 * bit from the project's tool table keeps what it cut with (queries/make-bit.ts) for the atlas.
 */
export async function createMake({
  actor,
  input,
}: {
  actor: Actor;
  input: {
    postId: string;
    printedOn: string;
    isPrinted: boolean;
    ratings?: Partial<MakeRatings> | null;
    caption?: string | null;
    material?: string | null;
    bitToolId?: string | null;
    bitText?: string | null;
  };
}): Promise<Make> {
  await assertPostVisible(input.postId, actor);
  const [owned] = await db()
    .select({ variantId: ownedMachines.variantId })
    .from(ownedMachines)
    .where(and(eq(ownedMachines.userId, actor.id), eq(ownedMachines.variantId, input.printedOn)))
    .limit(1);
  if (!owned) {
    throw new AppError("VALIDATION", MAKE_MESSAGES.machineRequired, {
      issues: [{ path: "printedOn", message: MAKE_MESSAGES.machineRequired }],
    });
  }
  const bit = input.bitToolId ? await snapshotMakeBit(input.postId, input.bitToolId) : null;
  const ratings = input.isPrinted ? input.ratings : null;
  const [row] = await db()
    .insert(projectMakes)
    .values({
      postId: input.postId,
      userId: actor.id,
      printedOnId: input.printedOn,
      isPrinted: input.isPrinted,
      cutExpectation: ratings?.cutExpectation ?? null,
      cutQuality: ratings?.cutQuality ?? null,
      correctFileInfo: ratings?.correctFileInfo ?? null,
      coolFactor: ratings?.coolFactor ?? null,
      caption: input.caption ? input.caption : null,
      material: input.material ?? null,
      ...(bit ?? { bitText: input.bitText ? input.bitText : null }),
    })
    .returning({ id: projectMakes.id });
  await afterEvent("make", () => notifyMakeOnProject({ actor, postId: input.postId }));
  const [make] = row ? await loadMakes({ makeIds: [row.id] }) : [];
  if (!make) throw new AppError("NOT_FOUND", "Make not found");
  return make;
}
