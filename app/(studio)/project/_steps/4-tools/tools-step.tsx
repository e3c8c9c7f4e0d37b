"use client";

import dynamic from "next/dynamic";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { RefreshIcon, UploadIcon } from "@/components/ui/icons";
import { Skeleton } from "@/components/ui/skeleton";
import { describedBy, Field, Select, StepTitle } from "@/components/wizard/fields";
import { liveToolPreflightOf, modelsOf } from "@/components/wizard/preflight";
import { PreflightWarnings } from "@/components/wizard/preflight-warnings";
import type { StepProps } from "@/components/wizard/wizard-types";
import { toolSuggestion } from "@/lib/gcode/job-setup-suggestions";
import { ToolForm } from "./tool-form";
import { ToolTable } from "./tool-table";
import { useToolForm } from "./use-tool-form";

// three.js and the parser's worker load only when this step shows a model.
const GcodeViewer = dynamic(
  () => import("@/components/gcode-viewer/gcode-viewer").then((module) => module.GcodeViewer),
  { ssr: false, loading: () => <Skeleton className="h-72 w-full rounded-xl" /> },
);

/** Step 4 Model Tool Mapping: every model gets its tools (a laser model exactly one entry). */
export function ToolsStep({
  data,
  setData,
  errors,
  post,
  refresh,
  onUploadModels,
}: StepProps & { onUploadModels: () => void }) {
  const models = modelsOf(post);
  const [chosenId, setChosenId] = useState(models[0]?._id ?? "");
  const [isRefreshing, setRefreshing] = useState(false);
  const model = models.find((file) => file._id === chosenId) ?? models[0];
  const form = useToolForm(
    model?._id ?? "",
    toolSuggestion({ fileName: model?.fileName ?? "", analysis: model?.gcodeAnalysis ?? null }),
    data.toolData,
    (toolData) => setData({ toolData }),
  );

  if (!model) {
    return (
      <EmptyState
        icon={<UploadIcon />}
        title="No Models Available to Map Tools"
        text="Upload the G-code models in step 3 first."
        action={
          <>
            <Button type="button" onClick={onUploadModels}>
              Upload Models
            </Button>
            <Button
              type="button"
              variant="secondary"
              isLoading={isRefreshing}
              onClick={() => {
                setRefreshing(true);
                void refresh().finally(() => setRefreshing(false));
              }}
            >
              <RefreshIcon />
              Refresh Page
            </Button>
          </>
        }
      />
    );
  }

  const rows = data.toolData.filter((tool) => tool.modelId === model._id);
  const hasTools = (modelId: string) => data.toolData.some((tool) => tool.modelId === modelId);
  const missing = models.filter((file) => !hasTools(file._id)).length;
  return (
    <div className="flex flex-col gap-5">
      <StepTitle title="Model Tool Mapping" description="Which tool cuts each model." />
      <Field
        id="tool-model"
        label="Model"
        error={errors.toolData}
        hint={
          missing > 0 && !errors.toolData
            ? `${missing} of ${models.length} models still need a tool.`
            : `${models.length} ${models.length === 1 ? "model" : "models"}, all with tools.`
        }
      >
        <Select
          id="tool-model"
          value={model._id}
          invalid={!!errors.toolData}
          aria-describedby={describedBy("tool-model", { hint: true, error: errors.toolData })}
          onChange={(event) => setChosenId(event.target.value)}
          options={models.map((file) => ({
            value: file._id,
            label: hasTools(file._id) ? file.fileName : `${file.fileName} (no tool yet)`,
          }))}
        />
      </Field>
      {model.url ? <GcodeViewer key={model._id} url={model.url} fileName={model.fileName} /> : null}
      <PreflightWarnings
        fileName={model.fileName}
        warnings={liveToolPreflightOf(model, post?.toolData ?? [], data.toolData)}
      />
      <ToolForm form={form} fileName={model.fileName} />
      <ToolTable
        fileName={model.fileName}
        rows={rows}
        onDelete={(row) => setData({ toolData: data.toolData.filter((tool) => tool !== row) })}
      />
    </div>
  );
}
