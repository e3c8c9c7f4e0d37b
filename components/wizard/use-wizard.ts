"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { toast } from "sonner";
import { callEndpoint } from "@/lib/api-client/call-endpoint";
import { ApiError } from "@/lib/api-client/client";
import {
  buildPostPayload,
  createPostDraftEndpoint,
  editorDefaults,
  LAST_STEP,
  type PostEditorData,
  STEP_INVALID_MESSAGE,
  updateAttachmentsEndpoint,
  updatePostEndpoint,
} from "@/lib/validation/post-authoring";
import { getPostEndpoint, type PostDetail } from "@/lib/validation/posts";
import { stepErrors, STEP_FIELDS } from "./step-rules";
import { uploadQueued } from "./uploads";
import type { QueuedFile, StepErrors, UploadCategory } from "./wizard-types";

/** The editor's data from a stored post (spec "Edit loading defaults" fill what is missing). */
export function editorDataOf(post: PostDetail | null): PostEditorData {
  if (!post) return editorDefaults({});
  return editorDefaults({
    title: post.title,
    description: post.description,
    category: post.category?._id,
    tags: post.tags.map((tag) => tag._id),
    originalMachine: post.originalMachine?._id,
    supportedMachines: post.supportedMachines.map((machine) => machine._id),
    softwareUsed: post.softwareUsed,
    materialUsed: post.materialUsed,
    jobType: post.jobType,
    units: post.units,
    jobSizeWidth: post.jobSize.width,
    jobSizeHeight: post.jobSize.height,
    jobSizeThickness: post.jobSize.thickness,
    jobSizeDiameter: post.jobSize.diameter,
    jobSizeLength: post.jobSize.length,
    zZeroPosition: post.zZeroPosition,
    xyDatumPosition: post.xyDatumPosition,
    toolSetter: post.toolSetter,
    probeForZHeightCommand: post.probeForZHeightCommand,
    spindleSpeed: post.spindleSpeed,
    licenceType: post.licenceType,
    toolData: post.toolData.map((tool) => ({ ...tool })),
  });
}

const failure = (error: unknown) =>
  error instanceof ApiError || error instanceof Error ? error.message : "Something went wrong";

/**
 * The wizard's state and its Next: validate the step, save it with currentPage = step + 1,
 * upload the queued files, refresh the project, then advance (spec §4 "Wizard").
 */
