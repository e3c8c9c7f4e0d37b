import { attachments, posts, toolData } from "@/lib/db/schema";
import { createUser, testDb, unique } from "./factories";

type Visibility = "draft" | "private" | "public" | "unlisted";

/**
 * A listing row: a post with just what the filters read (title, time, category, partner, rating,
 * tool families). `title` defaults to a unique word so a test can scope a listing to its own rows
 * with searchQuery.
 */
export async function createListedPost(
  options: {
    title?: string;
    userId?: string;
    visibility?: Visibility;
    createdAt?: Date;
    categoryId?: string;
    subCategory?: string;
    partnerId?: string;
    averageTotalRating?: number;
    tools?: ("Laser" | "Endmill")[];
  } = {},
) {
  const userId = options.userId ?? (await createUser()).id;
  const [post] = await testDb()
    .insert(posts)
    .values({
      userId,
      title: options.title ?? unique("Listed "),
      description: "A listed test project",
      visibility: options.visibility ?? "public",
      createdAt: options.createdAt ?? new Date(),
      categoryId: options.categoryId ?? null,
      subCategory: options.subCategory ?? null,
      partnerId: options.partnerId ?? null,
      averageTotalRating: options.averageTotalRating ?? 0,
    })
    .returning();
  const tools = options.tools ?? [];
  if (tools.length > 0) {
    const [model] = await testDb()
      .insert(attachments)
      .values({
        userId,
        parentType: "post",
        postId: post!.id,
        status: "ready",
        category: "postModel",
        resourceType: "model",
        fileName: "part.nc",
        fileSize: 10,
        storageKey: `posts/${post!.id}/postModel/${unique()}-part.nc`,
      })
      .returning();
    await testDb()
      .insert(toolData)
      .values(
        tools.map((family, position) => ({
          postId: post!.id,
          modelId: model!.id,
          laserOrEndmill: family,
          toolUnit: family === "Endmill" ? ("mm" as const) : null,
          toolUsed: family === "Endmill" ? 3.175 : null,
          position,
        })),
      );
  }
  return post!;
}
