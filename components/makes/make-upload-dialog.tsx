"use client";

import Link from "next/link";
import { useEffect, useId, useRef, useState } from "react";
import { useSession } from "@/components/auth/session-provider";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogFooter } from "@/components/ui/dialog";
import { CloseIcon } from "@/components/ui/icons";
import { Input, Textarea } from "@/components/ui/input";
import { FieldError, Label } from "@/components/ui/label";
import {
  confirmUploads,
  createMake,
  deleteMake,
  getPreSignedUploadUrls,
  hashFile,
  putFile,
} from "@/lib/api-client/project";
import { MATERIAL_GROUPS, MATERIALS, RATING_CRITERIA } from "@/lib/catalogue/enums";
import {
  MAKE_IMAGE_MAX_BYTES,
  makeFormSchema,
  makeImageProblem,
  type MakeRatings,
  MAX_BIT_TEXT_LENGTH,
  OTHER_BIT,
} from "@/lib/validation/makes";
import type { PostDetail } from "@/lib/validation/posts";
import { StarRatingInput } from "./star-rating";

type Ratings = Partial<MakeRatings>;

interface FormState {
  images: File[];
  printedOn: string;
  isPrinted: boolean | null;
  ratings: Ratings;
  caption: string;
  material: "" | (typeof MATERIALS)[number]["value"];
  bit: string;
  bitText: string;
}

const CONTENT_TYPES: Record<string, string> = {
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
};

function contentTypeOf(file: File): string {
  return CONTENT_TYPES[file.name.split(".").pop()?.toLowerCase() ?? ""] ?? file.type;
}

/** Messages per field path ("images", "printedOn", "isPrinted", "ratings", "ratings.cutQuality", ...). */
function validate(state: FormState): Map<string, string> {
  const result = makeFormSchema.safeParse({
    ...state,
    ratings: state.isPrinted ? state.ratings : null,
  });
  const errors = new Map<string, string>();
  if (!result.success) {
    for (const issue of result.error.issues) {
      const path = issue.path.filter((part) => typeof part === "string").join(".");
      if (!errors.has(path)) errors.set(path, issue.message);
    }
  }
  return errors;
}

/** The endmills of the project's tool table, as the bit select names them. */
function bitOptions(tools: PostDetail["toolData"]): { value: string; label: string }[] {
  return tools
    .filter((tool) => tool.laserOrEndmill === "Endmill" && tool.toolUsed !== null)
    .map((tool) => ({
      value: tool._id,
      label: `${tool.toolUsed} ${tool.toolUnit ?? ""} ${tool.toolType ?? "Endmill"}, ${tool.flutes} flutes`,
    }));
}

/**
 * The spec's 'Upload Make' dialog: photos, machine, cut choice, four criteria, caption; then the
 * material and bit, optional, which teach the chipload atlas.
 */
export interface MakeUploadDialogProps {
  postId: string;
  /** The project's tool table: its endmills are the bits to choose from. */
  tools: PostDetail["toolData"];
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  onPublished: () => void;
}

