import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ownedMachines } from "@/lib/db/schema";
import type { Make } from "@/lib/validation/makes";
import { createUser, testDb } from "../support/factories";
import { asUser, createMakeRow, createProject, giveMachine } from "../support/factories-project";
import { api, type Envelope } from "../support/http";

const RATINGS = { cutExpectation: 4, cutQuality: 3, correctFileInfo: 5, coolFactor: 2 };

async function setup() {
  const project = await createProject();
  const maker = await createUser();
  const machine = project.variants[0]!;
  await giveMachine(maker.id, machine.id);
  return { ...project, maker, machine };
}

async function createMake(userId: string, body: Record<string, unknown>) {
  return api<Envelope<{ make: Make }>>("/api/v1/projectMake/create", await asUser(userId, { json: body }));
}

describe("POST /api/v1/projectMake/create", () => {
  it("creates a cut make with ratings and its weighted total (0.25/0.25/0.2/0.3, one decimal)", async () => {
    const { post, maker, machine } = await setup();
    const { status, body } = await createMake(maker.id, {
      postId: post.id,
      printedOn: machine.id,
      isPrinted: true,
      ratings: RATINGS,
      caption: "Cut it in walnut",
    });
    expect(status).toBe(201);
    // 0.25*4 + 0.25*3 + 0.2*5 + 0.3*2 = 3.35 -> 3.4
    expect(body.data.make).toMatchObject({
      post: post.id,
      user: { _id: maker.id },
      printedOn: { _id: machine.id, name: machine.name },
      isPrinted: true,
      ratings: RATINGS,
      totalRating: 3.4,
      caption: "Cut it in walnut",
      attachments: [],
    });
    const detail = await api<
      Envelope<{
        post: {
          averageTotalRating: number;
          makes: number;
          ratingSummary: { count: number; distribution: number[] };
        };
      }>
    >(`/api/v1/post/${post.id}`);
    expect(detail.body.data.post.averageTotalRating).toBe(3.4);
    expect(detail.body.data.post.makes).toBe(1);
    expect(detail.body.data.post.ratingSummary).toEqual({ count: 1, distribution: [0, 0, 1, 0, 0] });
  });

  it("stores no ratings when the project was not cut, even if some are sent", async () => {
    const { post, maker, machine } = await setup();
    const { status, body } = await createMake(maker.id, {
      postId: post.id,
      printedOn: machine.id,
      isPrinted: false,
      ratings: RATINGS,
    });
    expect(status).toBe(201);
    expect(body.data.make).toMatchObject({
      isPrinted: false,
      ratings: null,
      totalRating: null,
      caption: null,
    });
  });

  it.each([
    [{ printedOn: undefined }, [{ path: "printedOn", message: "Please select a machine" }]],
    [
      { isPrinted: undefined },
      [{ path: "isPrinted", message: "Please select whether you cut this project" }],
    ],
    [{ ratings: undefined }, [{ path: "ratings", message: "Ratings are required when you cut the project" }]],
    [
      { ratings: { cutExpectation: 4, cutQuality: 3 } },
      [
        { path: "ratings", message: "All rating criteria must be filled when you cut the project" },
        { path: "ratings.correctFileInfo", message: "Please rate correct file information" },
        { path: "ratings.coolFactor", message: "Please rate cool factor" },
      ],
    ],
    [
      { ratings: { ...RATINGS, cutExpectation: 0 } },
      [{ path: "ratings.cutExpectation", message: "Please rate cut expectation" }],
    ],
    [
      { ratings: { ...RATINGS, cutQuality: 6 } },
      [{ path: "ratings.cutQuality", message: "Please rate cut quality" }],
    ],
    [
      { ratings: { ...RATINGS, correctFileInfo: "5" } },
      [{ path: "ratings.correctFileInfo", message: "Please rate correct file information" }],
    ],
    [
      { ratings: { ...RATINGS, coolFactor: 2.5 } },
      [{ path: "ratings.coolFactor", message: "Please rate cool factor" }],
    ],
    [{ printedOn: "not-a-machine" }, [{ path: "printedOn", message: "Please select a machine" }]],
  ])("answers 400 with the spec's message for %j", async (change, issues) => {
    const { post, maker, machine } = await setup();
    const body = { postId: post.id, printedOn: machine.id, isPrinted: true, ratings: RATINGS, ...change };
    const response = await createMake(maker.id, body);
    expect(response.status).toBe(400);
    expect(response.body.issues).toEqual(issues);
  });

  it("refuses a machine the user does not own", async () => {
    const { post, maker, variants } = await setup();
    const { status, body } = await createMake(maker.id, {
      postId: post.id,
      printedOn: variants[1]!.id,
      isPrinted: false,
    });
    expect(status).toBe(400);
    expect(body.issues).toEqual([{ path: "printedOn", message: "Please select a machine" }]);
  });

  it("refuses a machine the user used to own", async () => {
    const { post, maker, machine } = await setup();
    await testDb()
      .delete(ownedMachines)
      .where(and(eq(ownedMachines.userId, maker.id), eq(ownedMachines.variantId, machine.id)));
    const { status, body } = await createMake(maker.id, {
      postId: post.id,
      printedOn: machine.id,
      isPrinted: false,
    });
    expect(status).toBe(400);
    expect(body.issues).toEqual([{ path: "printedOn", message: "Please select a machine" }]);
  });

  it("rounds the weighted total half up to one decimal and averages rated makes only", async () => {
    const { post, maker, machine } = await setup();
    // 0.25*1 + 0.25*2 + 0.2*2 + 0.3*4 = 2.35 -> 2.4 (a naive float rounding gives 2.3)
    const low = await createMake(maker.id, {
      postId: post.id,
      printedOn: machine.id,
      isPrinted: true,
      ratings: { cutExpectation: 1, cutQuality: 2, correctFileInfo: 2, coolFactor: 4 },
    });
    expect(low.body.data.make.totalRating).toBe(2.4);
    const high = await createMake(maker.id, {
      postId: post.id,
      printedOn: machine.id,
      isPrinted: true,
      ratings: { cutExpectation: 5, cutQuality: 5, correctFileInfo: 5, coolFactor: 5 },
    });
    expect(high.body.data.make.totalRating).toBe(5);
    await createMake(maker.id, { postId: post.id, printedOn: machine.id, isPrinted: false });
    const detail = await api<
      Envelope<{
        post: {
          averageTotalRating: number;
          makes: number;
          ratingSummary: { count: number; distribution: number[] };
        };
      }>
    >(`/api/v1/post/${post.id}`);
    // (2.4 + 5) / 2 = 3.7; the make that was not cut counts as a make but not as a rating.
    expect(detail.body.data.post).toMatchObject({
      averageTotalRating: 3.7,
      makes: 3,
      ratingSummary: { count: 2, distribution: [0, 1, 0, 0, 1] },
    });
  });

  it("answers 404 for a draft the user may not see", async () => {
    const { variants, post } = await createProject({ visibility: "draft" });
    const maker = await createUser();
    await giveMachine(maker.id, variants[0]!.id);
    const { status } = await createMake(maker.id, {
      postId: post.id,
      printedOn: variants[0]!.id,
      isPrinted: false,
    });
    expect(status).toBe(404);
  });

  it("answers 401 when signed out", async () => {
    const { post, machine } = await setup();
    const { status } = await api("/api/v1/projectMake/create", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ postId: post.id, printedOn: machine.id, isPrinted: false }),
    });
    expect(status).toBe(401);
  });
});

