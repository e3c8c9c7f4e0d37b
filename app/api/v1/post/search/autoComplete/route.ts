// GET /api/v1/post/search/autoComplete?searchQuery=..: up to 10 title suggestions
import { route } from "@/lib/http/route";
import { autocompletePosts } from "@/lib/services/posts/autocomplete-posts";
import { autocompleteEndpoint } from "@/lib/validation/posts";

export const GET = route(autocompleteEndpoint, async ({ query }) => ({
  posts: await autocompletePosts({ searchQuery: query.searchQuery }),
}));

export * from "@/lib/http/method-not-allowed";
