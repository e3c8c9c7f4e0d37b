/**
 * Comments, make captions and the deterministic plan of who likes, bookmarks, comments on and makes
 * which project. Only public projects get interactions, and only active users (verified, sign-up
 * complete) act. Times are `hoursAgo` from the moment of seeding and never earlier than the
 * project's own `daysAgo`, so the seeder can place each one at `now - hoursAgo`.
 */
import type { Ratings } from "../../../lib/catalogue/enums";
import type { Delta, DeltaAttributes, DeltaOp } from "../../../lib/comments/delta";
import { RATING_MAX, RATING_MIN } from "../../../lib/catalogue/enums";
import type { MachineRef } from "../../../lib/catalogue/machines";
import { machineRefKey } from "../../../lib/catalogue/machines";
import type { SeedUser } from "./people";
import { isActiveSeedUser } from "./people";
import type { SeedProject } from "./projects";
import type { Rng } from "./random";
import { DEFAULT_SEED, createRng, hashString } from "./random";

// ---------------------------------------------------------------------------------------------
// Rich-text comments (Quill delta, stored as a JSON string)
// ---------------------------------------------------------------------------------------------

export type CommentDelta = Delta;

type Part = string | readonly [string, DeltaAttributes];

/** Builds a delta from plain and formatted parts; Quill documents always end in "\n". */
export function delta(...parts: readonly Part[]): CommentDelta {
  const ops: DeltaOp[] = parts.map((part) =>
    typeof part === "string" ? { insert: part } : { insert: part[0], attributes: { ...part[1] } },
  );
  const last = ops[ops.length - 1];
  if (last && last.attributes === undefined) {
    last.insert += "\n";
  } else {
    ops.push({ insert: "\n" });
  }
  return { ops };
}

export function serializeComment(comment: CommentDelta): string {
  return JSON.stringify(comment);
}

const FORUM = "https://forum.onefinitycnc.com/";

export const SEED_COMMENTS: readonly CommentDelta[] = [
  delta("This turned out great. What feed rate did you run the finishing pass at?"),
  delta("Cut this last weekend on my Woodworker, came out perfect first try. Thanks for sharing!"),
  delta(["Love it.", { bold: true }], " Adding this to my Christmas gift list already."),
  delta("Did you use any hold-down besides tape and CA? My blanks keep shifting on the last pass."),
  delta(
    "The file info was spot on, zero surprises. ",
    ["Highly recommend", { italic: true }],
    " for beginners.",
  ),
  delta("How long did the whole job take, start to finish?"),
  delta("Nice work! I'd suggest a downcut for the first pass if anyone gets fuzzy edges like I did."),
  delta(
    ["Tip:", { bold: true }],
    " wax the spoilboard before gluing the blank down, it pops off much easier.",
  ),
  delta("What finish did you use? Looks like oil and wax but it has a nice sheen."),
  delta("Ran it in MDF first as a test, then walnut. Both cut clean."),
  delta("Beautiful grain on that board. Where do you source your lumber?"),
  delta("Any chance you could share the design file too, not just the G-code?"),
  delta("My wife saw this over my shoulder and now I have a queue of ten to make. ", [
    "Thanks a lot.",
    { italic: true },
  ]),
  delta("Worked on my Journeyman with the Z-20 without any changes."),
  delta(
    "There's a good thread on ",
    ["feeds and speeds for hardwoods", { link: FORUM }],
    " on the forum if anyone is dialing this in.",
  ),
  delta("Those tabs were in exactly the right places. Clean cut-out, barely any sanding."),
  delta(["Question:", { bold: true }], " did you zero on the material surface or the spoilboard?"),
  delta("I scaled it down 80% for coasters and it still looks great."),
  delta("The paint fill trick is genius. Never going back to masking."),
  delta("Great first project for my new machine. ", ["Thank you!", { bold: true }]),
  delta("Took me two tries, the first time I forgot to change the bit. Second one's on my porch now."),
  delta("Clean toolpaths, no wasted air cutting. Appreciate the effort that went into this."),
  delta("What spindle or router are you running? Mine chatters a bit at that depth."),
  delta("This is ", ["exactly", { underline: true }], " what I was looking for, thank you."),
  delta("Cut it in cherry instead and it darkened beautifully after a few weeks."),
  delta("The photos really sell it. Did you shoot them outside?"),
  delta("Made three of these for a craft fair and they sold out by noon."),
  delta(
    ["Heads up:", { bold: true }],
    " check your bit diameter before running, mine was undersize and the fit was loose.",
  ),
  delta("Would love to see a version of this with a border option."),
  delta("Simple, clean, useful. ", ["My favourite kind of project.", { italic: true }]),
  delta("Followed the settings in the description exactly and it came out perfect."),
  delta("Did this on the rotary too with a bit of tweaking. ", ["Worth it.", { bold: true, italic: true }]),
  delta("Support team says the newest firmware handles this much better. Details on the ", [
    "support page",
    { link: "https://www.onefinitycnc.com/support" },
  ]),
];

