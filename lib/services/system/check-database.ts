import "server-only";
import { sql } from "drizzle-orm";
import { db } from "@/lib/db/client";

/** True when the database answers a trivial query. */
export async function checkDatabase(): Promise<boolean> {
  try {
    await db().execute(sql`select 1`);
    return true;
  } catch (error) {
    console.error("[health] database unreachable:", error);
    return false;
  }
}
