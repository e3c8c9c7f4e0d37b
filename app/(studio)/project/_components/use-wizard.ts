"use client";

import { useSearchParams } from "next/navigation";
import { useCallback, useEffect, useState } from "react";
import { toast } from "@/components/ui/toast";
import { useUploadQueue } from "@/components/wizard/use-upload-queue";
import type { StepErrors } from "@/components/wizard/wizard-types";
import { callEndpoint } from "@/lib/api-client/call-endpoint";
import { ApiError } from "@/lib/api-client/client";
import {
  LAST_STEP,
  type PostEditorData,
  STEP_INVALID_MESSAGE,
  updatePostEndpoint,
} from "@/lib/validation/post-authoring";
import { getPostEndpoint, type PostDetail } from "@/lib/validation/posts";
import { isCheckedOnStep, stepErrors } from "../_steps/step-rules";
import { editorDataOf, type FilledFromFiles, fillFromFiles, youtubeUrlsOf } from "./editor-data";
import { saveStep } from "./save-step";

export const LEAVE_WITH_CHANGES_MESSAGE =
  "You have changes that are not saved yet. Leave the wizard without saving them?";

/** review: step 8 shows the pre-flight findings and waits for the author's Submit. */
export type SubmitState = "idle" | "review" | "processing" | "submitted" | "failed";

/** A refused submit's messages with the step that fixes each. */
export type SubmitProblem = { path: string; message: string };

const editUrl = (postId: string, step: number) => `/project/edit/${postId}?page=${step}&edit=true`;
/** The wizard's addresses: moving between them (its steps) keeps the edits in memory. */
const clampStep = (value: number) => (Number.isInteger(value) ? Math.min(Math.max(value, 1), LAST_STEP) : 1);
const failureText = (error: unknown) =>
  error instanceof Error && error.message ? error.message : "Something went wrong";

function focusFirstInvalid() {
  // After React has drawn the messages.
  requestAnimationFrame(() => document.querySelector<HTMLElement>('main [aria-invalid="true"]')?.focus());
}

/**
 * The wizard's state and moves (accounts spec §4 "Wizard"). The step lives in `?page` (the
 * address changes through history.pushState, which Next's router follows, so Back and reload
 * work without a server round trip). Next validates the step, saves it with currentPage =
 * step + 1, uploads its queued files, refreshes the project and advances; in create mode the
 * first save makes the draft and moves to its edit address at step 2.
 */
