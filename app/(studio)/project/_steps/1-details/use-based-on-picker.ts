"use client";

import { useEffect, useRef, useState } from "react";
import { callEndpoint } from "@/lib/api-client/call-endpoint";
import { AUTOCOMPLETE_MIN_LENGTH } from "@/lib/validation/listing-constants";
import type { AutocompleteSuggestion, BasedOnEntry } from "@/lib/validation/posts";
import { MAX_BASED_ON } from "@/lib/validation/remixes";

// The contract's module builds zod schemas: it is imported at the first search, not with the step.
const postContracts = () => import("@/lib/validation/posts");

const DEBOUNCE_MS = 300;

export type SearchState = "idle" | "loading" | "done" | "failed";

/**
 * Based on's picker: the chosen projects by id (their titles from the saved post or the
 * suggestion picked), and a search over the site's suggestions (public projects only), without
 * the projects already chosen and the project itself.
 */
export function useBasedOnPicker({
  value,
  onChange,
  saved,
  ownPostId,
}: {
  value: string[];
  onChange: (ids: string[]) => void;
  saved: BasedOnEntry[];
  ownPostId: string | null;
}) {
  const [known, setKnown] = useState<Map<string, { title: string; username: string }>>(
    () => new Map(saved.map((entry) => [entry._id, { title: entry.title, username: entry.user.username }])),
  );
  const [text, setText] = useState("");
  const [results, setResults] = useState<AutocompleteSuggestion[]>([]);
  const [state, setState] = useState<SearchState>("idle");
  const [active, setActive] = useState(-1);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const controller = useRef<AbortController | null>(null);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
      controller.current?.abort();
    },
    [],
  );

  async function search(query: string) {
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setState("loading");
    try {
      const data = await callEndpoint((await postContracts()).autocompleteEndpoint, {
        query: { searchQuery: query },
        signal: current.signal,
      });
      setResults(data.posts);
      setActive(-1);
      setState("done");
    } catch {
      // An aborted search was replaced by a newer one.
      if (!current.signal.aborted) setState("failed");
    }
  }

  function onTextChange(next: string) {
    setText(next);
    if (timer.current) clearTimeout(timer.current);
    const query = next.trim();
    if (query.length < AUTOCOMPLETE_MIN_LENGTH) {
      controller.current?.abort();
      setResults([]);
      setState("idle");
      return;
    }
    timer.current = setTimeout(() => void search(query), DEBOUNCE_MS);
  }

  const options = results.filter((result) => result._id !== ownPostId && !value.includes(result._id));
  const isFull = value.length >= MAX_BASED_ON;

  function choose(suggestion: AutocompleteSuggestion) {
    if (isFull || value.includes(suggestion._id)) return;
    setKnown((current) =>
      new Map(current).set(suggestion._id, { title: suggestion.title, username: suggestion.user.username }),
    );
    onChange([...value, suggestion._id]);
    setText("");
    setResults([]);
    setState("idle");
  }

  function move(step: 1 | -1) {
    setActive((index) => Math.max(-1, Math.min(options.length - 1, index + step)));
  }

  return {
    chosen: value.map((id) => ({ id, ...(known.get(id) ?? { title: "Project", username: "" }) })),
    remove: (id: string) => onChange(value.filter((chosen) => chosen !== id)),
    text,
    onTextChange,
    options,
    state,
    active,
    move,
    choose,
    chooseActive: () => {
      const option = options[active];
      if (option) choose(option);
    },
    isFull,
    close: () => {
      controller.current?.abort();
      setResults([]);
      setState("idle");
    },
  };
}
