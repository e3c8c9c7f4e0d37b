"use client";

import { useState } from "react";
import { toast } from "@/components/ui/toast";
import { callEndpoint } from "@/lib/api-client/call-endpoint";
import { createTagEndpoint } from "@/lib/validation/post-authoring";
import type { Tag } from "@/lib/validation/taxonomy";

/** Tags are at least 2 characters (tag/create's rule). */
export const TAG_MIN_LENGTH = 2;

/**
 * The tags field's state: the known tags, the text being typed, and adding a tag by name: an
 * existing one (any case) is chosen, a new one is created through tag/create first.
 */
export function useTagPicker(initialTags: Tag[], chosenIds: string[], onChange: (ids: string[]) => void) {
  const [tags, setTags] = useState(initialTags);
  const [text, setText] = useState("");
  const [isCreating, setCreating] = useState(false);
  const query = text.trim().toLowerCase();

  async function add(name = text.trim()) {
    if (name.length < TAG_MIN_LENGTH || isCreating) return;
    const existing = tags.find((tag) => tag.name.toLowerCase() === name.toLowerCase());
    if (existing) {
      if (!chosenIds.includes(existing._id)) onChange([...chosenIds, existing._id]);
      setText("");
      return;
    }
    setCreating(true);
    try {
      const { tag } = await callEndpoint(createTagEndpoint, { body: { name, type: "post" } });
      setTags((current) => (current.some((known) => known._id === tag._id) ? current : [...current, tag]));
      if (!chosenIds.includes(tag._id)) onChange([...chosenIds, tag._id]);
      setText("");
      toast.success("Tag created successfully");
    } catch (error) {
      // The spec: a failed tag creation shows the server's message.
      toast.error(error instanceof Error && error.message ? error.message : "Something went wrong");
    } finally {
      setCreating(false);
    }
  }

  return {
    text,
    setText,
    isCreating,
    canAdd: query.length >= TAG_MIN_LENGTH && !isCreating,
    add,
    remove: (id: string) => onChange(chosenIds.filter((chosen) => chosen !== id)),
    chosen: chosenIds
      .map((id) => tags.find((tag) => tag._id === id))
      .filter((tag): tag is Tag => tag !== undefined),
    suggestions: tags
      .filter((tag) => !chosenIds.includes(tag._id) && tag.name.toLowerCase().includes(query))
      .slice(0, 30),
  };
}
