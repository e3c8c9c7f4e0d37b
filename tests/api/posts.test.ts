import { randomInt } from "node:crypto";
import { existsSync } from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { describe, expect, inject, it } from "vitest";
import { attachments, likes, postTags, posts, toolData, users } from "@/lib/db/schema";
import type { AutocompleteSuggestion, PostList } from "@/lib/validation/posts";
import { createCategory, createPartner, createTag, createUser, testDb } from "../support/factories";
import { createListedPost } from "../support/factories-posts";
import { asUser, createComment, createMakeRow, createProject } from "../support/factories-project";
import { api, type Envelope } from "../support/http";

/** A random lower-case word: a search token that only this test's posts contain. */
const word = () => Array.from({ length: 10 }, () => String.fromCharCode(97 + randomInt(26))).join("");

async function list(query: Record<string, string | number>, init?: RequestInit) {
  const search = new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)]));
  return api<Envelope<PostList>>(`/api/v1/post?${search.toString()}`, init);
}

async function listIds(query: Record<string, string | number>, init?: RequestInit): Promise<string[]> {
  const { status, body } = await list({ limit: 100, ...query }, init);
  expect(status).toBe(200);
  return body.data.posts.map((post) => post._id);
}

const sorted = (ids: string[]) => [...ids].sort();

