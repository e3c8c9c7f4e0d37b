import { describe, expect, it } from "vitest";
import { filtersToSearch, readFilters, sortLabel } from "@/components/home/filter-params";
import { slugOf } from "@/lib/services/collections/collection-slug";
import { listPostsQuerySchema } from "@/lib/validation/posts";

describe("collection slugs", () => {
  it("are lower-case words joined by single dashes, accents dropped", () => {
    expect(slugOf("  Walnut Clocks & Co ")).toBe("walnut-clocks-co");
    expect(slugOf("Crème brûlée boards")).toBe("creme-brulee-boards");
    expect(slugOf("---")).toBe("collection");
    expect(slugOf("日本語")).toBe("collection");
  });

  it("stay within 60 characters without a trailing dash", () => {
    const slug = slugOf(`${"a".repeat(59)} b`);
    expect(slug).toBe("a".repeat(59));
    expect(slugOf("x".repeat(80))).toHaveLength(60);
  });
});

describe("the filter bar's sort", () => {
  it("is read from and written to the address like the filters", () => {
    const filters = readFilters({ sort: "mostMade", category: "Signs", page: "2" });
    expect(filters).toEqual({ sort: "mostMade", category: "Signs" });
    expect(filtersToSearch(filters)).toBe("?category=Signs&sort=mostMade");
    expect(sortLabel("mostMade")).toBe("Most Made");
  });

  it("parses each listing sort, treats an empty one as none, and names the values when wrong", () => {
    for (const sort of ["latest", "popular", "topRated", "mostMade", "mostDownloaded"]) {
      expect(listPostsQuerySchema.parse({ sort }).sort).toBe(sort);
    }
    expect(listPostsQuerySchema.parse({ sort: "" }).sort).toBeUndefined();
    const wrong = listPostsQuerySchema.safeParse({ sort: "oldest" });
    expect(wrong.success).toBe(false);
    expect(wrong.error?.issues[0]?.message).toBe(
      "sort must be one of: latest, popular, topRated, mostMade, mostDownloaded",
    );
  });
});
