"use client";

import { acceptedExtensions } from "@/lib/validation/attachments";
import { Field, StepTitle } from "@/components/wizard/fields";
import { FileDrop } from "@/components/wizard/file-drop";
import { inCategory } from "@/components/wizard/upload-queue";
import { UploadedFiles } from "@/components/wizard/uploaded-files";
import type { StepProps } from "@/components/wizard/wizard-types";
import { DESIGN_FILE_EXTENSIONS, MEDIA_IMAGE_EXTENSIONS } from "@/lib/validation/post-authoring";
import { YoutubeLinks } from "./youtube-links";

/** Step 5 Media Upload: photos, design files (crv, f3d, pdf, stl, ...) and YouTube links. */
export function MediaStep({
  errors,
  post,
  uploads,
  isSaving,
  refresh,
  youtubeUrls,
  setYoutubeUrls,
}: StepProps & { youtubeUrls: string[]; setYoutubeUrls: (urls: string[]) => void }) {
  const stored = (post?.attachments ?? []).filter(
    (file) => file.category === "postMedia" && file.resourceType !== "youtube",
  );
  return (
    <div className="flex flex-col gap-6">
      <StepTitle title="Media Upload" description="Photos of the finished piece, design files, and videos." />
      <Field id="mediaFiles" label="Photos and design files" required error={errors.mediaFiles}>
        <UploadedFiles
          files={stored}
          label="Uploaded media"
          onDeleted={refresh}
          renderExtra={(file) =>
            file.resourceType === "image" && file.url ? (
              // eslint-disable-next-line @next/next/no-img-element -- a signed storage URL
              <img
                src={file.url}
                alt=""
                className="mt-2 h-20 w-28 rounded border border-line bg-white object-cover"
              />
            ) : null
          }
        />
        <FileDrop
          id="mediaFiles"
          label={stored.length > 0 ? "Add more media" : "Upload media"}
          hint={`Photos: ${MEDIA_IMAGE_EXTENSIONS.join(", ")} (up to 5 MB). Design files: ${DESIGN_FILE_EXTENSIONS.join(", ")} (up to 50 MB).`}
          accept={acceptedExtensions("postMedia")}
          refused={uploads.refused.postMedia}
          queued={inCategory(uploads.queue, "postMedia")}
          onFiles={(files) => uploads.add(files, "postMedia")}
          onRemove={uploads.remove}
          isBusy={isSaving}
          invalid={!!errors.mediaFiles}
          describedBy={errors.mediaFiles ? "mediaFiles-error" : undefined}
        />
      </Field>
      <YoutubeLinks urls={youtubeUrls} onChange={setYoutubeUrls} error={errors.youtube} />
    </div>
  );
}
