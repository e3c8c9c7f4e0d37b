import "server-only";
import { listedTitleIndex, suggestionRows } from "@/lib/search/title-index";
import { AUTOCOMPLETE_MIN_LENGTH, type AutocompleteSuggestion } from "@/lib/validation/posts";
import { listedPostsWhere } from "./post-access";

/** This process's title index of the posts that listings show. */
const titleIndex = listedTitleIndex(listedPostsWhere);

/** GET /api/v1/post/search/autoComplete: at most 10 suggestions once the text is long enough. */
export async function autocompletePosts({
  searchQuery,
}: {
  searchQuery: string;
}): Promise<AutocompleteSuggestion[]> {
  const text = searchQuery.trim().toLowerCase();
  if (text.length < AUTOCOMPLETE_MIN_LENGTH) return [];
  const rows = suggestionRows(await titleIndex(), text);
  return rows.map((row) => ({ _id: row.id, title: row.title, user: { username: row.username } }));
}
