"use client";

import { GCODE_UPLOAD_EXTENSIONS } from "@/lib/gcode/file-types";
import { Field, StepTitle } from "../fields";
import { FileDrop } from "../file-drop";
import { UploadedFiles } from "../uploaded-files";
import type { StepProps } from "../wizard-types";

/** Step 3: the G-code models (.gcode, .nc, .ngc), uploaded on Next with a progress bar each. */
export function ModelsStep({
  errors,
  post,
  queue,
  addFiles,
  removeQueued,
  onPostChanged,
  refresh,
}: StepProps & { refresh: () => Promise<unknown> }) {
  const stored = (post?.attachments ?? []).filter((file) => file.category === "postModel");
  void onPostChanged;
  return (
    <div className="flex flex-col gap-5">
      <StepTitle title="Model Upload" description="The G-code files a maker needs to cut this project." />
      <Field id="models" label="Models" required error={errors.models}>
        <UploadedFiles
          files={stored}
          onDeleted={refresh}
          renderExtra={(file) =>
            file.gcodeAnalysis ? (
              <p className="mt-1 text-xs text-ink-muted">
                {file.gcodeAnalysis.isLaser ? "Laser job" : "Endmill job"} · units {file.gcodeAnalysis.units}{" "}
                · {file.gcodeAnalysis.lineCount.toLocaleString()} lines
              </p>
            ) : null
          }
        />
        <FileDrop
          label="Upload models"
          accept={GCODE_UPLOAD_EXTENSIONS.join(",")}
          queued={queue.filter((item) => item.category === "postModel")}
          onFiles={(files) => addFiles(files, "postModel")}
          onRemove={removeQueued}
          invalid={!!errors.models}
          describedBy={errors.models ? "models-error" : undefined}
        />
      </Field>
    </div>
  );
}
