"use client";

import { lazy, Suspense, useState } from "react";
import { OWNER_ACTIONS_TRIGGER_CLASSES, OwnerActionsFace } from "./owner-actions-face";

const loadOwnerActions = () => import("./post-owner-actions");
const PostOwnerActions = lazy(() =>
  loadOwnerActions().then((module) => ({ default: module.PostOwnerActions })),
);

/**
 * The card's 'Actions' for its owner: a plain button until its first press, which loads the menu
 * and its delete dialog (post-owner-actions.tsx) and opens the menu in the button's place.
 */
export function OwnerActionsButton(props: {
  postId: string;
  draftStep?: number | null;
  onDeleted: () => void;
}) {
  const [isWanted, setWanted] = useState(false);
  const button = (
    <button
      type="button"
      aria-haspopup="menu"
      aria-expanded={false}
      className={OWNER_ACTIONS_TRIGGER_CLASSES}
      onPointerEnter={() => void loadOwnerActions()}
      onFocus={() => void loadOwnerActions()}
      onClick={() => setWanted(true)}
    >
      <OwnerActionsFace />
    </button>
  );
  return isWanted ? (
    <Suspense fallback={button}>
      <PostOwnerActions {...props} defaultOpen />
    </Suspense>
  ) : (
    button
  );
}
