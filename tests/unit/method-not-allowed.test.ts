import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { allowedMethods } from "@/lib/http/method-not-allowed";

const root = path.resolve(import.meta.dirname, "..", "..");
const STAND_INS = 'export * from "@/lib/http/method-not-allowed";';

/** Every API route file, with its address as the contracts write it (`[id]` -> `{id}`). */
function apiRoutes(): { file: string; address: string }[] {
  return readdirSync(path.join(root, "app", "api"), { recursive: true, encoding: "utf8" })
    .filter((file) => path.basename(file) === "route.ts")
    .map((file) => ({
      file: path.join("app", "api", file),
      address: `/api/${path.dirname(file).split(path.sep).join("/")}`.replace(/\[(\w+)\]/g, "{$1}"),
    }));
}

describe("the methods each API route serves (lib/http/method-not-allowed.ts)", () => {
  it("match every route file's exports, and every route file answers the others with the 405", () => {
    const routes = apiRoutes();
    expect(routes.length).toBeGreaterThan(50);
    for (const { file, address } of routes) {
      const source = readFileSync(path.join(root, file), "utf8");
      const exported = [
        ...source.matchAll(/export (?:const|async function|function) (GET|POST|PUT|PATCH|DELETE)\b/g),
      ].map((match) => match[1] as string);
      const expected = new Set([...exported, "OPTIONS"]);
      if (expected.has("GET")) expected.add("HEAD");
      expect(allowedMethods(address), file).toEqual([...expected].sort());
      expect(source, file).toContain(STAND_INS);
    }
  });

  it("prefers a fixed name to a parameter, ignores a trailing slash, and knows no other address", () => {
    expect(allowedMethods("/api/v1/post/createPost")).toEqual(["OPTIONS", "POST"]);
    expect(allowedMethods("/api/v1/post/some-id")).toEqual(["GET", "HEAD", "OPTIONS"]);
    expect(allowedMethods("/api/v1/post/preview/postDetails/")).toEqual(["GET", "HEAD", "OPTIONS"]);
    expect(allowedMethods("/api/v1/post/preview/postDetails")).toEqual(["GET", "HEAD", "OPTIONS"]);
    expect(allowedMethods("/api/v1/nothing/here")).toEqual([]);
  });
});
