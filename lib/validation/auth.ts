import { z } from "zod";
import { endpoint } from "@/lib/validation/endpoint";

import { formDataToObject } from "@/lib/validation/form-data";
import { idSchema } from "./common";
import { sessionUserSchema } from "./session";

/** The spec's section 5 and 9 rules and messages, shared by the forms and the route handlers. */
export const OTP_LENGTH = 6;
export const PASSWORD_MIN = 8;
export const USERNAME_MIN = 4;
export const USERNAME_MAX = 15;
export const PROFILE_PHOTO_MAX_BYTES = 5 * 1024 * 1024;
/** A sign-up or profile form: the photo plus a margin for the other fields. */
export const MULTIPART_MAX_BYTES = PROFILE_PHOTO_MAX_BYTES + 1024 * 1024;
export const PROFILE_PHOTO_EXTENSIONS = ["jpeg", "jpg", "png", "gif"] as const;
export const PROFILE_PHOTO_TYPES = ["image/jpeg", "image/png", "image/gif"] as const;

export const emailSchema = z
  .string({ message: "Email is required" })
  .trim()
  .min(1, "Email is required")
  .max(254, "Please enter a valid email address")
  .pipe(z.email({ message: "Please enter a valid email address" }));

export const passwordSchema = z
  .string({ message: "Password must be at least 8 characters long" })
  .min(PASSWORD_MIN, "Password must be at least 8 characters long")
  .max(256, "Password must not exceed 256 characters");

/** Every username rule reports its own message, in the spec's order of importance. */
export const usernameSchema = z
  .string({ message: "Username is required" })
  .trim()
  .superRefine((value, context) => {
    const fail = (message: string) => context.addIssue({ code: "custom", message });
    if (value.length === 0) return fail("Username is required");
    if (/\s/.test(value)) return fail("Username cannot contain spaces or other whitespace characters");
    if (value.length < USERNAME_MIN) return fail("Username must be at least 4 characters long");
    if (value.length > USERNAME_MAX) return fail("Username must not exceed 15 characters");
    if (!/^[A-Za-z0-9_]+$/.test(value))
      return fail("Username can only contain letters, numbers, and underscores");
    if (!/^[A-Za-z]/.test(value)) return fail("Username must start with a letter");
    if (value.includes("__")) return fail("Username cannot contain consecutive underscores");
  });

export const otpSchema = z
  .string({ message: "Your verification code must be 6 characters." })
  .trim()
  .length(OTP_LENGTH, "Your verification code must be 6 characters.");

/** Accepts a File from a form; checks the spec's formats and size, messages joined with '. '. */
export function profilePhotoProblems(file: { name: string; size: number; type: string }): string[] {
  const problems: string[] = [];
  const extension = file.name.split(".").pop()?.toLowerCase() ?? "";
  const typeOk = (PROFILE_PHOTO_TYPES as readonly string[]).includes(file.type);
  if (!(PROFILE_PHOTO_EXTENSIONS as readonly string[]).includes(extension) || (file.type && !typeOk)) {
    problems.push("File type must be one of: jpeg, jpg, png, gif");
  }
  if (file.size > PROFILE_PHOTO_MAX_BYTES) problems.push("File is larger than 5 MB");
  if (file.size === 0) problems.push("File is empty");
  return problems;
}

const isFile = (value: unknown): value is File => typeof File !== "undefined" && value instanceof File;

/** A new picture file, an http(s) URL, or empty (no change / none). */
export const profilePictureSchema = z
  .union([z.custom<File>(isFile), z.string()])
  .optional()
  .superRefine((value, context) => {
    if (isFile(value)) {
      const problems = profilePhotoProblems(value);
      if (problems.length > 0) context.addIssue({ code: "custom", message: problems.join(". ") });
      return;
    }
    if (value === undefined || value.trim() === "") return;
    if (!isHttpUrl(value.trim())) context.addIssue({ code: "custom", message: "Please enter a valid URL" });
  })
  .transform((value) => (isFile(value) ? value : value?.trim() ? value.trim() : undefined));

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

const idList = (message: string) =>
  z.preprocess(
    (value) => (value === undefined || value === "" ? [] : Array.isArray(value) ? value : [value]),
    z.array(idSchema).min(1, message),
  );

