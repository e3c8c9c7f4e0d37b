import { z } from "zod";

/** An owned machine as the spec shows it: the variant with its model and brand names. */
export const ownedMachineSchema = z.object({
  _id: z.string(),
  name: z.string(),
  cncBrand: z.object({ name: z.string() }),
  cncModel: z.object({ name: z.string(), link: z.string().nullable() }),
  link: z.string().nullable(),
});

/** The signed-in user as the browser knows it (GET /api/v1/auth/me answers `{ user }`). */
export const sessionUserSchema = z.object({
  _id: z.string(),
  username: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  website: z.string().nullable(),
  profilePicture: z.string().nullable(),
  isVerified: z.boolean(),
  isOnefinityOfficial: z.boolean(),
  isUserSignupComplete: z.boolean(),
  authProvider: z.enum(["email", "google"]),
  isStaff: z.boolean(),
  privacy: z.object({
    email: z.boolean(),
    firstname: z.boolean(),
    lastname: z.boolean(),
    website: z.boolean(),
  }),
  ownedMachines: z.array(ownedMachineSchema),
});

export type OwnedMachine = z.infer<typeof ownedMachineSchema>;
export type SessionUser = z.infer<typeof sessionUserSchema>;