describe("GET /api/v1/post", () => {
  it("lists public posts only, with everything a card needs", async () => {
    const token = word();
    const author = await createUser({ isOnefinityOfficial: true });
    const viewer = await createUser();
    const category = await createCategory();
    const publicPost = await createListedPost({
      title: `${token} public`,
      userId: author.id,
      categoryId: category.id,
    });
    for (const visibility of ["draft", "private", "unlisted"] as const) {
      await createListedPost({ title: `${token} ${visibility}`, userId: author.id, visibility });
    }
    await testDb().insert(likes).values({ userId: viewer.id, postId: publicPost.id });
    await createComment(publicPost.id, viewer.id);
    await createMakeRow(publicPost.id, viewer.id, [4, 3, 5, 2]);

    // The author does not see their own drafts in the public listing either.
    expect(await listIds({ searchQuery: token }, await asUser(author.id))).toEqual([publicPost.id]);

    const { status, body } = await list({ searchQuery: token }, await asUser(viewer.id));
    expect(status).toBe(200);
    expect(body.status).toBe("success");
    expect(body.data.pagination).toEqual({ page: 1, limit: 20, total: 1, totalPages: 1 });
    const card = body.data.posts[0]!;
    expect(card).toMatchObject({
      _id: publicPost.id,
      title: `${token} public`,
      visibility: "public",
      user: { _id: author.id, username: author.username, isOnefinityOfficial: true },
      category: { _id: category.id, name: category.name },
      likes: 1,
      comments: 1,
      hasLikedByUser: true,
      hasBookmarkedByUser: false,
      // 0.25*4 + 0.25*3 + 0.2*5 + 0.3*2 = 3.35 -> 3.4
      averageTotalRating: 3.4,
      ratingsDistribution: {
        count: 1,
        cutExpectation: 4,
        cutQuality: 3,
        correctFileInfo: 5,
        coolFactor: 2,
        totalRating: 3.4,
      },
      downloadAverage: 0,
      thumbnail: null,
    });
    expect(new Date(card.createdAt).toISOString()).toBe(card.createdAt);

    const anonymous = await list({ searchQuery: token });
    expect(anonymous.body.data.posts[0]).toMatchObject({ hasLikedByUser: false, hasBookmarkedByUser: false });
  });

  it("gives the thumbnail as a URL and the download average over the listed files", async () => {
    const { post, model } = await createProject();
    await testDb().update(attachments).set({ downloadCount: 7 }).where(eq(attachments.id, model.id));
    await testDb().update(posts).set({ thumbnailId: model.id }).where(eq(posts.id, post.id));
    const { body } = await list({ searchQuery: post.title });
    const card = body.data.posts.find((item) => item._id === post.id);
    // One model with 7 downloads; the zip bundle and the YouTube link are not counted.
    expect(card?.downloadAverage).toBe(7);
    expect(card?.thumbnail).toMatch(/^(https?:\/\/|\/)/);
  });

  it("postedAt keeps posts created inside the calendar period (UTC, weeks from Monday)", async () => {
    const token = word();
    const now = new Date();
    const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
    const week = new Date(day.getTime() - ((day.getUTCDay() + 6) % 7) * 86_400_000);
    const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
    const year = new Date(Date.UTC(now.getUTCFullYear(), 0, 1));
    const starts = { Today: day, "This Week": week, "This Month": month, "This Year": year };
    const created: { id: string; at: Date }[] = [];
    for (const start of Object.values(starts)) {
      for (const at of [start, new Date(start.getTime() - 1000)]) {
        const post = await createListedPost({ title: `${token} post`, createdAt: at });
        created.push({ id: post.id, at });
      }
    }
    for (const [postedAt, start] of Object.entries(starts)) {
      const expected = created.filter((post) => post.at >= start).map((post) => post.id);
      expect(sorted(await listIds({ searchQuery: token, postedAt }))).toEqual(sorted(expected));
    }
    expect(await listIds({ searchQuery: token, postedAt: "All" })).toHaveLength(created.length);
  });

  it("category matches by name (any case) and subCategory by value", async () => {
    const token = word();
    const wood = await createCategory();
    const other = await createCategory();
    const signs = await createListedPost({ title: `${token} a`, categoryId: wood.id, subCategory: "Signs" });
    const boxes = await createListedPost({ title: `${token} b`, categoryId: wood.id, subCategory: "Boxes" });
    await createListedPost({ title: `${token} c`, categoryId: other.id, subCategory: "Signs" });
    await createListedPost({ title: `${token} d` });

    expect(sorted(await listIds({ searchQuery: token, category: wood.name.toUpperCase() }))).toEqual(
      sorted([signs.id, boxes.id]),
    );
    expect(await listIds({ searchQuery: token, category: wood.name, subCategory: "signs" })).toEqual([
      signs.id,
    ]);
    expect(await listIds({ searchQuery: token, category: "No such category" })).toEqual([]);
  });

  it("author=onefinity keeps only posts by official accounts", async () => {
    const token = word();
    const official = await createUser({ isOnefinityOfficial: true });
    const maker = await createUser();
    const byOfficial = await createListedPost({ title: `${token} a`, userId: official.id });
    await createListedPost({ title: `${token} b`, userId: maker.id });

    expect(await listIds({ searchQuery: token, author: "onefinity" })).toEqual([byOfficial.id]);
    const bad = await list({ author: "someone" });
    expect(bad.status).toBe(400);
    expect(bad.body.issues).toContainEqual({ path: "author", message: "author must be onefinity" });
  });

  it("toolType keeps posts with any tool of that family", async () => {
    const token = word();
    const laser = await createListedPost({ title: `${token} a`, tools: ["Laser"] });
    const endmill = await createListedPost({ title: `${token} b`, tools: ["Endmill", "Endmill"] });
    const both = await createListedPost({ title: `${token} c`, tools: ["Endmill", "Laser"] });
    await createListedPost({ title: `${token} d` });

    expect(sorted(await listIds({ searchQuery: token, toolType: "Laser" }))).toEqual(
      sorted([laser.id, both.id]),
    );
    expect(sorted(await listIds({ searchQuery: token, toolType: "Endmill" }))).toEqual(
      sorted([endmill.id, both.id]),
    );
    expect(await listIds({ searchQuery: token, toolType: "All" })).toHaveLength(4);
  });

  it("search follows each write to a post's title, tags and visibility", async () => {
    const [first, second, third] = [word(), word(), word()];
    const post = await createListedPost({ title: `${first} box`, visibility: "draft" });
    // Each check searches a text of its own: a search's ranked ids are kept for a few seconds.
    expect(await listIds({ searchQuery: first })).toEqual([]);

    await testDb().update(posts).set({ visibility: "public" }).where(eq(posts.id, post.id));
    expect(await listIds({ searchQuery: `${first} box` })).toEqual([post.id]);

    await testDb().update(posts).set({ title: `${second} box` }).where(eq(posts.id, post.id));
    expect(await listIds({ searchQuery: second })).toEqual([post.id]);
    expect(await listIds({ searchQuery: `box ${first}` })).toEqual([]);

    const tag = await createTag(third);
    await testDb().insert(postTags).values({ postId: post.id, tagId: tag.id });
    expect(await listIds({ searchQuery: third })).toEqual([post.id]);

    // A counter changing leaves the search as it was; leaving public takes the post out.
    await testDb().update(posts).set({ likesCount: 3 }).where(eq(posts.id, post.id));
    expect(await listIds({ searchQuery: `${third} ${second}` })).toEqual([post.id]);
    await testDb().update(posts).set({ visibility: "private" }).where(eq(posts.id, post.id));
    expect(await listIds({ searchQuery: `${second} ${third}` })).toEqual([]);
    const { body } = await list({ searchQuery: `${second} box` });
    expect(body.data.pagination.total).toBe(0);
  });

  it("toolType follows each write to a post's tools and models", async () => {
    const token = word();
    const post = await createListedPost({ title: `${token} a`, tools: ["Laser"] });
    // Each check searches a text of its own: a search's ranked ids are kept for a few seconds.
    const lists = async (text: string) => ({
      laser: await listIds({ searchQuery: text, toolType: "Laser" }),
      endmill: await listIds({ searchQuery: text, toolType: "Endmill" }),
    });
    expect(await lists(token)).toEqual({ laser: [post.id], endmill: [] });

    // The laser tool becomes an endmill.
    await testDb()
      .update(toolData)
      .set({ laserOrEndmill: "Endmill", toolUnit: "mm", toolUsed: 3.175 })
      .where(eq(toolData.postId, post.id));
    expect(await lists(`${token} a`)).toEqual({ laser: [], endmill: [post.id] });

    // The tool goes; the G-code engine's reading of the model as a laser job is left.
    await testDb().delete(toolData).where(eq(toolData.postId, post.id));
    await testDb()
      .update(attachments)
      .set({ gcodeAnalysis: sql`'{"isLaser": true}'::jsonb` })
      .where(eq(attachments.postId, post.id));
    expect(await lists(`a ${token}`)).toEqual({ laser: [post.id], endmill: [] });

    // The model goes too: neither family.
    await testDb().delete(attachments).where(eq(attachments.postId, post.id));
    expect(await lists(`${token} "a"`)).toEqual({ laser: [], endmill: [] });
  });

  it("partner keeps the posts of the partner whose user is given", async () => {
    const token = word();
    const first = await createPartner();
    const second = await createPartner();
    const withFirst = await createListedPost({ title: `${token} a`, partnerId: first.partner.id });
    await createListedPost({ title: `${token} b`, partnerId: second.partner.id });
    await createListedPost({ title: `${token} c` });

    const ids = await listIds({ searchQuery: token, partner: first.user.id });
    expect(ids).toEqual([withFirst.id]);
    const { body } = await list({ searchQuery: token, partner: first.user.id });
    expect(body.data.posts[0]?.partner).toEqual({
      name: first.partner.name,
      color: first.partner.color,
      user: first.user.id,
    });
  });

  it("ratings keeps posts whose average rating is at least the value", async () => {
    const token = word();
    const rated = await Promise.all(
      [0, 1.5, 3, 4.2, 5].map((averageTotalRating) =>
        createListedPost({ title: `${token} post`, averageTotalRating }),
      ),
    );
    const ids = (from: number) =>
      sorted(rated.filter((post) => post.averageTotalRating >= from).map((post) => post.id));
    for (const ratings of [1, 2, 3, 4, 5]) {
      expect(sorted(await listIds({ searchQuery: token, ratings }))).toEqual(ids(ratings));
    }
    const bad = await list({ ratings: 6 });
    expect(bad.status).toBe(400);
    expect(bad.body.issues).toContainEqual({ path: "ratings", message: "ratings must be at most 5" });
  });

  it("searchQuery matches title, tags and description, ranking title matches first", async () => {
    const token = word();
    const inDescription = await createListedPost({ title: "Plain project" });
    await testDb()
      .update(posts)
      .set({ description: `Made with ${token} wood` })
      .where(eq(posts.id, inDescription.id));
    const inTitle = await createListedPost({ title: `The ${token} clock` });
    expect(await listIds({ searchQuery: token })).toEqual([inTitle.id, inDescription.id]);
    expect(await listIds({ searchQuery: `${token} clock` })).toEqual([inTitle.id]);
  });

  it("searchQuery finds a whole word from a half word that stemming would change", async () => {
    const token = word();
    // English stemming turns a word ending in "y" into "...i": "<token>y" as typed must still
    // start "<token>ywood", and a stop word in the text is no term.
    const board = await createListedPost({ title: `${token}ywood serving board` });
    expect(await listIds({ searchQuery: `${token}y` })).toEqual([board.id]);
    expect(await listIds({ searchQuery: `the ${token}y serv` })).toEqual([board.id]);
  });

  it("searchQuery takes plain words as prefixes and honours web-search syntax", async () => {
    const token = word();
    const coasters = await createListedPost({ title: `${token} walnut coasters` });
    const clock = await createListedPost({ title: `${token} walnut clock` });
    // A half-typed last word, as someone types "walnut coa" before finishing.
    expect(await listIds({ searchQuery: `${token} walnut coa` })).toEqual([coasters.id]);
    expect(sorted(await listIds({ searchQuery: `${token.slice(0, 6)} walnut` }))).toEqual(
      sorted([coasters.id, clock.id]),
    );
    // Web-search syntax: a minus excludes, quotes ask for a phrase.
    expect(await listIds({ searchQuery: `${token} -coasters` })).toEqual([clock.id]);
    expect(await listIds({ searchQuery: `"${token} walnut clock"` })).toEqual([clock.id]);
    // Punctuation alone is no search term and matches nothing, rather than failing.
    const { status, body } = await list({ searchQuery: "%%" });
    expect(status).toBe(200);
    expect(body.data.posts).toEqual([]);
  });

  it("pages through the top results in a stable order without repeats or gaps", async () => {
    const token = word();
    // The same creation time for all: only the id tie-break orders them.
    const at = new Date(Date.now() - 60_000);
    const created = await Promise.all(
      Array.from({ length: 25 }, () => createListedPost({ title: `${token} post`, createdAt: at })),
    );
    const older = await createListedPost({
      title: `${token} post`,
      createdAt: new Date(at.getTime() - 60_000),
    });
    const seen: string[] = [];
    for (const page of [1, 2, 3]) {
      const { body } = await list({ searchQuery: token, page, limit: 10 });
      expect(body.data.pagination).toEqual({ page, limit: 10, total: 26, totalPages: 3 });
      seen.push(...body.data.posts.map((post) => post._id));
    }
    expect(seen).toHaveLength(26);
    expect(new Set(seen).size).toBe(26);
    expect(seen.at(-1)).toBe(older.id);
    expect(sorted(seen.slice(0, 25))).toEqual(sorted(created.map((post) => post.id)));
    // Newest first, then the id (descending) decides.
    expect(seen.slice(0, 25)).toEqual([...seen.slice(0, 25)].sort().reverse());
    const again = await listIds({ searchQuery: token, page: 2, limit: 10 });
    expect(again).toEqual(seen.slice(10, 20));
  });

  it("leaves out at once a post unpublished after its search was ranked", async () => {
    const token = word();
    const kept = await createListedPost({ title: `${token} kept` });
    const hidden = await createListedPost({
      title: `${token} hidden`,
      createdAt: new Date(Date.now() + 1000),
    });
    // The first search ranks the matches and keeps them for a few seconds (search-window.ts).
    expect(await listIds({ searchQuery: token })).toEqual([hidden.id, kept.id]);
    await testDb().update(posts).set({ visibility: "draft" }).where(eq(posts.id, hidden.id));
    expect(await listIds({ searchQuery: token })).toEqual([kept.id]);
    // Pages past the ranked window are ranked per request, in the same order.
    const { body } = await list({ searchQuery: token, page: 11, limit: 100 });
    expect(body.data.posts).toEqual([]);
  });

  it("the unfiltered listing is newest first", async () => {
    const newer = await createListedPost({ createdAt: new Date(Date.now() + 1000) });
    const ids = await listIds({ limit: 5 });
    expect(ids[0]).toBe(newer.id);
  });

  it("answers bad query values with 400 and the messages", async () => {
    for (const [query, issue] of [
      [{ postedAt: "Yesterday" }, "postedAt"],
      [{ toolType: "Plasma" }, "toolType"],
      [{ partner: "nope" }, "partner"],
      [{ ratings: "many" }, "ratings"],
      [{ page: 0 }, "page"],
      [{ limit: 101 }, "limit"],
    ] as const) {
      const { status, body } = await list(query);
      expect(status).toBe(400);
      expect(body.issues?.map((item) => item.path)).toContain(issue);
    }
  });
});

