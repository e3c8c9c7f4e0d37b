// GET /api/v1/category/getCategories?type=post: categories of a type
import { route } from "@/lib/http/route";
import { listCategories } from "@/lib/services/taxonomy/list-categories";
import { getCategoriesEndpoint } from "@/lib/validation/taxonomy";

export const GET = route(getCategoriesEndpoint, async ({ query }) => ({
  categories: await listCategories({ type: query.type }),
}));

export * from "@/lib/http/method-not-allowed";