export function useWizard(initialPost: PostDetail | null, initialStep: number) {
  const router = useRouter();
  const [post, setPost] = useState(initialPost);
  const [data, setDataState] = useState(() => editorDataOf(initialPost));
  const [step, setStep] = useState(initialPost ? Math.min(Math.max(initialStep, 1), LAST_STEP) : 1);
  const [errors, setErrors] = useState<StepErrors>({});
  const [queue, setQueue] = useState<QueuedFile[]>([]);
  const [isSaving, setSaving] = useState(false);
  const [youtubeUrls, setYoutubeUrls] = useState<string[]>(() =>
    (initialPost?.attachments ?? [])
      .filter((file) => file.resourceType === "youtube")
      .map((file) => file.url ?? ""),
  );

  const setData = (update: Partial<PostEditorData>) => setDataState((current) => ({ ...current, ...update }));

  function goTo(next: number) {
    setErrors({});
    setStep(next);
    if (post) router.replace(`/project/edit/${post._id}?page=${next}&edit=true`, { scroll: true });
  }

  function addFiles(files: File[], category: UploadCategory) {
    setQueue((current) => {
      const kept =
        category === "postThumbnail" ? current.filter((item) => item.category !== category) : current;
      // A file with the same name, size and category replaces the earlier entry (spec "Upload queue").
      const fresh = files.map((file) => ({
        key: `${category}:${file.name}:${file.size}`,
        file,
        category,
        progress: 0,
        error: null,
      }));
      return [...kept.filter((item) => !fresh.some((added) => added.key === item.key)), ...fresh];
    });
  }

  const removeQueued = (key: string) => setQueue((current) => current.filter((item) => item.key !== key));

  async function refresh(postId: string): Promise<PostDetail> {
    const { post: fresh } = await callEndpoint(getPostEndpoint, { params: { id: postId } });
    setPost(fresh);
    return fresh;
  }

  /** Uploads the queue's files of these categories and confirms them (with the thumbnail and YouTube links). */
  async function uploadStepFiles(postId: string, categories: UploadCategory[], nextPage: number) {
    const files = queue.filter((item) => categories.includes(item.category));
    const ids = await uploadQueued(postId, files, (key, progress) =>
      setQueue((current) => current.map((item) => (item.key === key ? { ...item, progress } : item))),
    );
    const thumbnail = files.find((item) => item.category === "postThumbnail");
    const withYoutube = categories.includes("postMedia");
    if (ids.size === 0 && !withYoutube) return;
    await callEndpoint(updateAttachmentsEndpoint, {
      params: { postId },
      query: { currentPage: nextPage },
      body: {
        attachmentIds: [...ids.values()],
        thumbnailId: thumbnail ? ids.get(thumbnail.key) : undefined,
        youtubeUrls: withYoutube ? youtubeUrls.filter((url) => url.trim() !== "") : undefined,
      },
    });
    if (ids.size > 0) toast.success("Model Post Upload successful");
    setQueue((current) => current.filter((item) => !files.includes(item)));
  }

  async function saveStep(target: number): Promise<PostDetail | null> {
    const problems = stepErrors(step, { data, post, queue, youtubeUrls });
    if (Object.keys(problems).length > 0) {
      setErrors(problems);
      toast.error(STEP_INVALID_MESSAGE);
      return null;
    }
    setErrors({});
    setSaving(true);
    try {
      const fields = buildPostPayload(
        Object.fromEntries((STEP_FIELDS[step] ?? []).map((key) => [key, data[key]])),
      );
      let postId = post?._id;
      if (!postId) {
        const { post: created } = await callEndpoint(createPostDraftEndpoint, {
          body: {
            ...(fields as { title: string; description: string; category: string; tags: string[] }),
            currentPage: 2,
          },
        });
        postId = created._id;
      } else {
        await callEndpoint(updatePostEndpoint, {
          params: { postId },
          body: {
            ...fields,
            // The tool table is saved whole, even empty (payload building drops empty lists).
            ...(step === 4 ? { toolData: [], ...buildPostPayload({ toolData: data.toolData }) } : {}),
            currentPage: target,
          },
        });
      }
      if (step === 1) await uploadStepFiles(postId, ["postThumbnail"], target);
      if (step === 3) await uploadStepFiles(postId, ["postModel"], target);
      if (step === 5) await uploadStepFiles(postId, ["postMedia"], target);
      return await refresh(postId);
    } catch (error) {
      if (error instanceof ApiError && error.issues.length > 0) {
        setErrors(
          Object.fromEntries(
            error.issues.map((issue) => [issue.path.split(".")[0] ?? issue.path, issue.message]),
          ),
        );
      }
      toast.error("Project creation failed", { description: failure(error) });
      return null;
    } finally {
      setSaving(false);
    }
  }

  async function next() {
    const target = step + 1;
    const saved = await saveStep(target);
    if (!saved) return;
    if (!post) {
      router.replace(`/project/edit/${saved._id}?page=${target}&edit=true`);
      setStep(target);
      return;
    }
    goTo(target);
  }

  /** Step 8: the submit (currentPage 8); the server checks every step again. */
  async function submit(): Promise<boolean> {
    if (!post) return false;
    setSaving(true);
    try {
      const { post: submitted } = await callEndpoint(updatePostEndpoint, {
        params: { postId: post._id },
        body: { currentPage: LAST_STEP },
      });
      setPost(submitted);
      return true;
    } catch (error) {
      if (error instanceof ApiError && error.issues.length > 0) {
        setErrors(Object.fromEntries(error.issues.map((issue) => [issue.path, issue.message])));
      }
      toast.error("Project creation failed", { description: failure(error) });
      return false;
    } finally {
      setSaving(false);
    }
  }

  return {
    post,
    setPost,
    data,
    setData,
    step,
    goTo,
    errors,
    queue,
    addFiles,
    removeQueued,
    youtubeUrls,
    setYoutubeUrls,
    isSaving,
    next,
    submit,
    refresh,
  };
}

export type WizardState = ReturnType<typeof useWizard>;
