/**
 * Typed browser calls for /api/v1/auth/* (the contract in docs/sessions.md). Every call goes
 * through apiFetch: cookies included, a 403 answered by one refresh and one retry.
 */
import type { SessionUser } from "@/lib/validation/session";
import type { PublicUser } from "@/lib/validation/users";
import { callEndpoint } from "./call-endpoint";

// The contracts' modules build zod schemas: each is imported at the first call, so a page that
// merely can call one (the session provider and the header import this file) does not load zod with
// its first scripts.
const authContracts = () => import("@/lib/validation/auth");
const userContracts = () => import("@/lib/validation/users");

type UserAnswer = { user: SessionUser };

export async function login(body: { email: string; password: string }): Promise<UserAnswer> {
  return callEndpoint((await authContracts()).loginEndpoint, { body });
}

export async function getMe(): Promise<UserAnswer> {
  return callEndpoint((await authContracts()).meEndpoint);
}

export async function logout(): Promise<Record<string, never>> {
  return callEndpoint((await authContracts()).logoutEndpoint);
}

export async function getUsernameAvailability(
  username: string,
  signal?: AbortSignal,
): Promise<{ available: boolean }> {
  return callEndpoint((await authContracts()).usernameAvailabilityEndpoint, { query: { username }, signal });
}

export interface MachineSelection {
  cncBrand: readonly string[];
  cncModel: readonly string[];
  cncVariant: readonly string[];
}

export interface ProfileDetails {
  username: string;
  firstname: string;
  lastname: string;
  /** A new file, an http(s) URL, or nothing. */
  profilePicture?: File | string | null;
}

export const LOCATED_AT = "Yet to be collected";

function profileForm(details: ProfileDetails, machines: MachineSelection): FormData {
  const form = new FormData();
  form.append("username", details.username);
  form.append("firstname", details.firstname);
  form.append("lastname", details.lastname);
  if (details.profilePicture instanceof File) form.append("profilePicture", details.profilePicture);
  else if (details.profilePicture?.trim()) form.append("profilePicture", details.profilePicture.trim());
  for (const id of machines.cncBrand) form.append("cncBrand", id);
  for (const id of machines.cncModel) form.append("cncModel", id);
  for (const id of machines.cncVariant) form.append("cncVariant", id);
  form.append("locatedAt", LOCATED_AT);
  return form;
}

export async function register(
  details: ProfileDetails & { email: string; password: string; confirmPassword: string },
  machines: MachineSelection,
): Promise<UserAnswer> {
  const form = profileForm(details, machines);
  form.append("email", details.email);
  form.append("password", details.password);
  form.append("confirmPassword", details.confirmPassword);
  return callEndpoint((await authContracts()).registerEndpoint, { body: form });
}

/** Profile completion of an external-provider (Google) account: no e-mail, no password. */
export async function completeUserSignup(
  details: ProfileDetails,
  machines: MachineSelection,
): Promise<UserAnswer> {
  return callEndpoint((await authContracts()).completeUserSignupEndpoint, {
    body: profileForm(details, machines),
  });
}

export interface UpdateUserInput {
  firstname: string;
  lastname: string;
  website: string;
  privacy: SessionUser["privacy"];
  /** Only when the user picked a new file or typed a new URL. */
  profilePicture?: File | string;
}

export async function updateUser(input: UpdateUserInput): Promise<UserAnswer> {
  const form = new FormData();
  form.append("firstname", input.firstname);
  form.append("lastname", input.lastname);
  form.append("website", input.website);
  for (const [key, value] of Object.entries(input.privacy)) form.append(`privacy.${key}`, String(value));
  if (input.profilePicture !== undefined) form.append("profilePicture", input.profilePicture);
  return callEndpoint((await userContracts()).updateUserEndpoint, { body: form });
}

export async function updatePassword(body: {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}): Promise<Record<string, never>> {
  return callEndpoint((await authContracts()).updatePasswordEndpoint, { body });
}

export async function updateUserPassword(body: {
  currentPassword?: string;
  newPassword: string;
  confirmPassword: string;
}): Promise<Record<string, never>> {
  return callEndpoint((await authContracts()).updateUserPasswordEndpoint, { body });
}

export async function generateGoogleSignInLink(): Promise<{ url: string }> {
  return callEndpoint((await authContracts()).generateGoogleSignInLinkEndpoint);
}

export async function getVerificationOtp(): Promise<{ resendCount: number; nextResendInSeconds: number }> {
  return callEndpoint((await authContracts()).getVerificationOtpEndpoint);
}

export async function validateOtp(otp: string): Promise<UserAnswer> {
  return callEndpoint((await authContracts()).validateOtpEndpoint, { body: { otp } });
}

export async function sendPasswordResetEmail(email: string): Promise<Record<string, never>> {
  return callEndpoint((await authContracts()).sendPasswordResetEmailEndpoint, { body: { email } });
}

export async function resetPassword(body: {
  token: string;
  password: string;
  confirmPassword: string;
}): Promise<Record<string, never>> {
  return callEndpoint((await authContracts()).resetPasswordEndpoint, { body });
}

export async function getByUsername(username: string): Promise<{ user: PublicUser }> {
  return callEndpoint((await userContracts()).getByUsernameEndpoint, { params: { username } });
}

export async function addMachines(cncVariantIdList: readonly string[]): Promise<UserAnswer> {
  return callEndpoint((await userContracts()).addMachinesEndpoint, {
    body: { cncVariantIdList: [...cncVariantIdList] },
  });
}

export async function removeMachine(cncVariantId: string): Promise<UserAnswer> {
  return callEndpoint((await userContracts()).removeMachineEndpoint, { body: { cncVariantId } });
}