/** Replies the owner may leave under comments on their own project. */
export const OWNER_REPLIES: readonly CommentDelta[] = [
  delta("Thanks! I ran the finishing pass at about 80 ipm, nothing fancy."),
  delta("Glad it worked for you. Post a make, I'd love to see it!"),
  delta("Good question. I zeroed on the material surface, the file assumes that."),
  delta("Appreciate it! Walnut from a local mill, they're great to work with."),
  delta(["Thank you!", { bold: true }], " A hardwax oil, two coats."),
  delta("I'll add the design file this weekend, thanks for the nudge."),
];

export const SEED_MAKE_CAPTIONS: readonly string[] = [
  "First cut on my new machine, came out better than expected.",
  "Cut in walnut instead of maple. Love how it turned out.",
  "Made a set of four for my sister's housewarming.",
  "Second attempt, the first one slipped off the tape halfway through.",
  "Ran it exactly as posted. Zero issues.",
  "Scaled down a bit to fit the scrap I had.",
  "Added a roundover on the router table afterwards.",
  "Painted the letters before sanding back, great tip from the description.",
  "Took about 40 minutes including setup.",
  "Used a slightly bigger bit and it still looks great.",
  "Christmas gift number one done, seven to go.",
  "Finished with mineral oil and beeswax.",
  "Tested in MDF first, then the real thing.",
  "My kids picked the colours, I just pressed start.",
  "Not my best glue-up, but the carving is spot on.",
  "The file info was accurate right down to the spindle speed.",
  "Cut it on the Journeyman, no changes needed.",
];

// ---------------------------------------------------------------------------------------------
// The plan
// ---------------------------------------------------------------------------------------------

export interface PlannedLike {
  readonly username: string;
  readonly projectSlug: string;
  readonly hoursAgo: number;
}

export type PlannedBookmark = PlannedLike;

export interface PlannedComment {
  readonly username: string;
  readonly projectSlug: string;
  /** A Quill delta as a JSON string, as the Comment entity stores it. */
  readonly comment: string;
  readonly hoursAgo: number;
}

export interface PlannedMake {
  readonly username: string;
  readonly projectSlug: string;
  /** One of the maker's own machines. */
  readonly printedOn: MachineRef;
  readonly isPrinted: boolean;
  /** The four criteria (1..5) when isPrinted; null when not. */
  readonly ratings: Ratings | null;
  readonly caption: string | null;
  /** How many make photos the seeder should attach (the make form needs at least one). */
  readonly imageCount: number;
  readonly hoursAgo: number;
}

export interface InteractionPlan {
  readonly likes: readonly PlannedLike[];
  readonly bookmarks: readonly PlannedBookmark[];
  readonly comments: readonly PlannedComment[];
  readonly makes: readonly PlannedMake[];
}

function eligibleProjects(projects: readonly SeedProject[]): SeedProject[] {
  return projects.filter((item) => item.visibility === "public");
}

function actorsFor(project: SeedProject, users: readonly SeedUser[]): SeedUser[] {
  return users.filter((user) => isActiveSeedUser(user) && user.username !== project.owner);
}

/** Between the project's creation and now, rounded to 0.01 h; later events get smaller values. */
function hoursAgoWithin(rng: Rng, project: SeedProject, earliestHoursAgo?: number): number {
  const ageHours = project.daysAgo * 24;
  const upper = Math.min(ageHours, earliestHoursAgo ?? ageHours);
  return Math.round(rng.next() * upper * 100) / 100;
}

export function planLikes(
  projects: readonly SeedProject[],
  users: readonly SeedUser[],
  rng: Rng,
): PlannedLike[] {
  const likes: PlannedLike[] = [];
  for (const project of eligibleProjects(projects)) {
    const actors = actorsFor(project, users);
    const popularity = rng.next();
    const count = Math.round(popularity * popularity * actors.length);
    for (const user of rng.sample(actors, count)) {
      likes.push({
        username: user.username,
        projectSlug: project.slug,
        hoursAgo: hoursAgoWithin(rng, project),
      });
    }
  }
  return likes;
}

