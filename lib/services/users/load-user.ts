import "server-only";
import { asc, eq, sql } from "drizzle-orm";
import { TtlCache } from "@/lib/cache/ttl-cache";
import { db } from "@/lib/db/client";
import { cncBrands, cncModels, cncVariants, ownedMachines, users } from "@/lib/db/schema";
import { AppError } from "@/lib/errors";
import type { OwnedMachine, SessionUser } from "@/lib/validation/session";
import type { PublicUser } from "@/lib/validation/users";
import { isStaffEmail } from "@/lib/auth/staff";
import { withModelAndBrand } from "@/lib/services/catalogue/queries/with-model-and-brand";
import { loadFollowCounts } from "@/lib/services/follows/follow-counts";

/** The fixed text the spec sends for locatedAt. */
export const LOCATED_AT_TEXT = "Yet to be collected";

interface MachineRow extends OwnedMachine {
  brandId: string;
  modelId: string;
}

async function machinesOf(userId: string): Promise<MachineRow[]> {
  const query = db()
    .select({
      variantId: cncVariants.id,
      variantName: cncVariants.name,
      variantLink: cncVariants.link,
      modelId: cncModels.id,
      modelName: cncModels.name,
      modelLink: cncModels.link,
      brandId: cncBrands.id,
      brandName: cncBrands.name,
    })
    .from(ownedMachines)
    .innerJoin(cncVariants, eq(cncVariants.id, ownedMachines.variantId))
    .$dynamic();
  const rows = await withModelAndBrand(query)
    .where(eq(ownedMachines.userId, userId))
    .orderBy(asc(ownedMachines.createdAt), asc(cncVariants.name));
  return rows.map((row) => ({
    _id: row.variantId,
    name: row.variantName,
    cncBrand: { name: row.brandName },
    cncModel: { name: row.modelName, link: row.modelLink },
    link: row.variantLink,
    brandId: row.brandId,
    modelId: row.modelId,
  }));
}

const publicMachine = ({ brandId: _b, modelId: _m, ...machine }: MachineRow): OwnedMachine => machine;
const distinct = (values: string[]) => [...new Set(values)];

type UserRow = typeof users.$inferSelect;

function toSessionUser(row: UserRow, machines: MachineRow[]): SessionUser {
  return {
    _id: row.id,
    username: row.username,
    firstname: row.firstname,
    lastname: row.lastname,
    email: row.email,
    website: row.website,
    profilePicture: row.profilePicture,
    isVerified: row.isVerified,
    isOnefinityOfficial: row.isOnefinityOfficial,
    isUserSignupComplete: row.isUserSignupComplete,
    authProvider: row.authProvider,
    isStaff: isStaffEmail(row.email, row.isVerified),
    privacy: {
      email: row.privacyEmail,
      firstname: row.privacyFirstname,
      lastname: row.privacyLastname,
      website: row.privacyWebsite,
    },
    ownedMachines: machines.map(publicMachine),
  };
}

/** The signed-in user as GET /api/v1/auth/me answers it. */
export async function loadSessionUser(userId: string): Promise<SessionUser> {
  const [row] = await db().select().from(users).where(eq(users.id, userId)).limit(1);
  if (!row) throw new AppError("UNAUTHENTICATED", "Please log in to continue.");
  return toSessionUser(row, await machinesOf(userId));
}

/**
 * The signed-in user of the site's chrome (the `(site)` layout), reused for a moment per user in
 * this process: a member moving between pages costs no query. Any write through the app empties
 * it at once in the process that took it (lib/cache/ttl-cache.ts); another server process may
 * show the header's copy up to CHROME_USER_TTL_MS late. The API (`auth/me`) always reads afresh.
 */
const CHROME_USER_TTL_MS = 2_000;
const chromeUsers = new TtlCache<SessionUser>({ ttlMs: CHROME_USER_TTL_MS, maxEntries: 5_000 });

export function loadChromeUser(userId: string): Promise<SessionUser> {
  return chromeUsers.get(userId, () => loadSessionUser(userId));
}

/**
 * A profile by username (case-insensitive). Privacy applies to everyone but the owner: a field
 * the owner hides is null. The username is always shown.
 */
export async function loadPublicUser(username: string, viewerId: string | null): Promise<PublicUser> {
  const [row] = await db()
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = ${username.trim().toLowerCase()}`)
    .limit(1);
  if (!row) throw new AppError("NOT_FOUND", "User not found.");
  const [machines, follow] = await Promise.all([machinesOf(row.id), loadFollowCounts(row.id, viewerId)]);
  const isOwner = viewerId === row.id;
  const show = <T>(allowed: boolean, value: T): T | null => (isOwner || allowed ? value : null);
  return {
    _id: row.id,
    username: row.username,
    firstname: show(row.privacyFirstname, row.firstname),
    lastname: show(row.privacyLastname, row.lastname),
    email: show(row.privacyEmail, row.email),
    website: show(row.privacyWebsite, row.website),
    profilePicture: row.profilePicture,
    isVerified: row.isVerified,
    isOnefinityOfficial: row.isOnefinityOfficial,
    isOwner,
    privacy: isOwner
      ? {
          email: row.privacyEmail,
          firstname: row.privacyFirstname,
          lastname: row.privacyLastname,
          website: row.privacyWebsite,
        }
      : null,
    ownedMachines: machines.map(publicMachine),
    cncBrand: distinct(machines.map((machine) => machine.brandId)),
    cncModel: distinct(machines.map((machine) => machine.modelId)),
    cncVariant: machines.map((machine) => machine._id),
    locatedAt: LOCATED_AT_TEXT,
    followers: follow.followers,
    following: follow.following,
    ...(follow.isFollowedByUser === null ? {} : { isFollowedByUser: follow.isFollowedByUser }),
  };
}