describe("GET /api/v1/post/search/autoComplete", () => {
  const suggest = (searchQuery: string) =>
    api<Envelope<{ posts: AutocompleteSuggestion[] }>>(
      `/api/v1/post/search/autoComplete?searchQuery=${encodeURIComponent(searchQuery)}`,
    );
  const suggestedIds = async (text: string) => (await suggest(text)).body.data.posts.map((item) => item._id);
  /**
   * Suggestions hold every write committed a second before them (the title index catches up
   * once a second, ADR 021); these tests write straight to the database, so they ask until the
   * answer is the expected one, for a few seconds at most.
   */
  const soon = <T,>(ask: () => Promise<T>) => expect.poll(ask, { timeout: 4_000, interval: 100 });

  it("suggests public titles by prefix and tolerates a typo", async () => {
    const token = word();
    const owner = await createUser();
    const post = await createListedPost({ title: `${token} walnut cutting board`, userId: owner.id });
    await createListedPost({ title: `${token} walnut draft`, visibility: "draft" });

    await soon(async () => (await suggest(token.slice(0, 6))).body.data.posts).toEqual([
      { _id: post.id, title: `${token} walnut cutting board`, user: { username: owner.username } },
    ]);
    expect((await suggest(token.slice(0, 6))).status).toBe(200);
    // A letter left out in the middle of the word: one edit from a title word.
    const typo = `${token.slice(0, 5)}${token.slice(6)}`;
    expect(await suggestedIds(typo)).toContain(post.id);
  });

  it("puts titles that start with the text before titles that only contain it", async () => {
    const token = word();
    const starts = await createListedPost({
      title: `${token} jewelry box`,
      createdAt: new Date(Date.now() - 86_400_000),
    });
    const contains = await createListedPost({ title: `Walnut ${token} tray` });
    await soon(() => suggestedIds(token)).toEqual([starts.id, contains.id]);
  });

  it("treats LIKE wildcards in the text as plain characters", async () => {
    await createListedPost();
    const { status, body } = await suggest("%%%%");
    expect(status).toBe(200);
    expect(body.data.posts).toEqual([]);
  });

  it("needs more than 3 characters and gives at most 10", async () => {
    const token = word();
    await Promise.all(Array.from({ length: 12 }, () => createListedPost({ title: `${token} coaster` })));
    await soon(async () => (await suggest(token)).body.data.posts.length).toBe(10);
    expect((await suggest(token.slice(0, 3))).body.data.posts).toEqual([]);
  });

  /** A token with no letter twice in a row, so every swap of neighbours is a new text. */
  const typoProneWord = (): string => {
    const token = word();
    return /(.)\1/.test(token) ? typoProneWord() : token;
  };
  /** `text` with the letters at `at` and `at + 1` swapped. */
  const swapped = (text: string, at: number) =>
    `${text.slice(0, at)}${text.charAt(at + 1)}${text.charAt(at)}${text.slice(at + 2)}`;

  it("finds every one of many posts published at once", async () => {
    // Concurrent transactions commit in any order: catching up by transaction id must miss none.
    const user = await createUser();
    const tokens = Array.from({ length: 30 }, () => word());
    const created = await Promise.all(
      tokens.map((token, index) => createListedPost({ userId: user.id, title: `${token} box post ${index}` })),
    );
    await soon(() => Promise.all(tokens.map((token) => suggestedIds(token)))).toEqual(
      created.map((post) => [post.id]),
    );
  });

  it("stays right when more posts change at once than the index keeps beside its base", async () => {
    // 2,100 posts published by one statement: past 2,000 changed posts the index is built again
    // in the background (ADR 021); changes after that must still be caught.
    const token = word();
    const user = await createUser();
    const batch = await testDb()
      .insert(posts)
      .values(
        Array.from({ length: 2_100 }, (_, index) => ({
          userId: user.id,
          title: `${token} batch ${index}`,
          description: "A batch test project",
          visibility: "public" as const,
          // Long ago, so the batch never tops another test's newest-first listing meanwhile.
          createdAt: new Date(Date.UTC(2001, 0, 1) - index * 1000),
        })),
      )
      .returning({ id: posts.id });
    await soon(() => suggestedIds(`${token} batch 2099`)).toEqual([batch[2_099]!.id]);
    await testDb()
      .update(posts)
      .set({ title: `${token} renamed` })
      .where(eq(posts.id, batch[0]!.id));
    await soon(() => suggestedIds(`${token} renamed`)).toEqual([batch[0]!.id]);
    await testDb().update(posts).set({ visibility: "draft" }).where(eq(posts.userId, user.id));
    await soon(() => suggestedIds(token)).toEqual([]);
  });

  it("corrects a misspelt word from the words of public titles, the one being typed too", async () => {
    const token = typoProneWord();
    const post = await createListedPost({ title: `Walnut ${token} cutting board` });
    await createListedPost({ title: `Walnut ${token} draft`, visibility: "draft" });

    // A misspelt whole word, then the word being typed, each with two neighbours swapped.
    await soon(() => suggestedIds(`walnut ${swapped(token, 2)} cutt`)).toEqual([post.id]);
    expect(await suggestedIds(`walnut ${swapped(token.slice(0, 7), 3)}`)).toEqual([post.id]);
    // A letter too many; and the ending typed after a wrong space still finds it.
    expect(await suggestedIds(`${token.slice(0, 4)}q${token.slice(4)}`)).toEqual([post.id]);
    expect(await suggestedIds(`walnut ${token} cuttign board`)).toEqual([post.id]);
    // Typed from inside a word.
    expect(await suggestedIds(`${token.slice(3)} cutting bo`)).toEqual([post.id]);
  });

  it("never suggests a title that is not public, though its words are title words", async () => {
    const shared = typoProneWord();
    const hidden = typoProneWord();
    const listed = await createListedPost({ title: `${shared} lamp` });
    for (const visibility of ["draft", "private", "unlisted"] as const) {
      await createListedPost({ title: `${shared} ${hidden} shade`, visibility });
    }
    // The shared word is a title word (through the public post): the correction leads to it, and
    // still only to the public title.
    await soon(() => suggestedIds(swapped(shared, 1))).toEqual([listed.id]);
    expect(await suggestedIds(`${shared} ${swapped(hidden, 1)}`)).toEqual([]);
    // A word only hidden titles have is no title word at all.
    expect(await suggestedIds(swapped(hidden, 4))).toEqual([]);
    expect(await suggestedIds(hidden)).toEqual([]);
  });

  it("follows a renamed, unpublished or deleted post, and a renamed author", async () => {
    const before = typoProneWord();
    const after = typoProneWord();
    const { post, owner } = await createProject();
    await testDb()
      .update(posts)
      .set({ title: `${before} chess board`, visibility: "public" })
      .where(eq(posts.id, post.id));
    await soon(() => suggestedIds(swapped(before, 1))).toEqual([post.id]);

    await testDb()
      .update(posts)
      .set({ title: `${after} chess board` })
      .where(eq(posts.id, post.id));
    await soon(() => suggestedIds(swapped(after, 1))).toEqual([post.id]);
    expect(await suggestedIds(swapped(before, 2))).toEqual([]);

    const renamed = `${word()}_r`;
    await testDb().update(users).set({ username: renamed }).where(eq(users.id, owner.id));
    await soon(async () => (await suggest(after)).body.data.posts.map((item) => item.user.username)).toEqual([
      renamed,
    ]);

    await testDb().update(posts).set({ visibility: "draft" }).where(eq(posts.id, post.id));
    await soon(() => suggestedIds(swapped(after, 2))).toEqual([]);
    await testDb().update(posts).set({ visibility: "public" }).where(eq(posts.id, post.id));
    await soon(() => suggestedIds(swapped(after, 3))).toEqual([post.id]);

    const deleted = await api(`/api/v1/post/delete/${post.id}`, await asUser(owner.id, { method: "DELETE" }));
    expect(deleted.status).toBe(200);
    await soon(() => suggestedIds(after)).toEqual([]);
  });

  // The server process answers this route before Next's router (ADR 009), with its own copy of
  // the app's modules: these prove it behaves as the other routes do.
  it("drops a post its owner deletes from the suggestions at once", async () => {
    const token = word();
    const { post, owner } = await createProject();
    await testDb()
      .update(posts)
      .set({ title: `${token} spice rack` })
      .where(eq(posts.id, post.id));
    await soon(() => suggestedIds(token)).toEqual([post.id]);
    // A write through the site tells the title index to catch up on the next suggestion.

    const deleted = await api(`/api/v1/post/delete/${post.id}`, await asUser(owner.id, { method: "DELETE" }));
    expect(deleted.status).toBe(200);
    expect((await suggest(token)).body.data.posts).toEqual([]);
  });

  it("answers bad input and other methods like every route", async () => {
    const tooLong = await suggest("a".repeat(201));
    expect(tooLong.status).toBe(400);
    expect(tooLong.body).toMatchObject({
      status: "error",
      message: "searchQuery must be at most 200 characters",
    });
    const posted = await api("/api/v1/post/search/autoComplete?searchQuery=walnut", {
      method: "POST",
      headers: { origin: inject("baseUrl") },
    });
    expect(posted.status).toBe(405);
    const head = await fetch(`${inject("baseUrl")}/api/v1/post/search/autoComplete?searchQuery=walnut`, {
      method: "HEAD",
    });
    expect(head.status).toBe(200);
  });
});

