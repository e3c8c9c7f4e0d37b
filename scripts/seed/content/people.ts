/**
 * The demo community's accounts and partners. Usernames follow the accounts spec (4–15 characters,
 * letters, digits and underscores, starting with a letter, no double underscores).
 */
import type { AuthProvider } from "../../../lib/catalogue/enums";
import type { MachineRef } from "../../../lib/catalogue/machines";
import { SEED_MACHINE_REFS as m } from "./machine-refs";

/**
 * The password of every e-mail account in the demo data (Google accounts have none). Demo only:
 * it is published here on purpose so reviewers can sign in as any seeded user.
 */
export const DEMO_PASSWORD = "cncdemo123";

/** The spec's fixed text for the location the sign-up form sends. */
export const LOCATED_AT_PLACEHOLDER = "Yet to be collected";

export type SeedUserRole = "official" | "staff" | "maker";

export interface SeedPrivacy {
  readonly email: boolean;
  readonly firstname: boolean;
  readonly lastname: boolean;
  readonly website: boolean;
}

export interface SeedUser {
  readonly username: string;
  readonly firstname: string;
  readonly lastname: string;
  readonly email: string;
  readonly website: string | null;
  readonly role: SeedUserRole;
  /** "google" accounts get no password; "email" accounts get DEMO_PASSWORD. */
  readonly authProvider: AuthProvider;
  readonly isVerified: boolean;
  readonly isOnefinityOfficial: boolean;
  readonly isUserSignupComplete: boolean;
  /** true = shown on the public profile (spec default: all true). */
  readonly privacy: SeedPrivacy;
  readonly ownedMachines: readonly MachineRef[];
}

const PUBLIC: SeedPrivacy = { email: true, firstname: true, lastname: true, website: true };

