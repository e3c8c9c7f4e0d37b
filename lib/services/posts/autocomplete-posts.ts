import "server-only";
import { eq, or, type SQL, sql } from "drizzle-orm";
import { TtlCache } from "@/lib/cache/ttl-cache";
import { db } from "@/lib/db/client";
import type { Database } from "@/lib/db/create";
import { posts, titleWords, users } from "@/lib/db/schema";
import { listedPostsWhere } from "./post-access";
import {
  correctedTexts,
  MIN_CORRECTED_LENGTH,
  type RequiredTitleWord,
  spellingEdits,
  type TypedWord,
  typedWords,
  wordsTitlesMustHave,
} from "./queries/title-corrections";
import {
  AUTOCOMPLETE_LIMIT,
  AUTOCOMPLETE_MIN_LENGTH,
  type AutocompleteSuggestion,
} from "@/lib/validation/posts";

/** LIKE wildcards in the user's text match themselves. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/**
 * How many of the newest titles containing the typed text are ranked for the suggestions. 20, not
 * 50: a text in 1% of titles walks 2,000 rows instead of 5,000, and the planner then walks where
 * with 50 it read the whole trigram match from the GIN index (docs/performance.md, issue 15).
 */
const CANDIDATES = 20;
/**
 * The same for corrected texts: only the places the typed text left are filled, and the newest
 * walk stops sooner (it reads about candidates / selectivity rows).
 */
const CORRECTED_CANDIDATES = AUTOCOMPLETE_LIMIT;
/** Misspelt words corrected per text, corrections kept per word, corrected texts searched. */
const MAX_CORRECTED_WORDS = 2;
const CORRECTIONS_PER_WORD = 3;
const MAX_CORRECTED_TEXTS = 3;
/** Title words looked at per prefix for its most used completion (in word order, so a bound). */
const PREFIX_COMPLETIONS = 50;
/** Edits looked up per text: a typical text has one or two misspelt words of some 400 edits each. */
const MAX_EDIT_LOOKUPS = 1_500;

/**
 * Public posts whose lower(title) contains one of the `searched` texts (the typed one, or its
 * corrections). The newest `candidateCount` matches are ranked: titles starting with a searched
 * text first, then by word similarity to the typed text, then newest.
 *
 * Bounding the candidates keeps every text fast: a rare text is found through the trigram GIN
 * index on lower(title) (few rows to sort); a common one ("waln" on a site full of walnut) walks
 * the (visibility, created_at, id) index and stops after the candidates, instead of ranking every
 * walnut title. The planner picks between the two from the statistics of lower(title).
 *
 * `required` words (see wordsTitlesMustHave) are checked in title_words first, once per statement:
 * when one is missing, no public title can contain the text, and the posts are not read at all (a
 * typo's trigrams are often all common ones, which costs the GIN index milliseconds).
 */
function autocompleteQuery(
  database: Database,
  text: string,
  {
    searched = [text],
    candidateCount = CANDIDATES,
    required = [],
  }: { searched?: readonly string[]; candidateCount?: number; required?: readonly RequiredTitleWord[] } = {},
) {
  const lowerTitle = sql`lower(${posts.title})`;
  const containsAny = or(...searched.map((item) => sql`${lowerTitle} like ${`%${escapeLike(item)}%`}`)) as SQL;
  const hasRequiredWords = required.length === 0 ? sql`true` : hasTitleWords(required);
  const candidates = database
    .select({ id: posts.id, title: posts.title, userId: posts.userId, createdAt: posts.createdAt })
    .from(posts)
    .where(sql`${hasRequiredWords} and ${listedPostsWhere} and (${containsAny})`)
    // NULLS LAST like posts_visibility_created_idx, so this order can come from the index.
    .orderBy(sql`${posts.createdAt} desc nulls last`, sql`${posts.id} desc nulls last`)
    .limit(candidateCount)
    .as("candidates");
  const title = sql`lower(${candidates.title})`;
  const startsWithAny = or(...searched.map((item) => sql`${title} like ${`${escapeLike(item)}%`}`)) as SQL;
  return database
    .select({ id: candidates.id, title: candidates.title, username: users.username })
    .from(candidates)
    .innerJoin(users, eq(users.id, candidates.userId))
    .orderBy(
      sql`(${startsWithAny}) desc`,
      sql`word_similarity(${text}, ${title}) desc`,
      sql`${candidates.createdAt} desc`,
      sql`${candidates.id} desc`,
    )
    .limit(AUTOCOMPLETE_LIMIT);
}