describe("GET /api/v1/post/getPostsByUserId/{id} and getPostsByUsername/{username}", () => {
  it("shows the owner every post with its visibility and others only the public ones", async () => {
    const owner = await createUser();
    const stranger = await createUser();
    const created = [];
    for (const visibility of ["public", "draft", "private", "unlisted"] as const) {
      created.push(
        await createListedPost({
          userId: owner.id,
          visibility,
          createdAt: new Date(Date.now() - created.length * 1000),
        }),
      );
    }
    const byId = await api<Envelope<PostList>>(
      `/api/v1/post/getPostsByUserId/${owner.id}`,
      await asUser(owner.id),
    );
    expect(byId.status).toBe(200);
    expect(byId.body.data.posts.map((post) => [post._id, post.visibility])).toEqual(
      created.map((post) => [post.id, post.visibility]),
    );
    const byName = await api<Envelope<PostList>>(
      `/api/v1/post/getPostsByUsername/${owner.username.toUpperCase()}`,
      await asUser(stranger.id),
    );
    expect(byName.body.data.posts.map((post) => post._id)).toEqual([created[0]!.id]);
    const anonymous = await api<Envelope<PostList>>(`/api/v1/post/getPostsByUserId/${owner.id}`);
    expect(anonymous.body.data.pagination.total).toBe(1);
  });

  it("answers 404 for an unknown user", async () => {
    expect((await api(`/api/v1/post/getPostsByUsername/nobody-${word()}`)).status).toBe(404);
    expect((await api("/api/v1/post/getPostsByUserId/00000000-0000-4000-8000-000000000000")).status).toBe(
      404,
    );
  });
});