export function useWizard(initialPost: PostDetail | null) {
  const searchParams = useSearchParams();
  const [post, setPost] = useState(initialPost);
  const [initial] = useState(() => fillFromFiles(editorDataOf(initialPost), initialPost));
  const [data, setDataState] = useState(initial.data);
  // Values filled from the models' analyses, with their files; a field the author changes leaves it.
  const [filledFromFiles, setFilledFromFiles] = useState<FilledFromFiles>(initial.filled);
  const [youtubeUrls, setYoutubeUrls] = useState(() => youtubeUrlsOf(initialPost));
  const [thumbnailChoice, setThumbnailChoice] = useState<string | null>(null);
  const [errorState, setErrorState] = useState<{ step: number; errors: StepErrors }>({ step: 0, errors: {} });
  const [isSaving, setSaving] = useState(false);
  const [submitState, setSubmitState] = useState<SubmitState>("idle");
  const [submitProblems, setSubmitProblems] = useState<SubmitProblem[]>([]);
  // True from the author's first change until the step is saved.
  const [isDirty, setDirty] = useState(false);
  const uploads = useUploadQueue();

  const step = post ? clampStep(Number(searchParams.get("page") ?? post.currentPage)) : 1;
  // Messages already shown follow the data: a fixed field loses its message at once. Messages
  // only the server knows (an upload it refused) stay until the next Next.
  const live = stepErrors(step, { data, post, queue: uploads.queue, youtubeUrls, thumbnailChoice });
  const errors: StepErrors =
    errorState.step === step
      ? Object.fromEntries(
          Object.entries(errorState.errors).map(([key, message]) => [
            key,
            isCheckedOnStep(key, step) ? live[key] : message,
          ]),
        )
      : {};
  const isEdit = post !== null && searchParams.get("edit") === "true";

  const setData = useCallback((update: Partial<PostEditorData>) => {
    setDirty(true);
    setDataState((current) => ({ ...current, ...update }));
    setFilledFromFiles((current) => {
      const rest = { ...current };
      for (const key of Object.keys(update) as (keyof PostEditorData)[]) delete rest[key];
      return rest;
    });
  }, []);

  const goTo = useCallback(
    (next: number, postId = post?._id) => {
      if (!postId) return;
      if (next !== LAST_STEP) setSubmitState("idle");
      // The draft made from /project/create replaces that address: Back then leaves the wizard
      // instead of returning to an empty create form.
      const move = post ? window.history.pushState : window.history.replaceState;
      move.call(window.history, null, "", editUrl(postId, clampStep(next)));
      window.scrollTo({ top: 0 });
    },
    [post],
  );

  const refresh = useCallback(async (postId: string) => {
    const { post: fresh } = await callEndpoint(getPostEndpoint, { params: { id: postId } });
    setPost(fresh);
    // Tools of a model that is gone would be refused by the server.
    const modelIds = new Set(
      fresh.attachments.filter((file) => file.category === "postModel").map((file) => file._id),
    );
    let filled: FilledFromFiles = {};
    setDataState((current) => {
      const result = fillFromFiles(
        { ...current, toolData: current.toolData.filter((tool) => modelIds.has(tool.modelId)) },
        fresh,
      );
      filled = result.filled;
      return result.data;
    });
    setFilledFromFiles((current) => ({ ...current, ...filled }));
    return fresh;
  }, []);

  function showProblems(forStep: number, problems: StepErrors) {
    setErrorState({ step: forStep, errors: problems });
    if (Object.keys(problems).length > 0) focusFirstInvalid();
  }

  /** currentPage 8: the server checks every step again and answers its messages when one fails. */
  const submit = useCallback(async (postId: string) => {
    setSubmitState("processing");
    setSubmitProblems([]);
    try {
      const { post: submitted } = await callEndpoint(updatePostEndpoint, {
        params: { postId },
        body: { currentPage: LAST_STEP },
      });
      setPost(submitted);
      setSubmitState("submitted");
    } catch (error) {
      setSubmitProblems(error instanceof ApiError ? error.issues : []);
      setSubmitState("failed");
      toast.error("Project creation failed", { description: failureText(error) });
    }
  }, []);

  /** Validates and saves the step, then moves to `target` (the last step submits). */
  async function advance(target: number) {
    if (isSaving) return;
    const problems = stepErrors(step, { data, post, queue: uploads.queue, youtubeUrls, thumbnailChoice });
    showProblems(step, problems);
    if (Object.keys(problems).length > 0) {
      toast.error(STEP_INVALID_MESSAGE);
      return;
    }
    // Reaching the last step saves this one and shows the pre-flight findings; Submit there submits.
    const isLast = target === LAST_STEP;
    setSaving(true);
    try {
      const postId = await saveStep({
        step,
        currentPage: isLast ? LAST_STEP - 1 : target,
        data,
        post,
        uploads,
        youtubeUrls,
        thumbnailChoice,
      });
      setThumbnailChoice(null);
      setDirty(false);
      await refresh(postId);
      if (isLast) setSubmitState("review");
      goTo(target, postId);
    } catch (error) {
      if (error instanceof ApiError && error.issues.length > 0) {
        showProblems(
          step,
          Object.fromEntries(error.issues.map((issue) => [issue.path.split(".")[0], issue.message])),
        );
      }
      toast.error("Project creation failed", { description: failureText(error) });
    } finally {
      setSaving(false);
    }
  }

  // Reaching the last step by its dot or address: a draft shows its pre-flight findings and waits
  // for Submit; a pending one just shows its status.
  const onStatusShown = useCallback(() => {
    if (!post || submitState !== "idle") return;
    setSubmitState(post.visibility === "draft" ? "review" : "submitted");
  }, [post, submitState]);

  // Leaving the wizard with unsaved changes (an edit since the last save, files still to upload,
  // a save under way) loses them: the browser asks on reload or close, and a link out of the
  // wizard (the close button, the logo) asks first.
  // Moving between steps keeps them in memory.
  const hasUnsaved = isDirty || uploads.queue.length > 0 || isSaving;
  useEffect(() => {
    if (!hasUnsaved) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    const askOnLinkOut = (event: MouseEvent) => {
      const link = (event.target as Element | null)?.closest?.("a[href]");
      if (!(link instanceof HTMLAnchorElement) || link.target === "_blank") return;
      const target = new URL(link.href, window.location.href);
      if (target.origin === window.location.origin && target.pathname === window.location.pathname) return;
      if (!window.confirm(LEAVE_WITH_CHANGES_MESSAGE)) {
        event.preventDefault();
        event.stopPropagation();
      }
    };
    window.addEventListener("beforeunload", warn);
    document.addEventListener("click", askOnLinkOut, true);
    return () => {
      window.removeEventListener("beforeunload", warn);
      document.removeEventListener("click", askOnLinkOut, true);
    };
  }, [hasUnsaved]);

  return {
    post,
    step,
    isEdit,
    data,
    setData,
    filledFromFiles,
    errors,
    uploads,
    youtubeUrls,
    setYoutubeUrls: (urls: string[]) => {
      setDirty(true);
      setYoutubeUrls(urls);
    },
    thumbnailChoice,
    setThumbnailChoice: (choice: string | null) => {
      setDirty(true);
      setThumbnailChoice(choice);
    },
    isSaving,
    submitState,
    submitProblems,
    goTo,
    next: () => advance(step + 1),
    /** Edit mode's Submit: save this step, then show the last step's findings and its Submit. */
    submitNow: () => advance(LAST_STEP),
    onStatusShown,
    /** Step 8's Submit: the server checks every step again (currentPage 8). */
    submitForReview: () => (post ? submit(post._id) : Promise.resolve()),
    refresh: () => (post ? refresh(post._id) : Promise.resolve(null)),
  };
}

export type Wizard = ReturnType<typeof useWizard>;