describe("GET /api/v1/projectMake/post/{postId}", () => {
  it("lists makes newest first", async () => {
    const { post, maker, machine } = await setup();
    const first = await createMake(maker.id, { postId: post.id, printedOn: machine.id, isPrinted: false });
    const second = await createMake(maker.id, {
      postId: post.id,
      printedOn: machine.id,
      isPrinted: true,
      ratings: RATINGS,
    });
    const { status, body } = await api<Envelope<{ makes: Make[] }>>(`/api/v1/projectMake/post/${post.id}`);
    expect(status).toBe(200);
    expect(body.data.makes.map((make) => make._id)).toEqual([
      second.body.data.make._id,
      first.body.data.make._id,
    ]);
  });
});

describe("DELETE /api/v1/projectMake/{makeId}", () => {
  it("lets only the author delete, and the post's rating follows", async () => {
    const { post, maker, machine, owner } = await setup();
    const created = await createMake(maker.id, {
      postId: post.id,
      printedOn: machine.id,
      isPrinted: true,
      ratings: RATINGS,
    });
    const makeId = created.body.data.make._id;
    const refused = await api(`/api/v1/projectMake/${makeId}`, await asUser(owner.id, { method: "DELETE" }));
    expect(refused.status).toBe(403);
    const { status, body } = await api<Envelope<{ _id: string }>>(
      `/api/v1/projectMake/${makeId}`,
      await asUser(maker.id, { method: "DELETE" }),
    );
    expect(status).toBe(200);
    expect(body.data).toEqual({ _id: makeId });
    const detail = await api<Envelope<{ post: { averageTotalRating: number; makes: number } }>>(
      `/api/v1/post/${post.id}`,
    );
    expect(detail.body.data.post).toMatchObject({ averageTotalRating: 0, makes: 0 });
    const again = await api(`/api/v1/projectMake/${makeId}`, await asUser(maker.id, { method: "DELETE" }));
    expect(again.status).toBe(404);
  });
});

describe("GET /api/v1/post/{id} viewerMachines", () => {
  it("lists the signed-in viewer's own machines (for machine fit) and none for visitors", async () => {
    const { post, maker, machine } = await setup();
    const signedIn = await api<
      Envelope<{ post: { viewerMachines: Array<{ _id: string; workArea: unknown }> } }>
    >(`/api/v1/post/${post.id}`, await asUser(maker.id));
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.data.post.viewerMachines).toEqual([
      expect.objectContaining({
        _id: machine.id,
        workArea: { xMm: machine.workAreaXMm, yMm: machine.workAreaYMm, zMm: machine.travelZMm },
      }),
    ]);
    const visitor = await api<Envelope<{ post: { viewerMachines: unknown[] } }>>(`/api/v1/post/${post.id}`);
    expect(visitor.body.data.post.viewerMachines).toEqual([]);
  });
});

describe("a post's average rating is rounded once, at the end", () => {
  it("shows 1.9 for makes whose weighted totals average 1.925 (1.85 and 2.0)", async () => {
    const { post } = await createProject();
    // (25*1 + 25*2 + 20*1 + 30*3) / 100 = 1.85, and every criterion 2 gives 2.0: the mean is 1.925.
    // Rounding each make first (1.9 and 2.0) would have given 1.95, shown as 2.
    await createMakeRow(post.id, (await createUser()).id, [1, 2, 1, 3]);
    await createMakeRow(post.id, (await createUser()).id, [2, 2, 2, 2]);
    const detail = await api<Envelope<{ post: { averageTotalRating: number } }>>(`/api/v1/post/${post.id}`);
    expect(detail.body.data.post.averageTotalRating).toBe(1.9);
  });
});
