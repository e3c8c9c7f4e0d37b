/**
 * Typed browser calls for /api/v1/auth/* (the contract in docs/sessions.md). Every call goes
 * through apiFetch: cookies included, a 403 answered by one refresh and one retry.
 */
import type { SessionUser } from "@/lib/validation/session";
import type { PublicUser } from "@/lib/validation/users";
import {
  completeUserSignupEndpoint,
  generateGoogleSignInLinkEndpoint,
  getVerificationOtpEndpoint,
  loginEndpoint,
  logoutEndpoint,
  meEndpoint,
  registerEndpoint,
  resetPasswordEndpoint,
  sendPasswordResetEmailEndpoint,
  updatePasswordEndpoint,
  updateUserPasswordEndpoint,
  usernameAvailabilityEndpoint,
  validateOtpEndpoint,
} from "@/lib/validation/auth";
import {
  addMachinesEndpoint,
  getByUsernameEndpoint,
  removeMachineEndpoint,
  updateUserEndpoint,
} from "@/lib/validation/users";
import { callEndpoint } from "./call-endpoint";

type UserAnswer = { user: SessionUser };

export function login(body: { email: string; password: string }): Promise<UserAnswer> {
  return callEndpoint(loginEndpoint, { body });
}

export function getMe(): Promise<UserAnswer> {
  return callEndpoint(meEndpoint);
}

export function logout(): Promise<Record<string, never>> {
  return callEndpoint(logoutEndpoint);
}

export function getUsernameAvailability(
  username: string,
  signal?: AbortSignal,
): Promise<{ available: boolean }> {
  return callEndpoint(usernameAvailabilityEndpoint, { query: { username }, signal });
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

export function register(
  details: ProfileDetails & { email: string; password: string; confirmPassword: string },
  machines: MachineSelection,
): Promise<UserAnswer> {
  const form = profileForm(details, machines);
  form.append("email", details.email);
  form.append("password", details.password);
  form.append("confirmPassword", details.confirmPassword);
  return callEndpoint(registerEndpoint, { body: form });
}

/** Profile completion of an external-provider (Google) account: no e-mail, no password. */
export function completeUserSignup(details: ProfileDetails, machines: MachineSelection): Promise<UserAnswer> {
  return callEndpoint(completeUserSignupEndpoint, { body: profileForm(details, machines) });
}

export interface UpdateUserInput {
  firstname: string;
  lastname: string;
  website: string;
  privacy: SessionUser["privacy"];
  /** Only when the user picked a new file or typed a new URL. */
  profilePicture?: File | string;
}

export function updateUser(input: UpdateUserInput): Promise<UserAnswer> {
  const form = new FormData();
  form.append("firstname", input.firstname);
  form.append("lastname", input.lastname);
  form.append("website", input.website);
  for (const [key, value] of Object.entries(input.privacy)) form.append(`privacy.${key}`, String(value));
  if (input.profilePicture !== undefined) form.append("profilePicture", input.profilePicture);
  return callEndpoint(updateUserEndpoint, { body: form });
}

export function updatePassword(body: {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}): Promise<Record<string, never>> {
  return callEndpoint(updatePasswordEndpoint, { body });
}

export function updateUserPassword(body: {
  currentPassword?: string;
  newPassword: string;
  confirmPassword: string;
}): Promise<Record<string, never>> {
  return callEndpoint(updateUserPasswordEndpoint, { body });
}

export function generateGoogleSignInLink(): Promise<{ url: string }> {
  return callEndpoint(generateGoogleSignInLinkEndpoint);
}

export function getVerificationOtp(): Promise<{ resendCount: number; nextResendInSeconds: number }> {
  return callEndpoint(getVerificationOtpEndpoint);
}

export function validateOtp(otp: string): Promise<UserAnswer> {
  return callEndpoint(validateOtpEndpoint, { body: { otp } });
}

export function sendPasswordResetEmail(email: string): Promise<Record<string, never>> {
  return callEndpoint(sendPasswordResetEmailEndpoint, { body: { email } });
}

export function resetPassword(body: {
  token: string;
  password: string;
  confirmPassword: string;
}): Promise<Record<string, never>> {
  return callEndpoint(resetPasswordEndpoint, { body });
}

export function getByUsername(username: string): Promise<{ user: PublicUser }> {
  return callEndpoint(getByUsernameEndpoint, { params: { username } });
}

export function addMachines(cncVariantIdList: readonly string[]): Promise<UserAnswer> {
  return callEndpoint(addMachinesEndpoint, { body: { cncVariantIdList: [...cncVariantIdList] } });
}

export function removeMachine(cncVariantId: string): Promise<UserAnswer> {
  return callEndpoint(removeMachineEndpoint, { body: { cncVariantId } });
}
