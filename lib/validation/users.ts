import { z } from "zod";
import { endpoint } from "@/lib/validation/endpoint";

import { formDataToObject } from "@/lib/validation/form-data";
import { isHttpUrl, MULTIPART_MAX_BYTES, profilePictureSchema } from "./auth";
import { idSchema } from "./common";
import { ownedMachineSchema, sessionUserSchema } from "./session";

const flag = z.preprocess(
  (value) => (value === "true" ? true : value === "false" ? false : value),
  z.boolean({ message: "Must be true or false" }),
);

export const privacySchema = z.object({
  email: flag.optional(),
  firstname: flag.optional(),
  lastname: flag.optional(),
  website: flag.optional(),
});

const name = (label: "First" | "Last") =>
  z
    .string({ message: `${label} name must be at least 2 characters` })
    .trim()
    .min(2, `${label} name must be at least 2 characters`)
    .max(50, `${label} name must not exceed 50 characters`);

/** Edit Profile: names 2-50, website URL or empty, privacy switches, picture file/URL/empty. */
export const updateUserFieldsSchema = z.object({
  firstname: name("First"),
  lastname: name("Last"),
  website: z
    .string()
    .trim()
    .optional()
    // An address typed without a scheme ("maker.example") is read as https.
    .transform((value) => (value && !/^[a-z][a-z\d+.-]*:/i.test(value) ? `https://${value}` : value))
    .refine((value) => !value || isHttpUrl(value), "Please enter a valid URL"),
  privacy: privacySchema.optional(),
  profilePicture: profilePictureSchema,
});

export const updateUserSchema = z.preprocess((input) => formDataToObject(input), updateUserFieldsSchema);

export const addMachinesSchema = z.object({
  cncVariantIdList: z
    .array(idSchema, { message: "At least one CNC Variant is required" })
    .min(1, "At least one CNC Variant is required")
    .max(50, "At most 50 machines at once"),
});

export const removeMachineSchema = z.object({ cncVariantId: idSchema });

/** A profile as others see it: hidden fields are null; `privacy` only for the owner. */
export const publicUserSchema = z.object({
  _id: z.string(),
  username: z.string(),
  firstname: z.string().nullable(),
  lastname: z.string().nullable(),
  email: z.string().nullable(),
  website: z.string().nullable(),
  profilePicture: z.string().nullable(),
  isVerified: z.boolean(),
  isOnefinityOfficial: z.boolean(),
  isOwner: z.boolean(),
  privacy: sessionUserSchema.shape.privacy.nullable(),
  ownedMachines: z.array(ownedMachineSchema),
  cncBrand: z.array(z.string()),
  cncModel: z.array(z.string()),
  cncVariant: z.array(z.string()),
  locatedAt: z.string(),
  /** How many follow this user, and how many this user follows. */
  followers: z.number().int(),
  following: z.number().int(),
  /** For a signed-in reader only: whether they follow this user. */
  isFollowedByUser: z.boolean().optional(),
});

export type PublicUser = z.infer<typeof publicUserSchema>;

export const updateUserEndpoint = endpoint({
  method: "POST",
  path: "/api/v1/auth/updateUser",
  summary: "Edit the signed-in user's profile (multipart: names, website, privacy.*, new picture)",
  tag: "Users",
  auth: "required",
  body: updateUserSchema,
  maxBodyBytes: MULTIPART_MAX_BYTES,
  response: z.object({ user: sessionUserSchema }),
});

export const getByUsernameEndpoint = endpoint({
  method: "GET",
  path: "/api/v1/auth/getByUsername/{username}",
  summary: "A profile; the owner's privacy choices apply to everyone but the owner",
  tag: "Users",
  auth: "optional",
  sharedCache: true,
  params: z.object({ username: z.string().min(1).max(64) }),
  response: z.object({ user: publicUserSchema }),
});

export const addMachinesEndpoint = endpoint({
  method: "POST",
  path: "/api/v1/auth/addMachines",
  summary: "Add owned machines (variant ids); already owned ones are kept once",
  tag: "Users",
  auth: "required",
  body: addMachinesSchema,
  response: z.object({ user: sessionUserSchema }),
});

export const removeMachineEndpoint = endpoint({
  method: "POST",
  path: "/api/v1/auth/removeMachine",
  summary: "Remove one owned machine",
  tag: "Users",
  auth: "required",
  body: removeMachineSchema,
  response: z.object({ user: sessionUserSchema }),
});
