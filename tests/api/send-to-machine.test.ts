import { createHmac } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, inject, it } from "vitest";
import { attachments } from "@/lib/db/schema";
import { createUser, testDb, unique } from "../support/factories";
import { API_TEST_AUTH_SECRET, asUser, createProject, GCODE } from "../support/factories-project";
import { api, type Envelope } from "../support/http";

type Link = Envelope<{ url: string; expiresAt: string; fileName: string }>;

const createStaff = () => createUser({ email: `reviewer-${unique()}@onefinitycnc.com`, isVerified: true });

function anonymous(json: unknown): RequestInit {
  return {
    method: "POST",
    headers: { origin: inject("baseUrl"), "content-type": "application/json" },
    body: JSON.stringify(json),
  };
}

async function asUserPost(userId: string, json: unknown): Promise<RequestInit> {
  return asUser(userId, { json });
}

/** The link's file, fetched like the controller's page does: another origin, no cookies. */
async function fetchLink(url: string): Promise<Response> {
  const { pathname, search } = new URL(url);
  return fetch(`${inject("baseUrl")}${pathname}${search}`, {
    headers: { origin: "http://192.168.1.40" },
    credentials: "omit",
  });
}

async function downloadCountOf(attachmentId: string): Promise<number> {
  const [row] = await testDb()
    .select({ count: attachments.downloadCount })
    .from(attachments)
    .where(eq(attachments.id, attachmentId));
  return row!.count;
}

// The signature as the server makes it (lib/services/attachments/send-link-signature.ts).
function sign(attachmentId: string, expires: number): string {
  const context = "cnc-projects/send-link/v1";
  const key = createHmac("sha256", API_TEST_AUTH_SECRET).update(context).digest();
  return createHmac("sha256", key)
    .update(JSON.stringify([context, attachmentId, expires]))
    .digest("hex");
}

describe("POST /api/v1/post/sendLink/{postId}", () => {
  it("answers a 10-minute link to a public model for a visitor, and counts the download", async () => {
    const { post, model } = await createProject();
    const before = Date.now();
    const { status, body } = await api<Link>(
      `/api/v1/post/sendLink/${post.id}`,
      anonymous({ attachmentId: model.id }),
    );
    expect(status).toBe(200);
    expect(body.data.fileName).toBe("part.nc");
    expect(new URL(body.data.url).pathname).toBe("/api/v1/attachment/sendFile");
    const lifetime = new Date(body.data.expiresAt).getTime() - before;
    expect(lifetime).toBeGreaterThan(9 * 60 * 1000);
    expect(lifetime).toBeLessThanOrEqual(10 * 60 * 1000 + 1000);
    expect(await downloadCountOf(model.id)).toBe(1);

    const file = await fetchLink(body.data.url);
    expect(file.status).toBe(200);
    expect(file.headers.get("access-control-allow-origin")).toBe("*");
    expect(file.headers.get("access-control-allow-credentials")).toBeNull();
    expect(file.headers.get("access-control-expose-headers")).toBe("X-File-Name");
    expect(decodeURIComponent(file.headers.get("x-file-name") ?? "")).toBe("part.nc");
    expect(await file.text()).toBe(GCODE);
  });

  it("draft and pending projects: only the owner and staff get a link; others get the same 404", async () => {
    for (const visibility of ["draft", "private"] as const) {
      const { post, model, owner } = await createProject({ visibility });
      const stranger = await createUser();
      const path = `/api/v1/post/sendLink/${post.id}`;
      expect((await api(path, anonymous({ attachmentId: model.id }))).status).toBe(404);
      const refused = await api<Link>(path, await asUserPost(stranger.id, { attachmentId: model.id }));
      expect(refused.status).toBe(404);
      expect(refused.body.errorMessage).toBe("Attachment not found");
      expect((await api(path, await asUserPost(owner.id, { attachmentId: model.id }))).status).toBe(200);
      const staff = await createStaff();
      expect((await api(path, await asUserPost(staff.id, { attachmentId: model.id }))).status).toBe(200);
    }
  });

  it("refuses a file of another post (404) and a file that is not G-code (400)", async () => {
    const first = await createProject();
    const second = await createProject();
    const elsewhere = await api(
      `/api/v1/post/sendLink/${first.post.id}`,
      anonymous({ attachmentId: second.model.id }),
    );
    expect(elsewhere.status).toBe(404);
    const zip = await api<Link>(
      `/api/v1/post/sendLink/${first.post.id}`,
      anonymous({ attachmentId: first.zip!.id }),
    );
    expect(zip.status).toBe(400);
    expect(zip.body.errorMessage).toBe("Only G-code models can be sent to a machine.");
    const bad = await api<Link>(
      `/api/v1/post/sendLink/${first.post.id}`,
      anonymous({ attachmentId: "nope" }),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.issues).toEqual([{ path: "attachmentId", message: "Invalid id" }]);
  });

  it("is refused when sent cross-site (CSRF)", async () => {
    const { post, model } = await createProject();
    const { status } = await api(`/api/v1/post/sendLink/${post.id}`, {
      method: "POST",
      headers: { origin: "https://evil.example", "content-type": "application/json" },
      body: JSON.stringify({ attachmentId: model.id }),
    });
    expect(status).toBe(403);
    expect(await downloadCountOf(model.id)).toBe(0);
  });
});

describe("GET /api/v1/attachment/sendFile", () => {
  it("refuses an expired link with a clear error that any origin can read", async () => {
    const { model } = await createProject();
    const expires = Math.floor(Date.now() / 1000) - 1;
    const response = await fetchLink(
      `http://x/api/v1/attachment/sendFile?attachmentId=${model.id}&expires=${expires}&signature=${sign(model.id, expires)}`,
    );
    expect(response.status).toBe(403);
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    const body = (await response.json()) as Envelope<unknown>;
    expect(body.errorMessage).toBe("This send link has expired. Make a new one on the project page.");
  });

  it("refuses an altered link: another file, a later expiry, a wrong signature", async () => {
    const { model } = await createProject();
    const other = await createProject();
    const expires = Math.floor(Date.now() / 1000) + 600;
    const signature = sign(model.id, expires);
    for (const query of [
      `attachmentId=${other.model.id}&expires=${expires}&signature=${signature}`,
      `attachmentId=${model.id}&expires=${expires + 3600}&signature=${signature}`,
      `attachmentId=${model.id}&expires=${expires}&signature=${"0".repeat(64)}`,
    ]) {
      const response = await fetchLink(`http://x/api/v1/attachment/sendFile?${query}`);
      expect(response.status, query).toBe(403);
      expect(((await response.json()) as Envelope<unknown>).errorMessage).toBe(
        "This send link is invalid. Make a new one on the project page.",
      );
    }
    const valid = await fetchLink(
      `http://x/api/v1/attachment/sendFile?attachmentId=${model.id}&expires=${expires}&signature=${signature}`,
    );
    expect(valid.status).toBe(200);
  });

  it("a malformed link is a 400 with the CORS header, never a 500", async () => {
    const response = await fetchLink("http://x/api/v1/attachment/sendFile?attachmentId=x&expires=soon");
    expect(response.status).toBe(400);
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
  });
});
