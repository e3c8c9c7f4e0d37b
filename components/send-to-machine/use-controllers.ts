"use client";

import { useCallback, useSyncExternalStore } from "react";
import {
  type Controller,
  type ControllerInput,
  CONTROLLERS_STORAGE_KEY,
  readControllers,
  writeControllers,
} from "@/lib/send-to-machine/controllers";

// Same-tab writes do not fire `storage`; this event tells the other hooks on the page.
const CHANGE_EVENT = "cnc-projects:controllers-changed";
const NONE: Controller[] = [];

let cachedText: string | null = null;
let cachedList: Controller[] = NONE;

/** The stored list, the same array while the stored text is unchanged (useSyncExternalStore needs that). */
function snapshot(): Controller[] {
  let text: string | null;
  try {
    text = window.localStorage.getItem(CONTROLLERS_STORAGE_KEY);
  } catch {
    return NONE;
  }
  if (text !== cachedText) {
    cachedText = text;
    cachedList = readControllers(window.localStorage);
  }
  return cachedList;
}

function subscribe(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === CONTROLLERS_STORAGE_KEY) onChange();
  };
  window.addEventListener("storage", onStorage);
  window.addEventListener(CHANGE_EVENT, onChange);
  return () => {
    window.removeEventListener("storage", onStorage);
    window.removeEventListener(CHANGE_EVENT, onChange);
  };
}

/** crypto.randomUUID exists only in secure contexts; an id only has to be unique in this browser. */
function newId(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

function store(next: Controller[]): void {
  writeControllers(window.localStorage, next);
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

/** The user's controllers in this browser (localStorage only), with add, edit and remove. */
export function useControllers() {
  const controllers = useSyncExternalStore(subscribe, snapshot, () => NONE);

  const save = useCallback((input: ControllerInput, id?: string): Controller => {
    const current = snapshot();
    const saved: Controller = { ...input, id: id ?? newId() };
    store(
      id ? current.map((controller) => (controller.id === id ? saved : controller)) : [...current, saved],
    );
    return saved;
  }, []);

  const remove = useCallback((id: string) => {
    store(snapshot().filter((controller) => controller.id !== id));
  }, []);

  return { controllers, save, remove };
}