/**
 * How many public posts use a title word (title_words), or for a word still being typed the most
 * used word starting with it among the first PREFIX_COMPLETIONS (in word order, so a bound);
 * null when none. One probe of a small index either way.
 */
function titleWordCount(word: SQL, isPrefix: SQL): SQL {
  // text_pattern_ops compares bytes: the words that start with a prefix sort between it and
  // prefix || '{' (title words are made of a-z and 0-9, all below '{').
  return sql`case when ${isPrefix}
    then (select max(completion.post_count) from (
      select ${titleWords.postCount} as post_count from ${titleWords}
      where ${titleWords.word} ~>=~ ${word} and ${titleWords.word} ~<~ (${word} || '{')
      limit ${sql.raw(String(PREFIX_COMPLETIONS))}) completion)
    else (select ${titleWords.postCount} from ${titleWords} where ${titleWords.word} = ${word}) end`;
}

/**
 * True when title_words has every required word (an uncorrelated subquery: evaluated once, as a
 * one-time filter). Prefixes and suffixes are ranges of the word and reverse(word) indexes.
 */
function hasTitleWords(required: readonly RequiredTitleWord[]): SQL {
  const word = sql`required.word`;
  return sql`(select count(*) from unnest(${sql.param(required.map((item) => item.word))}::text[],
      ${sql.param(required.map((item) => item.match))}::text[]) as required(word, match)
    where case required.match
      when 'prefix' then exists (select from ${titleWords}
        where ${titleWords.word} ~>=~ ${word} and ${titleWords.word} ~<~ (${word} || '{'))
      when 'suffix' then exists (select from ${titleWords}
        where reverse(${titleWords.word}) ~>=~ reverse(${word}) and reverse(${titleWords.word}) ~<~ (reverse(${word}) || '{'))
      else exists (select from ${titleWords} where ${titleWords.word} = ${word}) end
    ) = ${required.length}`;
}

/**
 * One statement for both steps of the typo check: which typed words no public title has (the
 * first MAX_CORRECTED_WORDS of them), then which of their edits are title words. `edits` holds
 * each typed word's edits, space-separated, one list per word in order; the lists travel as one
 * string (an array of a thousand short strings costs more to encode and parse than the lookups).
 * Rows: the typed words found, and the edits found for the misspelt ones (`at`: the word's place,
 * from 1), each with its post count.
 */
export function titleWordLookupQuery(typed: readonly TypedWord[], edits: readonly string[]): SQL {
  return sql`with typed as (
      select t.at::int as at, t.word, t.is_prefix, ${titleWordCount(sql`t.word`, sql`t.is_prefix`)} as count
      from unnest(${sql.param(typed.map((item) => item.word))}::text[],
        ${sql.param(typed.map((item) => item.isPartial))}::boolean[]) with ordinality as t(word, is_prefix, at)
    ), misspelt as (
      select at, is_prefix from typed where count is null order by at limit ${sql.raw(String(MAX_CORRECTED_WORDS))}
    ), corrections as (
      select m.at, edit.word, ${titleWordCount(sql`edit.word`, sql`m.is_prefix`)} as count
      from misspelt m
      join unnest(string_to_array(${edits.join(",")}::text, ',')) with ordinality as list(words, at) on list.at = m.at
      cross join lateral unnest(string_to_array(list.words, ' ')) as edit(word)
    )
    select at, word, count from typed where count is not null
    union all
    select at, word, count from corrections where count is not null`;
}

/** The titles containing the text as typed (the first query of every suggestion). */
export function typedTextQuery(database: Database, text: string) {
  return autocompleteQuery(database, text, { required: wordsTitlesMustHave(typedWords(text)) });
}