export const SEED_USERS: readonly SeedUser[] = [
  {
    username: "onefinity",
    firstname: "Onefinity",
    lastname: "CNC",
    email: "official@onefinitycnc.com",
    website: "https://www.onefinitycnc.com",
    role: "official",
    authProvider: "email",
    isVerified: true,
    isOnefinityOfficial: true,
    isUserSignupComplete: true,
    privacy: PUBLIC,
    ownedMachines: [m.journeymanZ20, m.eliteForemanGen2, m.apprentice, m.woodworkerX50Z20],
  },
  {
    username: "staff_sam",
    firstname: "Sam",
    lastname: "Whitaker",
    email: "sam.whitaker@onefinitycnc.com",
    website: null,
    role: "staff",
    authProvider: "email",
    isVerified: true,
    isOnefinityOfficial: false,
    isUserSignupComplete: true,
    privacy: { email: false, firstname: true, lastname: true, website: true },
    ownedMachines: [m.woodworkerX50Z20],
  },
  {
    username: "maple_mike",
    firstname: "Mike",
    lastname: "Donnelly",
    email: "mike.donnelly@example.com",
    website: "https://maplemikewoodshop.example.com",
    role: "maker",
    authProvider: "email",
    isVerified: true,
    isOnefinityOfficial: false,
    isUserSignupComplete: true,
    privacy: PUBLIC,
    ownedMachines: [m.woodworkerX35Z16],
  },
  {
    username: "walnut_wendy",
    firstname: "Wendy",
    lastname: "Harlow",
    email: "wendy.harlow@example.com",
    website: "https://harlowboards.example.com",
    role: "maker",
    authProvider: "email",
    isVerified: true,
    isOnefinityOfficial: false,
    isUserSignupComplete: true,
    privacy: { email: false, firstname: true, lastname: true, website: true },
    ownedMachines: [m.journeymanZ16],
  },
  {
    username: "chipcarver",
    firstname: "Daniel",
    lastname: "Ortiz",
    email: "dan.ortiz@example.com",
    website: "https://chipcarver.example.com",
    role: "maker",
    authProvider: "email",
    isVerified: true,
    isOnefinityOfficial: false,
    isUserSignupComplete: true,
    privacy: PUBLIC,
    ownedMachines: [m.eliteWoodworkerGen2, m.machinistZ16],
  },
  {
    username: "laser_lena",
    firstname: "Lena",
    lastname: "Kowalski",
    email: "lena.kowalski@example.com",
    website: "https://lenaslaserlab.example.com",
    role: "maker",
    authProvider: "email",
    isVerified: true,
    isOnefinityOfficial: false,
    isUserSignupComplete: true,
    privacy: { email: false, firstname: true, lastname: true, website: true },
    ownedMachines: [m.woodworkerX50Z16],
  },
  {
    username: "sawdust_sarah",
    firstname: "Sarah",
    lastname: "Mitchell",
    email: "sarah.mitchell@example.com",
    website: null,
    role: "maker",
    authProvider: "email",
    isVerified: true,
    isOnefinityOfficial: false,
    isUserSignupComplete: true,
    privacy: { email: false, firstname: true, lastname: false, website: true },
    ownedMachines: [m.machinistZ20],
  },
  {
    username: "benchdog_ben",
    firstname: "Ben",
    lastname: "Adeyemi",
    email: "ben.adeyemi@example.com",
    website: "https://benchdogjigs.example.com",
    role: "maker",
    authProvider: "email",
    isVerified: true,
    isOnefinityOfficial: false,
    isUserSignupComplete: true,
    privacy: PUBLIC,
    ownedMachines: [m.shapeoko5Pro4x4, m.woodworkerX35Z20],
  },
  {
    username: "tinker_tom",
    firstname: "Tom",
    lastname: "Nguyen",
    email: "tom.nguyen@example.com",
    website: null,
    role: "maker",
    authProvider: "email",
    isVerified: true,
    isOnefinityOfficial: false,
    isUserSignupComplete: true,
    privacy: PUBLIC,
    ownedMachines: [m.xCarvePro4x2],
  },
  {
    username: "rotary_raj",
    firstname: "Raj",
    lastname: "Patel",
    email: "raj.patel@example.com",
    website: "https://rajturnsandburns.example.com",
    role: "maker",
    authProvider: "email",
    isVerified: true,
    isOnefinityOfficial: false,
    isUserSignupComplete: true,
    privacy: { email: true, firstname: true, lastname: false, website: true },
    ownedMachines: [m.foremanZ20],
  },
  {
    username: "ines_inlays",
    firstname: "Inés",
    lastname: "García",
    email: "ines.garcia@example.com",
    website: "https://inesinlays.example.com",
    role: "maker",
    authProvider: "email",
    isVerified: true,
    isOnefinityOfficial: false,
    isUserSignupComplete: true,
    privacy: PUBLIC,
    ownedMachines: [m.eliteJourneymanGen1],
  },
  {
    username: "grain_gus",
    firstname: "Gus",
    lastname: "Lindqvist",
    email: "gus.lindqvist@example.com",
    website: null,
    role: "maker",
    authProvider: "email",
    isVerified: true,
    isOnefinityOfficial: false,
    isUserSignupComplete: true,
    privacy: { email: false, firstname: true, lastname: true, website: false },
    ownedMachines: [m.longMill30x30, m.carveraAir],
  },
  {
    username: "dee_makes",
    firstname: "Deanna",
    lastname: "Brooks",
    email: "deanna.brooks@example.com",
    website: "https://deemakes.example.com",
    role: "maker",
    authProvider: "email",
    isVerified: true,
    isOnefinityOfficial: false,
    isUserSignupComplete: true,
    privacy: { email: false, firstname: false, lastname: false, website: false },
    ownedMachines: [m.apprentice],
  },
  {
    username: "emma_engraves",
    firstname: "Emma",
    lastname: "Thompson",
    email: "emma.thompson@example.com",
    website: "https://emmaengraves.example.com",
    role: "maker",
    authProvider: "email",
    isVerified: true,
    isOnefinityOfficial: false,
    isUserSignupComplete: true,
    privacy: PUBLIC,
    ownedMachines: [m.eliteForemanGen1],
  },
  // Waitlisted: signed up with e-mail but has not entered the one-time code yet.
  {
    username: "newbie_noah",
    firstname: "Noah",
    lastname: "Fischer",
    email: "noah.fischer@example.com",
    website: null,
    role: "maker",
    authProvider: "email",
    isVerified: false,
    isOnefinityOfficial: false,
    isUserSignupComplete: true,
    privacy: PUBLIC,
    ownedMachines: [m.machinistZ16],
  },
  // Signed in with Google and stopped before the registration step: no machines, no password.
  {
    username: "kai_ramos",
    firstname: "Kai",
    lastname: "Ramos",
    email: "kai.ramos@example.com",
    website: null,
    role: "maker",
    authProvider: "google",
    isVerified: false,
    isOnefinityOfficial: false,
    isUserSignupComplete: false,
    privacy: PUBLIC,
    ownedMachines: [],
  },
];

export interface SeedPartner {
  readonly name: string;
  /** Badge colour, #rrggbb. */
  readonly color: string;
  /** Username of the partner's user. */
  readonly user: string;
}

export const SEED_PARTNERS: readonly SeedPartner[] = [
  { name: "Maple Mike's Woodshop", color: "#D97706", user: "maple_mike" },
  { name: "Lena's Laser Lab", color: "#7C3AED", user: "laser_lena" },
  { name: "Benchdog Jigs", color: "#0F766E", user: "benchdog_ben" },
];

/** Users who can act on the site: verified and with a finished sign-up. */
export function isActiveSeedUser(user: SeedUser): boolean {
  return user.isVerified && user.isUserSignupComplete;
}

export function findSeedUser(username: string): SeedUser | undefined {
  return SEED_USERS.find((user) => user.username === username);
}

export function partnerOf(username: string): SeedPartner | undefined {
  return SEED_PARTNERS.find((partner) => partner.user === username);
}
