"use client";

import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { TrashIcon } from "@/components/ui/icons";
import { MEDIA_EXTENSIONS } from "@/lib/validation/post-authoring";
import { Field, StepTitle } from "../fields";
import { FileDrop } from "../file-drop";
import { UploadedFiles } from "../uploaded-files";
import type { StepProps } from "../wizard-types";

/** Step 5: photos, design files (crv, f3d, pdf, stl, ...) and YouTube links. */
export function MediaStep({
  errors,
  post,
  queue,
  addFiles,
  removeQueued,
  refresh,
  youtubeUrls,
  setYoutubeUrls,
}: StepProps & {
  refresh: () => Promise<unknown>;
  youtubeUrls: string[];
  setYoutubeUrls: (urls: string[]) => void;
}) {
  const stored = (post?.attachments ?? []).filter(
    (file) => file.category === "postMedia" && file.resourceType !== "youtube",
  );
  const links = youtubeUrls.length > 0 ? youtubeUrls : [""];
  return (
    <div className="flex flex-col gap-5">
      <StepTitle title="Media Upload" description="Photos of the finished piece, design files, and videos." />
      <Field id="mediaFiles" label="Media and design files" required error={errors.mediaFiles}>
        <UploadedFiles files={stored} onDeleted={refresh} />
        <FileDrop
          label="Upload media"
          accept={MEDIA_EXTENSIONS.map((extension) => `.${extension}`).join(",")}
          queued={queue.filter((item) => item.category === "postMedia")}
          onFiles={(files) => addFiles(files, "postMedia")}
          onRemove={removeQueued}
          invalid={!!errors.mediaFiles}
        />
      </Field>
      <Field id="youtube-0" label="YouTube links" error={errors.youtube}>
        <div className="flex flex-col gap-2">
          {links.map((url, index) => (
            <div key={index} className="flex gap-2">
              <Input
                id={`youtube-${index}`}
                aria-label={`YouTube link ${index + 1}`}
                placeholder="https://www.youtube.com/watch?v=..."
                value={url}
                invalid={!!errors.youtube}
                onChange={(event) =>
                  setYoutubeUrls(links.map((value, at) => (at === index ? event.target.value : value)))
                }
              />
              <Button
                type="button"
                variant="ghost"
                size="icon"
                aria-label={`Remove YouTube link ${index + 1}`}
                onClick={() => setYoutubeUrls(links.filter((_, at) => at !== index))}
              >
                <TrashIcon />
              </Button>
            </div>
          ))}
          <div>
            <Button
              type="button"
              variant="secondary"
              size="sm"
              onClick={() => setYoutubeUrls([...links, ""])}
            >
              Add another link
            </Button>
          </div>
        </div>
      </Field>
    </div>
  );
}