/** The titles containing one of the corrected texts (the typed one found too few). */
export function correctedTextsQuery(database: Database, text: string, corrected: readonly string[]) {
  return autocompleteQuery(database, text, { searched: corrected, candidateCount: CORRECTED_CANDIDATES });
}

/**
 * The typo check of a text (titleWordLookupQuery) with the words it looks at: those long enough to
 * correct, each with its edits while the MAX_EDIT_LOOKUPS budget lasts (only a very long text runs
 * out; its later words keep their spelling). Null when no word is long enough.
 */
export function typoLookupQuery(text: string): { typed: TypedWord[]; query: SQL } | null {
  const typed = typedWords(text).filter((item) => item.word.length >= MIN_CORRECTED_LENGTH);
  if (typed.length === 0) return null;
  let budget = MAX_EDIT_LOOKUPS;
  const edits = typed.map((item) => {
    const words = spellingEdits(item.word);
    budget -= words.length;
    return budget >= 0 ? words.join(" ") : "";
  });
  return { typed, query: titleWordLookupQuery(typed, edits) };
}

/**
 * The typed text with its misspelt words corrected, when it has any: a word is misspelt when no
 * public title has it (the last word, still being typed: when none has a word starting with it).
 * Its corrections are the title words one edit away, the most used first (pg_trgm's documentation
 * suggests a table of words for spelling suggestions; one edit catches the common slips, swapped
 * neighbours included, which trigram similarity scores poorly on short words). The work is
 * bounded: one statement, at most MAX_EDIT_LOOKUPS edits, and a fixed number of corrected words,
 * corrections and corrected texts.
 */
export async function correctTypos(database: Database, text: string): Promise<string[]> {
  const lookup = typoLookupQuery(text);
  if (!lookup) return [];
  const { rows } = await database.execute<{ at: number; word: string; count: number }>(lookup.query);
  const corrections = new Map<TypedWord, string[]>();
  for (const [index, typed] of lookup.typed.entries()) {
    const found = rows.filter((row) => row.at === index + 1);
    if (found.some((row) => row.word === typed.word)) continue;
    const best = found
      .sort((a, b) => b.count - a.count)
      .slice(0, CORRECTIONS_PER_WORD)
      .map((row) => row.word);
    if (best.length > 0) corrections.set(typed, best);
  }
  return correctedTexts(text, corrections, MAX_CORRECTED_TEXTS);
}

interface SuggestionRow {
  id: string;
  title: string;
  username: string;
}

/**
 * The titles containing the typed text; when they are fewer than AUTOCOMPLETE_LIMIT, those
 * containing a corrected text fill the rest. Both go through the same listing rule, so a word
 * of any title only ever leads to public posts.
 */
async function suggestionRows(database: Database, text: string): Promise<SuggestionRow[]> {
  const exact = await typedTextQuery(database, text);
  if (exact.length >= AUTOCOMPLETE_LIMIT) return exact;
  const corrected = await correctTypos(database, text);
  if (corrected.length === 0) return exact;
  const shown = new Set(exact.map((row) => row.id));
  const close = await correctedTextsQuery(database, text, corrected);
  return [...exact, ...close.filter((row) => !shown.has(row.id))].slice(0, AUTOCOMPLETE_LIMIT);
}

/**
 * Suggestions per text for a few seconds in this process: people type the same prefixes ("waln",
 * "walnu", ...) and the box asks on every pause, so most requests repeat a recent one. A new or
 * renamed title shows up in the suggestions within the TTL.
 */
const suggestions = new TtlCache<AutocompleteSuggestion[]>({ ttlMs: 10_000, maxEntries: 2_000 });

/** GET /api/v1/post/search/autoComplete: at most 10 suggestions once the text is long enough. */
export async function autocompletePosts({
  searchQuery,
}: {
  searchQuery: string;
}): Promise<AutocompleteSuggestion[]> {
  const text = searchQuery.trim().toLowerCase();
  if (text.length < AUTOCOMPLETE_MIN_LENGTH) return [];
  return suggestions.get(text, async () => {
    const rows = await suggestionRows(db(), text);
    return rows.map((row) => ({ _id: row.id, title: row.title, user: { username: row.username } }));
  });
}
