import { hash } from "@node-rs/argon2";
import { eq } from "drizzle-orm";
import type { Database } from "@/lib/db/create";
import { ownedMachines, partners, users } from "@/lib/db/schema";
import { DEMO_PASSWORD, LOCATED_AT_PLACEHOLDER, SEED_PARTNERS, SEED_USERS } from "../content/people";
import { variantIdOf, type VariantIds } from "./catalogue";

export interface PeopleIds {
  users: Map<string, string>;
  partners: Map<string, string>;
}

/** Accounts, their machines and the partners; existing usernames are left as they are. */
export async function seedPeople(db: Database, variantIds: VariantIds): Promise<PeopleIds> {
  // One hash for every demo account: argon2id is deliberately slow.
  const passwordHash = await hash(DEMO_PASSWORD);
  await db
    .insert(users)
    .values(
      SEED_USERS.map((user) => ({
        username: user.username,
        email: user.email,
        passwordHash: user.authProvider === "email" ? passwordHash : null,
        firstname: user.firstname,
        lastname: user.lastname,
        website: user.website,
        isVerified: user.isVerified,
        isOnefinityOfficial: user.isOnefinityOfficial,
        authProvider: user.authProvider,
        isUserSignupComplete: user.isUserSignupComplete,
        privacyEmail: user.privacy.email,
        privacyFirstname: user.privacy.firstname,
        privacyLastname: user.privacy.lastname,
        privacyWebsite: user.privacy.website,
        locatedAt: LOCATED_AT_PLACEHOLDER,
      })),
    )
    .onConflictDoNothing();
  const userRows = await db.select({ id: users.id, username: users.username }).from(users);
  const userIds = new Map(userRows.map((row) => [row.username, row.id]));

  const machineRows = SEED_USERS.flatMap((user) =>
    user.ownedMachines.map((ref) => ({
      userId: userIds.get(user.username)!,
      variantId: variantIdOf(variantIds, ref),
    })),
  );
  if (machineRows.length) await db.insert(ownedMachines).values(machineRows).onConflictDoNothing();

  await db
    .insert(partners)
    .values(
      SEED_PARTNERS.map((partner) => ({
        name: partner.name,
        color: partner.color,
        userId: userIds.get(partner.user)!,
      })),
    )
    .onConflictDoNothing();
  const partnerRows = await db
    .select({ id: partners.id, username: users.username })
    .from(partners)
    .innerJoin(users, eq(users.id, partners.userId));
  return { users: userIds, partners: new Map(partnerRows.map((row) => [row.username, row.id])) };
}
