"use client";

import { acceptedExtensions } from "@/lib/validation/attachments";
import { Field, StepTitle } from "@/components/wizard/fields";
import { FileDrop } from "@/components/wizard/file-drop";
import { ModelFacts } from "@/components/wizard/model-facts";
import { modelsOf } from "@/components/wizard/preflight";
import { inCategory } from "@/components/wizard/upload-queue";
import { UploadedFiles } from "@/components/wizard/uploaded-files";
import type { StepProps } from "@/components/wizard/wizard-types";

/** Step 3 Model Upload: the G-code files (.gcode, .ngc, .nc), uploaded with Next, a progress bar each. */
export function ModelsStep({ errors, post, uploads, isSaving, refresh }: StepProps) {
  const stored = modelsOf(post);
  return (
    <div className="flex flex-col gap-5">
      <StepTitle
        title="Model Upload"
        description="The G-code files a maker needs to cut this project. They upload when you press Next."
      />
      <Field id="models" label="Models" required error={errors.models}>
        <UploadedFiles
          files={stored}
          label="Uploaded models"
          onDeleted={refresh}
          renderExtra={(file) => <ModelFacts file={file} />}
        />
        <FileDrop
          id="models"
          label={stored.length > 0 ? "Add more models" : "Upload models"}
          hint=".gcode, .ngc or .nc, up to 100 MB each"
          accept={acceptedExtensions("postModel")}
          refused={uploads.refused.postModel}
          queued={inCategory(uploads.queue, "postModel")}
          onFiles={(files) => uploads.add(files, "postModel")}
          onRemove={uploads.remove}
          isBusy={isSaving}
          invalid={!!errors.models}
          describedBy={errors.models ? "models-error" : undefined}
        />
      </Field>
    </div>
  );
}