export function MakeUploadDialog({
  postId,
  tools,
  isOpen,
  onOpenChange,
  onPublished,
}: MakeUploadDialogProps) {
  const { user } = useSession();
  const machines = user?.ownedMachines ?? [];
  const firstMachine = machines[0]?._id ?? "";
  const initial: FormState = {
    images: [],
    printedOn: firstMachine,
    isPrinted: null,
    ratings: {},
    caption: "",
    material: "",
    bit: "",
    bitText: "",
  };
  const bits = bitOptions(tools);
  const [draft, setState] = useState<FormState>(initial);
  // The first owned machine is preselected (also when the machines arrive after the first render).
  const state: FormState = { ...draft, printedOn: draft.printedOn || firstMachine };
  const [touched, setTouched] = useState<Set<string>>(new Set());
  const [imageProblem, setImageProblem] = useState<string | null>(null);
  const [isPublishing, setPublishing] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const ids = {
    images: useId(),
    machine: useId(),
    caption: useId(),
    pending: useId(),
    material: useId(),
    bit: useId(),
    bitText: useId(),
  };

  function reset() {
    setState({ ...initial });
    setTouched(new Set());
    setImageProblem(null);
    setProgress(null);
    setSubmitError(null);
    if (fileInput.current) fileInput.current.value = "";
  }

  const errors = validate(state);
  const isInvalid = errors.size > 0 || imageProblem !== null;
  const pendingProblem =
    touched.size > 0 && !isPublishing && machines.length > 0
      ? (imageProblem ?? errors.values().next().value ?? null)
      : null;
  const shown = (path: string) => (touched.has(path.split(".")[0] ?? path) ? errors.get(path) : undefined);

  function update(patch: Partial<FormState>, field: string) {
    setState((current) => ({ ...current, ...patch }));
    setTouched((current) => new Set(current).add(field));
  }

  function onFiles(list: FileList | null) {
    const files = Array.from(list ?? []);
    const problem = files.map(makeImageProblem).find((message) => message !== null) ?? null;
    setImageProblem(problem);
    if (!problem) update({ images: [...state.images, ...files] }, "images");
    else setTouched((current) => new Set(current).add("images"));
    if (fileInput.current) fileInput.current.value = "";
  }

  async function onPublish() {
    if (isInvalid || isPublishing || state.isPrinted === null) return;
    setPublishing(true);
    setSubmitError(null);
    let makeId: string | null = null;
    try {
      const { make } = await createMake({
        postId,
        printedOn: state.printedOn,
        isPrinted: state.isPrinted,
        ...(state.isPrinted ? { ratings: state.ratings as MakeRatings } : {}),
        ...(state.caption.trim() ? { caption: state.caption.trim() } : {}),
        ...(state.material ? { material: state.material } : {}),
        ...(state.bit && state.bit !== OTHER_BIT ? { bitToolId: state.bit } : {}),
        ...(state.bit === OTHER_BIT && state.bitText.trim() ? { bitText: state.bitText.trim() } : {}),
      });
      makeId = make._id;
      const hashes = await Promise.all(state.images.map(hashFile));
      const { attachments } = await getPreSignedUploadUrls(
        state.images.map((file, index) => ({
          parentId: make._id,
          parentType: "projectMake",
          category: "projectMakeImages",
          fileName: file.name,
          fileHash: hashes[index] ?? "",
          fileSize: file.size,
          resourceType: "image",
        })),
      );
      const total = state.images.reduce((sum, file) => sum + file.size, 0) || 1;
      const loaded = state.images.map(() => 0);
      setProgress(0);
      await Promise.all(
        state.images.map((file, index) => {
          // Slots come back in request order; two identical photos share a hash, so match by index.
          const slot =
            attachments[index]?.fileHash === hashes[index]
              ? attachments[index]
              : attachments.find((item) => item.fileHash === hashes[index]);
          if (!slot) throw new Error("Upload failed");
          return putFile(slot.signedUrl, file, contentTypeOf(file), (bytes) => {
            loaded[index] = bytes;
            setProgress(Math.round((loaded.reduce((sum, value) => sum + value, 0) / total) * 100));
          });
        }),
      );
      await confirmUploads(attachments.map((item) => item.attachmentId));
      reset();
      onOpenChange(false);
      onPublished();
    } catch (error) {
      // The spec swallows make creation errors; an image-less make is removed so none remains.
      console.error(error);
      if (makeId) await deleteMake(makeId).catch(() => undefined);
      setSubmitError(
        error instanceof Error && error.message ? error.message : "Something went wrong, please try again.",
      );
      setProgress(null);
    } finally {
      setPublishing(false);
    }
  }

  return (
    <Dialog
      open={isOpen}
      onOpenChange={(open) => {
        if (!open && !isPublishing) reset();
        onOpenChange(open);
      }}
    >
      <DialogContent
        title="Upload Make"
        description="Share photos of your cut and rate the project."
        size="lg"
      >
        <form
          noValidate
          className="space-y-5"
          onSubmit={(event) => {
            event.preventDefault();
            void onPublish();
          }}
        >
          <div className="space-y-2">
            <Label htmlFor={ids.images} required>
              Images
            </Label>
            <input
              ref={fileInput}
              id={ids.images}
              type="file"
              multiple
              accept=".jpg,.jpeg,.png,.webp,image/jpeg,image/png,image/webp"
              onChange={(event) => {
                onFiles(event.target.files);
                // The list below shows what was chosen; the input itself starts empty again.
                event.target.value = "";
              }}
              className="peer sr-only"
            />
            <label
              htmlFor={ids.images}
              className="w-fit cursor-pointer rounded-lg bg-brand-50 px-3 py-2 text-sm font-medium text-brand-800 peer-focus-visible:outline-2 peer-focus-visible:outline-brand-600/40"
            >
              {state.images.length ? "Add more photos" : "Choose photos"}
            </label>
            <p className="text-xs text-ink-subtle">
              JPG, JPEG, PNG or WebP, up to {MAKE_IMAGE_MAX_BYTES / (1024 * 1024)} MB each.
            </p>
            {state.images.length ? (
              <ul className="flex flex-wrap gap-2">
                {state.images.map((file, index) => (
                  <li
                    key={`${file.name}-${index}`}
                    className="flex items-center gap-1 rounded-md bg-surface-muted p-1 text-xs"
                  >
                    <PhotoPreview file={file} />
                    <span className="max-w-28 truncate">{file.name}</span>
                    <button
                      type="button"
                      aria-label={`Remove ${file.name}`}
                      onClick={() =>
                        update({ images: state.images.filter((_, at) => at !== index) }, "images")
                      }
                      className="rounded p-0.5 hover:bg-ink/10"
                    >
                      <CloseIcon className="size-3.5" />
                    </button>
                  </li>
                ))}
              </ul>
            ) : null}
            {imageProblem || shown("images") ? (
              <FieldError>{imageProblem ?? shown("images")}</FieldError>
            ) : null}
            {progress !== null ? (
              <div
                role="progressbar"
                aria-label="Upload progress"
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={progress}
                className="h-2 overflow-hidden rounded-full bg-line"
              >
                <div className="h-full bg-brand-600 transition-[width]" style={{ width: `${progress}%` }} />
              </div>
            ) : null}
          </div>

          <div className="space-y-2">
            <Label htmlFor={ids.machine} required>
              Machine
            </Label>
            {machines.length ? (
              <select
                id={ids.machine}
                value={state.printedOn}
                onChange={(event) => update({ printedOn: event.target.value }, "printedOn")}
                className="h-10 w-full rounded-lg border border-line-strong bg-surface px-3 text-sm"
              >
                {machines.map((machine) => (
                  <option key={machine._id} value={machine._id}>
                    {machine.cncBrand.name} {machine.cncModel.name} {machine.name}
                  </option>
                ))}
              </select>
            ) : (
              <p className="text-sm text-ink-muted">
                You have no machines yet.{" "}
                <Link
                  href={`/${user?.username ?? ""}?addMachine=true`}
                  className="font-medium text-brand-700 hover:underline"
                >
                  Add your machines on your profile
                </Link>{" "}
                to upload a make.
              </p>
            )}
            {shown("printedOn") ? <FieldError>{shown("printedOn")}</FieldError> : null}
          </div>

          <fieldset className="space-y-2">
            <legend className="text-sm font-medium text-ink">Did You Cut This Project?</legend>
            <div className="flex gap-4">
              {[
                { label: "Yes", value: true },
                { label: "No", value: false },
              ].map((option) => (
                <label key={option.label} className="inline-flex items-center gap-2 text-sm">
                  <input
                    type="radio"
                    name="isPrinted"
                    className="size-4 accent-brand-600"
                    checked={state.isPrinted === option.value}
                    onChange={() => update({ isPrinted: option.value }, "isPrinted")}
                  />
                  {option.label}
                </label>
              ))}
            </div>
            {shown("isPrinted") ? <FieldError>{shown("isPrinted")}</FieldError> : null}
            {state.isPrinted === false ? (
              <p className="text-sm text-ink-muted">Skip the rest (no rating allowed)</p>
            ) : null}
          </fieldset>

          {state.isPrinted ? (
            <div className="space-y-3">
              {RATING_CRITERIA.map((criterion) => (
                <div key={criterion.key} className="flex flex-wrap items-center justify-between gap-2">
                  <span className="text-sm font-medium text-ink">{criterion.label}</span>
                  <StarRatingInput
                    label={criterion.label}
                    value={state.ratings[criterion.key]}
                    onChange={(value) =>
                      update({ ratings: { ...state.ratings, [criterion.key]: value } }, "ratings")
                    }
                  />
                  {shown(`ratings.${criterion.key}`) ? (
                    <FieldError className="w-full">{shown(`ratings.${criterion.key}`)}</FieldError>
                  ) : null}
                </div>
              ))}
              {shown("ratings") ? <FieldError>{shown("ratings")}</FieldError> : null}
            </div>
          ) : null}

          <div className="grid gap-4 sm:grid-cols-2">
            <div className="space-y-2">
              <Label htmlFor={ids.material}>Material</Label>
              <select
                id={ids.material}
                value={state.material}
                onChange={(event) =>
                  update({ material: event.target.value as FormState["material"] }, "material")
                }
                className="h-10 w-full rounded-lg border border-line-strong bg-surface px-3 text-sm"
              >
                <option value="">Not said</option>
                {MATERIAL_GROUPS.map((group) => (
                  <optgroup key={group.value} label={group.label}>
                    {MATERIALS.filter((material) => material.group === group.value).map((material) => (
                      <option key={material.value} value={material.value}>
                        {material.value}
                      </option>
                    ))}
                  </optgroup>
                ))}
              </select>
              {shown("material") ? <FieldError>{shown("material")}</FieldError> : null}
            </div>
            <div className="space-y-2">
              <Label htmlFor={ids.bit}>Bit</Label>
              <select
                id={ids.bit}
                value={state.bit}
                onChange={(event) => update({ bit: event.target.value }, "bit")}
                className="h-10 w-full rounded-lg border border-line-strong bg-surface px-3 text-sm"
              >
                <option value="">Not said</option>
                {bits.map((bit) => (
                  <option key={bit.value} value={bit.value}>
                    {bit.label}
                  </option>
                ))}
                <option value={OTHER_BIT}>Another bit...</option>
              </select>
            </div>
            {state.bit === OTHER_BIT ? (
              <div className="space-y-2 sm:col-span-2">
                <Label htmlFor={ids.bitText}>Your bit</Label>
                <Input
                  id={ids.bitText}
                  value={state.bitText}
                  maxLength={MAX_BIT_TEXT_LENGTH}
                  placeholder="e.g. 1/4 in 3-flute compression"
                  onChange={(event) => update({ bitText: event.target.value }, "bitText")}
                />
                {shown("bitText") ? <FieldError>{shown("bitText")}</FieldError> : null}
              </div>
            ) : null}
            <p className="text-xs text-ink-subtle sm:col-span-2">
              Optional. With a rating, a bit from the project&apos;s tools adds your cut to the{" "}
              <Link href="/atlas/chipload" className="underline">
                chipload atlas
              </Link>
              .
            </p>
          </div>

          <div className="space-y-2">
            <Label htmlFor={ids.caption}>Caption</Label>
            <Textarea
              id={ids.caption}
              rows={3}
              value={state.caption}
              placeholder="How did it go? (optional)"
              onChange={(event) => update({ caption: event.target.value }, "caption")}
            />
            {shown("caption") ? <FieldError>{shown("caption")}</FieldError> : null}
          </div>

          {submitError ? <FieldError>{submitError}</FieldError> : null}
          {/* Publish stays disabled while the form is invalid: once the user has started, say why. */}
          {pendingProblem ? (
            <p id={ids.pending} className="text-sm text-ink-muted">
              To publish: {pendingProblem}
            </p>
          ) : null}

          <DialogFooter>
            <Button
              variant="secondary"
              disabled={isPublishing}
              onClick={() => {
                reset();
                onOpenChange(false);
              }}
            >
              Cancel
            </Button>
            <Button
              type="submit"
              disabled={isInvalid || isPublishing || machines.length === 0}
              aria-describedby={pendingProblem ? ids.pending : undefined}
            >
              {isPublishing ? "Publishing..." : "Publish"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** A picked photo as a small picture (an object URL, released when it leaves the list). */
function PhotoPreview({ file }: { file: File }) {
  const image = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const objectUrl = URL.createObjectURL(file);
    if (image.current) image.current.src = objectUrl;
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);
  // eslint-disable-next-line @next/next/no-img-element -- a local object URL, set once made
  return <img ref={image} alt="" className="size-12 rounded bg-surface object-cover" />;
}
