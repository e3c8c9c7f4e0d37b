import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import { db } from "@/lib/db/client";
import { cncVariants, ownedMachines } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import type { SessionUser } from "@/lib/validation/session";
import { loadSessionUser } from "./load-user";

type Executor = Pick<ReturnType<typeof db>, "select" | "insert">;

/** Throws 400 unless every id names a catalogue variant. Returns the distinct ids. */
export async function assertVariantsExist(
  ids: readonly string[],
  executor: Executor = db(),
): Promise<string[]> {
  const distinct = [...new Set(ids)];
  if (distinct.length === 0) return distinct;
  const found = await executor
    .select({ id: cncVariants.id })
    .from(cncVariants)
    .where(inArray(cncVariants.id, distinct));
  if (found.length !== distinct.length) {
    throw new AppError("VALIDATION", "One or more CNC variants do not exist.", {
      issues: [{ path: "cncVariant", message: "One or more CNC variants do not exist." }],
    });
  }
  return distinct;
}

export async function insertOwnedMachines(
  userId: string,
  variantIds: readonly string[],
  executor: Executor = db(),
): Promise<void> {
  if (variantIds.length === 0) return;
  await executor
    .insert(ownedMachines)
    .values(variantIds.map((variantId) => ({ userId, variantId })))
    .onConflictDoNothing();
}

/** POST /api/v1/auth/addMachines: machines already owned stay once. */
export async function addMachines(userId: string, variantIds: readonly string[]): Promise<SessionUser> {
  const ids = await assertVariantsExist(variantIds);
  await insertOwnedMachines(userId, ids);
  return loadSessionUser(userId);
}

/** POST /api/v1/auth/removeMachine: only the caller's own list changes. */
export async function removeMachine(userId: string, variantId: string): Promise<SessionUser> {
  const removed = await db()
    .delete(ownedMachines)
    .where(and(eq(ownedMachines.userId, userId), eq(ownedMachines.variantId, variantId)))
    .returning({ variantId: ownedMachines.variantId });
  if (removed.length === 0) throw new AppError("NOT_FOUND", "This machine is not in your list.");
  return loadSessionUser(userId);
}