/** Step 2 of sign-up: the machines (variants are what the account owns). */
export const machinesSchema = z.object({
  cncBrand: idList("CNC Brand is required"),
  cncModel: idList("At least one CNC Model is required"),
  cncVariant: idList("At least one CNC Variant is required"),
  locatedAt: z.string().trim().optional(),
});

const MACHINE_ARRAY_KEYS = ["cncBrand", "cncModel", "cncVariant"] as const;

export const profileDetailsSchema = z.object({
  username: usernameSchema,
  firstname: z
    .string({ message: "Firstname is required" })
    .trim()
    .min(1, "Firstname is required")
    .max(50, "First name must not exceed 50 characters"),
  lastname: z
    .string({ message: "Lastname is required" })
    .trim()
    .min(1, "Lastname is required")
    .max(50, "Last name must not exceed 50 characters"),
  profilePicture: profilePictureSchema,
});

export const registerSchema = z.preprocess(
  (input) => formDataToObject(input, MACHINE_ARRAY_KEYS),
  profileDetailsSchema
    .extend({
      email: emailSchema,
      password: passwordSchema,
      confirmPassword: z.string().optional(),
    })
    .extend(machinesSchema.shape)
    .refine((value) => value.confirmPassword === undefined || value.confirmPassword === value.password, {
      message: "Passwords must match",
      path: ["confirmPassword"],
    }),
);

export const completeUserSignupSchema = z.preprocess(
  (input) => formDataToObject(input, MACHINE_ARRAY_KEYS),
  profileDetailsSchema.extend(machinesSchema.shape),
);

export const loginSchema = z.object({
  email: emailSchema,
  password: passwordSchema,
});

export const emailOnlySchema = z.object({ email: emailSchema });

export const validateOtpSchema = z.object({ otp: otpSchema });

export const resetPasswordSchema = z
  .object({
    token: z.string({ message: "The reset link is invalid." }).min(1, "The reset link is invalid."),
    password: passwordSchema,
    confirmPassword: z.string().optional(),
  })
  .refine((value) => value.confirmPassword === undefined || value.confirmPassword === value.password, {
    message: "Passwords must match",
    path: ["confirmPassword"],
  });

export const updatePasswordSchema = z
  .object({
    currentPassword: z
      .string({ message: "Current password is required" })
      .min(1, "Current password is required"),
    newPassword: passwordSchema,
    confirmPassword: z.string().optional(),
  })
  .refine((value) => value.confirmPassword === undefined || value.confirmPassword === value.newPassword, {
    message: "Passwords must match",
    path: ["confirmPassword"],
  });

/** Sets a password; the current one is needed only when the account already has one. */
export const updateUserPasswordSchema = z
  .object({
    currentPassword: z.string().optional(),
    newPassword: passwordSchema,
    confirmPassword: z.string().optional(),
  })
  .refine((value) => value.confirmPassword === undefined || value.confirmPassword === value.newPassword, {
    message: "Passwords must match",
    path: ["confirmPassword"],
  });

/** Browser forms (client-side) with confirmation required. */
export const signupBasicFormSchema = profileDetailsSchema
  .extend({ email: emailSchema, password: passwordSchema, confirmPassword: passwordSchema })
  .refine((value) => value.confirmPassword === value.password, {
    message: "Passwords must match",
    path: ["confirmPassword"],
  });
export const changePasswordFormSchema = z
  .object({ currentPassword: passwordSchema, newPassword: passwordSchema, confirmPassword: passwordSchema })
  .refine((value) => value.confirmPassword === value.newPassword, {
    message: "Passwords must match",
    path: ["confirmPassword"],
  });
export const resetPasswordFormSchema = z
  .object({ password: passwordSchema, confirmPassword: passwordSchema })
  .refine((value) => value.confirmPassword === value.password, {
    message: "Passwords must match",
    path: ["confirmPassword"],
  });

const userPayload = z.object({ user: sessionUserSchema });
const empty = z.object({});

export const loginEndpoint = endpoint({
  method: "POST",
  path: "/api/v1/auth/login",
  summary: "Sign in with e-mail and password; starts a new session (cookies)",
  tag: "Auth",
  auth: "none",
  body: loginSchema,
  response: userPayload,
});

