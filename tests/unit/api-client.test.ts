import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, apiFetch, buildUrl, onSessionExpired } from "@/lib/api-client/client";
import { callEndpoint, endpointPath } from "@/lib/api-client/call-endpoint";
import { createLikeEndpoint, deleteLikeEndpoint, deletePostEndpoint } from "@/lib/validation/posts";

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

describe("callEndpoint (the typed client)", () => {
  it("fills the contract's path parameters, encoded", () => {
    expect(endpointPath("/api/v1/post/delete/{id}", { id: "a b/c" })).toBe("/api/v1/post/delete/a%20b%2Fc");
    expect(() => endpointPath("/api/v1/post/{id}", {})).toThrow(/Missing path parameter id/);
  });

  it("sends the contract's method, path, query and body, and answers the envelope's data", async () => {
    const calls: { url: string; method: string | undefined; body: unknown }[] = [];
    vi.stubGlobal("fetch", async (url: string, init: RequestInit) => {
      calls.push({ url, method: init.method, body: init.body });
      return new Response(JSON.stringify({ status: "success", data: { post: { _id: "p1" } } }), {
        headers: { "content-type": "application/json" },
      });
    });
    try {
      const answer = await callEndpoint(deletePostEndpoint, { params: { id: "p1" } });
      expect(answer.post._id).toBe("p1");
      await callEndpoint(deleteLikeEndpoint, { query: { postId: "p2" } });
      await callEndpoint(createLikeEndpoint, { body: { postId: "p3" } });
      expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual([
        "DELETE /api/v1/post/delete/p1",
        "DELETE /api/v1/like/delete?postId=p2",
        "POST /api/v1/like/create",
      ]);
      expect(calls[2]?.body).toBe(JSON.stringify({ postId: "p3" }));
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("refuses, at compile time, a call without the contract's inputs", () => {
    const typeChecksOnly = () => {
      // @ts-expect-error the path parameter id is required
      void callEndpoint(deletePostEndpoint, {});
      // @ts-expect-error the body must be the contract's shape
      void callEndpoint(createLikeEndpoint, { body: { post: "x" } });
    };
    expect(typeof typeChecksOnly).toBe("function");
  });
});
