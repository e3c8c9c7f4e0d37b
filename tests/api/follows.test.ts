import { describe, expect, inject, it } from "vitest";
import type { Follow } from "@/lib/validation/follows";
import type { PublicUser } from "@/lib/validation/users";
import { createUser } from "../support/factories";
import { asUser } from "../support/factories-project";
import { api, type Envelope } from "../support/http";

const follow = async (userId: string, username: string) =>
  api<Envelope<{ follow: Follow }>>("/api/v1/follow/create", await asUser(userId, { json: { username } }));

const unfollow = async (userId: string, username: string) =>
  api<Envelope<{ follow: Follow }>>(
    `/api/v1/follow/delete?username=${encodeURIComponent(username)}`,
    await asUser(userId, { method: "DELETE" }),
  );

const profile = async (username: string, userId?: string) =>
  api<Envelope<{ user: PublicUser }>>(
    `/api/v1/auth/getByUsername/${username}`,
    userId ? await asUser(userId) : {},
  );

describe("POST /api/v1/follow/create", () => {
  it("follows a maker once however often it is asked, whatever the username's case", async () => {
    const maker = await createUser();
    const fan = await createUser();
    const first = await follow(fan.id, maker.username.toUpperCase());
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data.follow).toEqual({
      username: maker.username,
      isFollowedByUser: true,
      followers: 1,
    });
    const again = await follow(fan.id, maker.username);
    expect(again.body.data.follow.followers).toBe(1);
  });

  it("refuses oneself with 400, an unknown user with 404, no session with 401", async () => {
    const user = await createUser();
    const self = await follow(user.id, user.username);
    expect(self.status).toBe(400);
    expect(self.body.errorMessage).toBe("You cannot follow yourself.");
    expect(self.body.issues).toEqual([{ path: "username", message: "You cannot follow yourself." }]);
    expect((await follow(user.id, "nobody-by-this-name")).status).toBe(404);
    const empty = await follow(user.id, "  ");
    expect(empty.status).toBe(400);
    const signedOut = await api("/api/v1/follow/create", {
      method: "POST",
      headers: { "content-type": "application/json", origin: inject("baseUrl") },
      body: JSON.stringify({ username: user.username }),
    });
    expect(signedOut.status).toBe(401);
  });
});

describe("DELETE /api/v1/follow/delete", () => {
  it("stops following; not following is no error", async () => {
    const maker = await createUser();
    const fan = await createUser();
    await follow(fan.id, maker.username);
    const stopped = await unfollow(fan.id, maker.username);
    expect(stopped.status).toBe(200);
    expect(stopped.body.data.follow).toEqual({
      username: maker.username,
      isFollowedByUser: false,
      followers: 0,
    });
    expect((await unfollow(fan.id, maker.username)).status).toBe(200);
    expect((await unfollow(fan.id, fan.username)).status).toBe(400);
    const missing = await api("/api/v1/follow/delete", await asUser(fan.id, { method: "DELETE" }));
    expect(missing.status).toBe(400);
  });
});

describe("GET /api/v1/auth/getByUsername/{username}: follows", () => {
  it("answers followers and following to all, isFollowedByUser to a signed-in reader only", async () => {
    const maker = await createUser();
    const fan = await createUser();
    const other = await createUser();
    await follow(fan.id, maker.username);
    await follow(other.id, maker.username);
    await follow(maker.id, fan.username);

    const asGuest = await profile(maker.username);
    expect(asGuest.body.data.user).toMatchObject({ followers: 2, following: 1 });
    expect(asGuest.body.data.user).not.toHaveProperty("isFollowedByUser");
    expect((await profile(maker.username, fan.id)).body.data.user.isFollowedByUser).toBe(true);
    const stranger = await createUser();
    expect((await profile(maker.username, stranger.id)).body.data.user.isFollowedByUser).toBe(false);
    expect((await profile(maker.username, maker.id)).body.data.user.isFollowedByUser).toBe(false);
  });
});