describe("DELETE /api/v1/post/delete/{id}", () => {
  it("refuses anyone but the owner", async () => {
    const { post } = await createProject();
    const stranger = await createUser();
    const refused = await api(
      `/api/v1/post/delete/${post.id}`,
      await asUser(stranger.id, { method: "DELETE" }),
    );
    expect(refused.status).toBe(403);
    expect(
      (
        await api(`/api/v1/post/delete/${post.id}`, {
          method: "DELETE",
          headers: { origin: inject("baseUrl") },
        })
      ).status,
    ).toBe(401);
    expect((await api(`/api/v1/post/${post.id}`)).status).toBe(200);
  });

  it("answers 404, as for a missing post, when a stranger deletes a draft or a pending post", async () => {
    const stranger = await createUser();
    for (const visibility of ["draft", "private"] as const) {
      const { post } = await createProject({ visibility });
      const refused = await api<Envelope<never>>(
        `/api/v1/post/delete/${post.id}`,
        await asUser(stranger.id, { method: "DELETE" }),
      );
      expect(refused.status).toBe(404);
      expect(refused.body.errorMessage).toBe("Project not found");
      const [row] = await testDb().select({ id: posts.id }).from(posts).where(eq(posts.id, post.id));
      expect(row?.id).toBe(post.id);
    }
  });

  it("removes the post, its rows and its stored files for the owner", async () => {
    const { post, owner, model, zip } = await createProject();
    const liker = await createUser();
    await testDb().insert(likes).values({ userId: liker.id, postId: post.id });
    await createComment(post.id, liker.id);
    const storage = path.join(inject("dataDir"), "storage");
    const files = [model.storageKey!, zip!.storageKey!].map((key) => path.join(storage, ...key.split("/")));
    expect(files.every((file) => existsSync(file))).toBe(true);

    const { status, body } = await api<Envelope<{ post: { _id: string } }>>(
      `/api/v1/post/delete/${post.id}`,
      await asUser(owner.id, { method: "DELETE" }),
    );
    expect(status).toBe(200);
    expect(body.data.post).toEqual({ _id: post.id });
    expect(await testDb().select().from(posts).where(eq(posts.id, post.id))).toEqual([]);
    expect(await testDb().select().from(attachments).where(eq(attachments.postId, post.id))).toEqual([]);
    expect(await testDb().select().from(likes).where(eq(likes.postId, post.id))).toEqual([]);
    expect(files.some((file) => existsSync(file))).toBe(false);
    expect((await api(`/api/v1/post/${post.id}`)).status).toBe(404);
    expect(
      (await api(`/api/v1/post/delete/${post.id}`, await asUser(owner.id, { method: "DELETE" }))).status,
    ).toBe(404);
  });
});