export function planBookmarks(
  projects: readonly SeedProject[],
  users: readonly SeedUser[],
  rng: Rng,
): PlannedBookmark[] {
  const bookmarks: PlannedBookmark[] = [];
  for (const project of eligibleProjects(projects)) {
    for (const user of actorsFor(project, users)) {
      if (rng.chance(0.2)) {
        bookmarks.push({
          username: user.username,
          projectSlug: project.slug,
          hoursAgo: hoursAgoWithin(rng, project),
        });
      }
    }
  }
  return bookmarks;
}

export function planComments(
  projects: readonly SeedProject[],
  users: readonly SeedUser[],
  rng: Rng,
): PlannedComment[] {
  const comments: PlannedComment[] = [];
  for (const project of eligibleProjects(projects)) {
    // About one project in six keeps the "Comments Not Found!" empty state.
    if (rng.chance(0.16)) continue;
    const actors = actorsFor(project, users);
    const count = rng.int(1, 5);
    const texts = rng.sample(SEED_COMMENTS, count);
    const authors = rng.sample(actors, count);
    texts.forEach((text, index) => {
      const author = authors[index];
      if (!author) return;
      const hoursAgo = hoursAgoWithin(rng, project);
      comments.push({
        username: author.username,
        projectSlug: project.slug,
        comment: serializeComment(text),
        hoursAgo,
      });
      if (rng.chance(0.3)) {
        comments.push({
          username: project.owner,
          projectSlug: project.slug,
          comment: serializeComment(rng.pick(OWNER_REPLIES)),
          hoursAgo: hoursAgoWithin(rng, project, hoursAgo),
        });
      }
    });
  }
  return comments;
}

function clampRating(value: number): number {
  return Math.min(RATING_MAX, Math.max(RATING_MIN, value));
}

/** Ratings scattered around a project's quality; top-quality projects get straight fives, so the 5 Stars filter has hits. */
function ratingsAround(rng: Rng, quality: number): Ratings {
  const offsets = quality >= RATING_MAX ? [0] : [-1, 0, 0, 1];
  const rate = (): number => clampRating(quality + rng.pick(offsets));
  return { cutExpectation: rate(), cutQuality: rate(), correctFileInfo: rate(), coolFactor: rate() };
}

/** The machine a maker cut on: one they own that the project supports, else their first. */
function machineFor(user: SeedUser, project: SeedProject, rng: Rng): MachineRef | undefined {
  const supported = new Set(project.supportedMachines.map(machineRefKey));
  const fitting = user.ownedMachines.filter((owned) => supported.has(machineRefKey(owned)));
  return fitting.length > 0 ? rng.pick(fitting) : user.ownedMachines[0];
}

export function planMakes(
  projects: readonly SeedProject[],
  users: readonly SeedUser[],
  rng: Rng,
): PlannedMake[] {
  const makes: PlannedMake[] = [];
  for (const project of eligibleProjects(projects)) {
    // About one project in four keeps the "No Makes Yet" empty state.
    if (rng.chance(0.25)) continue;
    const makers = actorsFor(project, users).filter((user) => user.ownedMachines.length > 0);
    const quality = rng.pick([2, 3, 4, 4, 5, 5]);
    for (const user of rng.sample(makers, rng.int(1, 3))) {
      const printedOn = machineFor(user, project, rng);
      if (!printedOn) continue;
      const isPrinted = rng.chance(0.8);
      makes.push({
        username: user.username,
        projectSlug: project.slug,
        printedOn,
        isPrinted,
        ratings: isPrinted ? ratingsAround(rng, quality) : null,
        caption: rng.chance(0.75) ? rng.pick(SEED_MAKE_CAPTIONS) : null,
        imageCount: rng.int(1, 3),
        hoursAgo: hoursAgoWithin(rng, project),
      });
    }
  }
  return makes;
}

/**
 * The whole plan. Each kind draws from its own PRNG stream (seed mixed with the kind's name), so
 * changing how comments are planned does not reshuffle likes or makes.
 */
export function planInteractions(
  projects: readonly SeedProject[],
  users: readonly SeedUser[],
  seed: number = DEFAULT_SEED,
): InteractionPlan {
  const stream = (kind: string): Rng => createRng((seed ^ hashString(kind)) >>> 0);
  return {
    likes: planLikes(projects, users, stream("likes")),
    bookmarks: planBookmarks(projects, users, stream("bookmarks")),
    comments: planComments(projects, users, stream("comments")),
    makes: planMakes(projects, users, stream("makes")),
  };
}
