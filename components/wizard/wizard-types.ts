import type { PostEditorData } from "@/lib/validation/post-authoring";
import type { PostDetail } from "@/lib/validation/posts";
import type { Category, Tag } from "@/lib/validation/taxonomy";

export interface WizardOptions {
  categories: Category[];
  tags: Tag[];
}

export type UploadCategory = "postThumbnail" | "postModel" | "postMedia";

/** A file picked in the browser, waiting for (or going through) the upload flow. */
export interface QueuedFile {
  key: string;
  file: File;
  category: UploadCategory;
  /** 0..1 while it uploads. */
  progress: number;
  error: string | null;
}

/** Field messages of the step being validated, by field name. */
export type StepErrors = Partial<Record<string, string>>;

export interface StepProps {
  data: PostEditorData;
  setData: (update: Partial<PostEditorData>) => void;
  errors: StepErrors;
  post: PostDetail | null;
  queue: QueuedFile[];
  addFiles: (files: File[], category: UploadCategory) => void;
  removeQueued: (key: string) => void;
  onPostChanged: (post: PostDetail) => void;
}