describe("GET /api/v1/post/{id}: who sees which post (lib/services/posts/post-access.ts)", () => {
  it("shows drafts and pending posts to their owner and staff only", async () => {
    const stranger = await createUser();
    const staff = await createUser({ email: `reviewer-${word()}@onefinitycnc.com`, isVerified: true });
    for (const visibility of ["draft", "private"] as const) {
      const { post, owner } = await createProject({ visibility });
      expect((await api(`/api/v1/post/${post.id}`)).status).toBe(404);
      expect((await api(`/api/v1/post/${post.id}`, await asUser(stranger.id))).status).toBe(404);
      expect((await api(`/api/v1/post/${post.id}`, await asUser(owner.id))).status).toBe(200);
      expect((await api(`/api/v1/post/${post.id}`, await asUser(staff.id))).status).toBe(200);
    }
  });

  it("hides a post without files from everyone but its owner, as the project page does", async () => {
    const post = await createListedPost();
    const stranger = await createUser();
    const missing = await api<Envelope<never>>(`/api/v1/post/${post.id}`, await asUser(stranger.id));
    expect(missing.status).toBe(404);
    expect(missing.body.errorMessage).toBe("Project not found");
    expect((await api(`/api/v1/post/${post.id}`, await asUser(post.userId))).status).toBe(200);
  });
});
