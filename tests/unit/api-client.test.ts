import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, apiFetch, buildUrl, onSessionExpired } from "@/lib/api-client/client";

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

afterEach(() => vi.unstubAllGlobals());

describe("apiFetch", () => {
  it("returns the envelope's data", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => json(200, { status: "success", data: { brands: [] } })),
    );
    await expect(apiFetch("/api/v1/cncBrand/getBrands")).resolves.toEqual({ brands: [] });
  });

  it("answers a 403 with one refresh and one retry", async () => {
    const calls: string[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string) => {
        calls.push(url);
        if (url === "/api/v1/auth/refresh") return json(200, { status: "success", data: {} });
        return calls.filter((call) => call === "/api/v1/auth/me").length === 1
          ? json(403, { status: "error", errorMessage: "expired" })
          : json(200, { status: "success", data: { user: { username: "maker" } } });
      }),
    );
    await expect(apiFetch("/api/v1/auth/me")).resolves.toEqual({ user: { username: "maker" } });
    expect(calls).toEqual(["/api/v1/auth/me", "/api/v1/auth/refresh", "/api/v1/auth/me"]);
  });

  it("logs out when the refresh fails, and rejects with the server's message", async () => {
    const expired = vi.fn();
    const unsubscribe = onSessionExpired(expired);
    const fetchMock = vi.fn(async (url: string) =>
      url === "/api/v1/auth/refresh"
        ? json(401, { status: "error", errorMessage: "Please log in to continue." })
        : json(403, { status: "error", errorMessage: "Your session has expired." }),
    );
    vi.stubGlobal("fetch", fetchMock);
    const error = await apiFetch("/api/v1/like/create", { method: "POST", body: { postId: "p" } }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(403);
    expect((error as ApiError).message).toBe("Your session has expired.");
    expect(expired).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    unsubscribe();
  });

  it("shares one refresh between concurrent 403s", async () => {
    let refreshes = 0;
    let refreshed = false;
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string) => {
        if (url === "/api/v1/auth/refresh") {
          refreshes += 1;
          await new Promise((resolve) => setTimeout(resolve, 10));
          refreshed = true;
          return json(200, { status: "success", data: {} });
        }
        return refreshed ? json(200, { status: "success", data: url }) : json(403, { status: "error" });
      }),
    );
    await expect(Promise.all([apiFetch("/a"), apiFetch("/b")])).resolves.toEqual(["/a", "/b"]);
    expect(refreshes).toBe(1);
  });

  it("carries validation issues", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () =>
        json(400, {
          status: "error",
          errorMessage: "Comment can't be empty",
          issues: [{ path: "comment", message: "Comment can't be empty" }],
        }),
      ),
    );
    const error = (await apiFetch("/x", { method: "POST", body: {} }).catch((e: unknown) => e)) as ApiError;
    expect(error.issues).toEqual([{ path: "comment", message: "Comment can't be empty" }]);
  });
});

describe("buildUrl", () => {
  it("repeats arrays and drops empty values", () => {
    expect(buildUrl("/v", { modelId: ["a", "b"], variantId: undefined, page: 2, q: "" })).toBe(
      "/v?modelId=a&modelId=b&page=2",
    );
  });
});
