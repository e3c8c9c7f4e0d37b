import "server-only";
import { type Placeholder, type SQL, sql } from "drizzle-orm";
import type { Database } from "@/lib/db/create";
import { Bindings } from "@/lib/db/prepared-statements";
import { parseTsQuery, type TsQueryNode } from "./ts-query";

/** Quotes, a leading minus or a lone "or": the person is using web-search syntax on purpose. */
const WEB_SEARCH_SYNTAX = /["]|(^|\s)-\S|\sor\s/i;
const MAX_SEARCH_TERMS = 8;

/**
 * The search text as a tsquery, with English stemming like the search vector. Plain words must all
 * match, each as a prefix, so a half-typed "walnut coa" already finds the walnut coasters. Text
 * with web-search syntax ("a phrase", -word, or) goes through websearch_to_tsquery instead. The
 * words are bound as placeholders (`bindings`), so the text only depends on how many there are.
 */
export function searchTsQuery(text: string, bindings: Bindings): SQL {
  if (WEB_SEARCH_SYNTAX.test(text)) return sql`websearch_to_tsquery('english', ${bindings.bind(text)})`;
  // Letters and digits only, so nothing in a term can be tsquery syntax.
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  // A lone letter (the "s" of "kid's") as a prefix would match almost anything.
  const longer = words.filter((word) => word.length > 1);
  const terms = (longer.length > 0 ? longer : words).slice(0, MAX_SEARCH_TERMS);
  if (terms.length === 0) return sql`websearch_to_tsquery('english', ${bindings.bind(text)})`;
  return sql`(${sql.join(
    terms.map((term) => prefixQuery(bindings.bind(term), bindings.bind(`${term}:*`))),
    sql` && `,
  )})`;
}

/**
 * One word as a prefix: its English stem, or the word as typed. Stemming a half-typed word can
 * change its end ("cherry" becomes 'cherri'), which then no longer starts the whole word's entry
 * in the vector ('cherrywood'), so the word as typed is tried too, unless the stem starts it
 * ('mapl' for "maple"): then the stem's prefix already covers it, and each search term costs the
 * index one prefix scan instead of two. A stop word ("the") is no term at all: the empty query
 * drops out of the AND.
 */
function prefixQuery(term: Placeholder, prefix: Placeholder): SQL {
  return sql`(case when numnode(to_tsquery('english', ${prefix})) = 0 then ''::tsquery
    when starts_with(${term}, (ts_lexize('english_stem', ${term}))[1]) then to_tsquery('english', ${prefix})
    else to_tsquery('english', ${prefix}) || to_tsquery('simple', ${prefix}) end)`;
}

/** A search text as the database's tsquery (searchTsQuery: its stemming), parsed for the index. */
export async function parsedSearchQuery(
  database: Database,
  searchQuery: string,
): Promise<TsQueryNode | null> {
  const bindings = new Bindings();
  const [row] = await database
    .select({ query: sql<string>`(${searchTsQuery(searchQuery, bindings)})::text` })
    .from(sql`(values (1)) as one (x)`)
    .execute(bindings.values);
  return parseTsQuery(row?.query ?? "");
}