export const registerEndpoint = endpoint({
  method: "POST",
  path: "/api/v1/auth/register",
  summary: "Create an e-mail account (multipart form); sends the verification code and signs in",
  tag: "Auth",
  auth: "none",
  body: registerSchema,
  maxBodyBytes: MULTIPART_MAX_BYTES,
  response: userPayload,
  successStatus: 201,
});

export const meEndpoint = endpoint({
  method: "GET",
  path: "/api/v1/auth/me",
  summary: "The signed-in user",
  tag: "Auth",
  auth: "required",
  response: userPayload,
});

export const usernameAvailabilityEndpoint = endpoint({
  method: "GET",
  path: "/api/v1/auth/usernameAvailability",
  summary: "Whether a username is free (reserved route names never are)",
  tag: "Auth",
  auth: "optional",
  query: z.object({ username: usernameSchema }),
  response: z.object({ available: z.boolean() }),
});

export const logoutEndpoint = endpoint({
  method: "GET",
  path: "/api/v1/auth/logout",
  summary: "Revoke this session on the server and clear the cookies",
  tag: "Auth",
  auth: "none",
  stateChangingGet: true,
  response: empty,
});

export const refreshEndpoint = endpoint({
  method: "POST",
  path: "/api/v1/auth/refresh",
  summary: "Exchange the refresh cookie for new tokens (rotation; reuse revokes the family)",
  tag: "Auth",
  auth: "none",
  response: empty,
});

export const getVerificationOtpEndpoint = endpoint({
  method: "GET",
  path: "/api/v1/auth/getVerificationOtp",
  summary: "Send a new verification code (cooldown enforced: 429 with Retry-After)",
  tag: "Auth",
  auth: "required",
  stateChangingGet: true,
  response: z.object({ resendCount: z.number(), nextResendInSeconds: z.number() }),
});

export const validateOtpEndpoint = endpoint({
  method: "POST",
  path: "/api/v1/auth/validateOtp",
  summary: "Verify the e-mail address with the 6-character code (5 wrong tries per code)",
  tag: "Auth",
  auth: "required",
  body: validateOtpSchema,
  response: userPayload,
});

export const completeUserSignupEndpoint = endpoint({
  method: "POST",
  path: "/api/v1/auth/completeUserSignup",
  summary: "Finish the profile of an external-provider (Google) account",
  tag: "Auth",
  auth: "required",
  body: completeUserSignupSchema,
  maxBodyBytes: MULTIPART_MAX_BYTES,
  response: userPayload,
});

export const sendPasswordResetEmailEndpoint = endpoint({
  method: "POST",
  path: "/api/v1/auth/sendPasswordResetEmail",
  summary: "Mail a reset link; the same answer whether or not the address has an account",
  tag: "Auth",
  auth: "none",
  body: emailOnlySchema,
  response: empty,
});

export const resetPasswordEndpoint = endpoint({
  method: "POST",
  path: "/api/v1/auth/resetPassword",
  summary: "Set a new password with a reset token (single use, 1 hour); ends every session",
  tag: "Auth",
  auth: "none",
  body: resetPasswordSchema,
  response: empty,
});

export const updatePasswordEndpoint = endpoint({
  method: "PATCH",
  path: "/api/v1/auth/updatePassword",
  summary: "Change the password (current password required); other sessions end",
  tag: "Auth",
  auth: "required",
  body: updatePasswordSchema,
  response: empty,
});

export const updateUserPasswordEndpoint = endpoint({
  method: "PATCH",
  path: "/api/v1/auth/updateUserPassword",
  summary:
    "Set the signed-in user's password; an account without one (Google) may set it without a current password",
  tag: "Auth",
  auth: "required",
  body: updateUserPasswordSchema,
  response: empty,
});

export const generateGoogleSignInLinkEndpoint = endpoint({
  method: "GET",
  path: "/api/v1/auth/generateGoogleSignInLink",
  summary: "The Google sign-in address (state + PKCE); 503 when Google sign-in is not configured",
  tag: "Auth",
  auth: "none",
  response: z.object({ url: z.string() }),
});

export const googleCallbackEndpoint = endpoint({
  method: "GET",
  path: "/api/v1/auth/google/callback",
  summary: "Google's redirect target: signs in (or creates) the Google account, then redirects",
  tag: "Auth",
  auth: "none",
  query: z.object({
    code: z.string().optional(),
    state: z.string().optional(),
    error: z.string().optional(),
  }),
  response: empty,
});
