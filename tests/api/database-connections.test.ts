import { readFileSync } from "node:fs";
import { describe, expect, inject, it } from "vitest";
import { PG_BUSY_CLIENT_WARNING } from "../support/app-server";
import { asUser, createProject } from "../support/factories-project";
import { api } from "../support/http";

/**
 * A transaction holds one connection, which runs one query at a time: queries sent to it in
 * parallel (Promise.all with `tx`) queue inside pg, which warns once per process and refuses them
 * from its next major. The app's log is checked here after the calls that run several queries in
 * one transaction, and for the whole run by tests/support/api-global-setup.ts.
 */
function appLog(): string {
  const file = inject("appLogFile");
  return file ? readFileSync(file, "utf8") : "";
}

describe("one query at a time on a database connection", () => {
  it("submitting a project (its checks run inside the submit's transaction) logs no pg warning", async () => {
    const { post } = await createProject({ visibility: "draft" });
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const submitted = await api(
        `/api/v1/post/updatePost/${post.id}`,
        await asUser(post.userId, { method: "PATCH", json: { currentPage: 8 } }),
      );
      expect(submitted.status).toBeLessThan(500);
    }
    // The log reaches the file through the test runner's pipe.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(inject("appLogFile")).not.toBe("");
    expect(appLog()).not.toContain(PG_BUSY_CLIENT_WARNING);
  });
});
