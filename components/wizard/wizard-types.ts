import type { PostEditorData } from "@/lib/validation/post-authoring";
import type { PostDetail } from "@/lib/validation/posts";
import type { Category, Tag } from "@/lib/validation/taxonomy";
import type { UploadQueue } from "./use-upload-queue";

/** The lists the wizard's selects offer, loaded with the page. */
export interface WizardOptions {
  categories: Category[];
  tags: Tag[];
}

/** Field messages of the step being validated, by field name. */
export type StepErrors = Partial<Record<string, string>>;

/** What every step receives from the wizard. */
export interface StepProps {
  data: PostEditorData;
  setData: (update: Partial<PostEditorData>) => void;
  errors: StepErrors;
  /** Values the wizard filled from the models' analyses, with the files each came from, by field. */
  filledFromFiles: Partial<Record<keyof PostEditorData, string[]>>;
  /** The saved project; null before step 1 has been saved. */
  post: PostDetail | null;
  uploads: UploadQueue;
  isSaving: boolean;
  /** Loads the project again (after a delete, or when the server may have finished its analysis). */
  refresh: () => Promise<unknown>;
}
