"use client";

import dynamic from "next/dynamic";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useId, useRef, useState } from "react";
import { SearchIcon } from "@/components/ui/icons";
import { Spinner } from "@/components/ui/spinner";
import { callEndpoint } from "@/lib/api-client/call-endpoint";
import { AUTOCOMPLETE_MIN_LENGTH, PAGE_SIZE } from "@/lib/validation/listing-constants";
import type { AutocompleteSuggestion } from "@/lib/validation/posts";
import { cn } from "@/lib/utils/cn";
import type { SearchResults } from "./search-results-drawer";

// The contract's module builds zod schemas: it is imported at the first call, not with the page.
const postContracts = () => import("@/lib/validation/posts");

// The drawer (a dialog and its grid) loads with the first search, not with the page.
const SearchResultsDrawer = dynamic(() =>
  import("./search-results-drawer").then((module) => module.SearchResultsDrawer),
);

const DEBOUNCE_MS = 500;

/**
 * 'Search for projects' (spec §2 "Search", §5): suggestions after a 500 ms pause once the text is
 * longer than 3 characters, an earlier pending request aborted; Enter or the icon opens the
 * 'Search Results (count)' drawer.
 */
export function SearchBox({ className }: { className?: string }) {
  const router = useRouter();
  const listId = useId();
  const [text, setText] = useState("");
  const [suggestions, setSuggestions] = useState<AutocompleteSuggestion[]>([]);
  const [isOpen, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [results, setResults] = useState<SearchResults | null>(null);
  const [isDrawerOpen, setDrawerOpen] = useState(false);
  const [isSearching, setSearching] = useState(false);
  const controller = useRef<AbortController | null>(null);

  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const searchRuns = useRef(0);

  // Nothing may arrive after unmount: drop the pending pause and the request in flight.
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
      controller.current?.abort();
    },
    [],
  );

  async function fetchSuggestions(query: string) {
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    try {
      const data = await callEndpoint((await postContracts()).autocompleteEndpoint, {
        query: { searchQuery: query },
        signal: current.signal,
      });
      setSuggestions(data.posts);
      setActive(-1);
      setOpen(true);
    } catch {
      // An aborted request was replaced by a newer one; any other failure clears the list.
      if (!current.signal.aborted) setSuggestions([]);
    }
  }

  function onTextChange(value: string) {
    setText(value);
    if (timer.current) clearTimeout(timer.current);
    const query = value.trim();
    if (query.length < AUTOCOMPLETE_MIN_LENGTH) {
      controller.current?.abort();
      setSuggestions([]);
      return;
    }
    timer.current = setTimeout(() => void fetchSuggestions(query), DEBOUNCE_MS);
  }

  async function runSearch() {
    const query = text.trim();
    if (query === "") return;
    if (timer.current) clearTimeout(timer.current);
    controller.current?.abort();
    setOpen(false);
    setSearching(true);
    searchRuns.current += 1;
    const run = searchRuns.current;
    try {
      const list = await callEndpoint((await postContracts()).listPostsEndpoint, {
        query: { searchQuery: query, page: 1, limit: PAGE_SIZE },
      });
      setResults({ query, list, run });
      setDrawerOpen(true);
    } catch {
      setResults({
        query,
        list: { posts: [], pagination: { page: 1, limit: PAGE_SIZE, total: 0, totalPages: 0 } },
        run,
      });
      setDrawerOpen(true);
    } finally {
      setSearching(false);
    }
  }

  const showList = isOpen && suggestions.length > 0;
  return (
    <div className={cn("relative w-full", className)}>
      <form
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          const chosen = active >= 0 ? suggestions[active] : undefined;
          if (chosen) router.push(`/model/${chosen._id}`);
          else void runSearch();
        }}
        className="flex h-11 items-center rounded-xl border border-line-strong bg-surface shadow-card focus-within:border-brand-500"
      >
        <input
          type="search"
          value={text}
          onChange={(event) => onTextChange(event.target.value)}
          onFocus={() => setOpen(true)}
          onBlur={() => setTimeout(() => setOpen(false), 150)}
          onKeyDown={(event) => {
            if (!showList) return;
            if (event.key === "ArrowDown") {
              event.preventDefault();
              setActive((index) => Math.min(suggestions.length - 1, index + 1));
            } else if (event.key === "ArrowUp") {
              event.preventDefault();
              setActive((index) => Math.max(-1, index - 1));
            } else if (event.key === "Escape") {
              setOpen(false);
            }
          }}
          placeholder="Search for projects"
          aria-label="Search for projects"
          role="combobox"
          aria-expanded={showList}
          aria-controls={listId}
          aria-autocomplete="list"
          autoComplete="off"
          className="h-full min-w-0 flex-1 bg-transparent px-4 text-sm text-ink outline-none placeholder:text-ink-subtle"
        />
        <button
          type="submit"
          aria-label="Search"
          className="inline-flex size-11 shrink-0 items-center justify-center text-ink-muted hover:text-ink"
        >
          {isSearching ? <Spinner size="sm" label="Searching" /> : <SearchIcon className="size-5" />}
        </button>
      </form>
      {showList ? (
        <ul
          id={listId}
          role="listbox"
          aria-label="Suggestions"
          className="absolute inset-x-0 top-full z-40 mt-1 max-h-80 overflow-y-auto rounded-xl border border-line bg-surface py-1 shadow-overlay"
        >
          {suggestions.map((suggestion, index) => (
            <li key={suggestion._id} role="option" aria-selected={index === active}>
              <Link
                href={`/model/${suggestion._id}`}
                className={cn(
                  "block px-4 py-2 text-sm hover:bg-surface-muted",
                  index === active && "bg-surface-muted",
                )}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => setOpen(false)}
              >
                <span className="block truncate font-medium text-ink">{suggestion.title}</span>
                <span className="block text-xs text-ink-subtle">@{suggestion.user.username}</span>
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      {results ? (
        <SearchResultsDrawer results={results} isOpen={isDrawerOpen} onOpenChange={setDrawerOpen} />
      ) : null}
    </div>
  );
}
