"use client";

import { Input } from "@/components/ui/input";
import { asOptions, describedBy, Field, Select, StepTitle } from "@/components/wizard/fields";
import type { StepProps } from "@/components/wizard/wizard-types";
import {
  JOB_SIZE_DEFAULTS,
  JOB_TYPES,
  type JobType,
  MATERIAL_GROUPS,
  MATERIALS,
  PROBE_FOR_Z,
  SOFTWARE,
  SPINDLE_SPEED,
  TOOL_SETTER,
  UNITS,
  XY_DATUM_POSITIONS,
  Z_ZERO_POSITIONS,
} from "@/lib/catalogue/enums";
import { everyModelIsLaser } from "@/lib/gcode/job-setup-suggestions";
import { changeJobType, type PostEditorData } from "@/lib/validation/post-authoring";
import { analysedModelsOf } from "../../_components/editor-data";

type ChoiceKey =
  "softwareUsed" | "units" | "zZeroPosition" | "xyDatumPosition" | "toolSetter" | "probeForZHeightCommand";
type SizeKey = "jobSizeWidth" | "jobSizeHeight" | "jobSizeThickness" | "jobSizeDiameter" | "jobSizeLength";

const MATERIAL_OPTIONS = MATERIAL_GROUPS.map((group) => ({
  label: group.label,
  options: asOptions(MATERIALS.filter((material) => material.group === group.value).map((m) => m.value)),
}));

/** Step 6 Job Setup Details: how the job is set up on the machine. */
export function JobSetupStep({ data, setData, errors, post, filledFromFiles }: StepProps) {
  const models = analysedModelsOf(post);
  const laserOnly = everyModelIsLaser(models);
  /** "From pocket.nc": said under a value the wizard read from the files. */
  const source = (key: keyof PostEditorData) => {
    const files = filledFromFiles[key];
    return files && files.length > 0 ? `From ${files.join(", ")}` : undefined;
  };
  const choice = (key: ChoiceKey, label: string, values: readonly string[]) => (
    <Field id={key} label={label} required error={errors[key]} hint={source(key)}>
      <Select
        id={key}
        value={data[key]}
        invalid={!!errors[key]}
        placeholder="Choose…"
        aria-describedby={describedBy(key, { hint: !!source(key), error: errors[key] })}
        onChange={(event) => setData({ [key]: event.target.value } as Partial<PostEditorData>)}
        options={asOptions(values)}
      />
    </Field>
  );
  const unit = data.units === "MM" ? "mm" : data.units === "Inches" ? "in" : "units";
  const size = (key: SizeKey, label: string) => (
    <Field id={key} label={`${label} (${unit})`} required error={errors[key]} hint={source(key)}>
      <Input
        id={key}
        type="number"
        inputMode="decimal"
        step={JOB_SIZE_DEFAULTS.step}
        min={0}
        value={data[key] ?? ""}
        invalid={!!errors[key]}
        aria-describedby={describedBy(key, { hint: !!source(key), error: errors[key] })}
        onChange={(event) =>
          setData({ [key]: event.target.value === "" ? null : Number(event.target.value) })
        }
      />
    </Field>
  );
  const isRotary = data.jobType === "Rotary";
  return (
    <div className="flex flex-col gap-5">
      <StepTitle title="Job Setup Details" description="The settings a maker needs to reproduce your cut." />
      {Object.keys(filledFromFiles).length > 0 ? (
        <p className="rounded-lg border border-line bg-surface-muted p-3 text-sm text-ink-muted">
          Values marked “From …” were read from your G-code files. Check them before you continue.
        </p>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        {choice("softwareUsed", "Software used", SOFTWARE)}
        <Field id="materialUsed" label="Material used" required error={errors.materialUsed}>
          <Select
            id="materialUsed"
            value={data.materialUsed}
            placeholder="Choose…"
            invalid={!!errors.materialUsed}
            aria-describedby={describedBy("materialUsed", { error: errors.materialUsed })}
            onChange={(event) => setData({ materialUsed: event.target.value })}
            groups={MATERIAL_OPTIONS}
          />
        </Field>
        <Field id="jobType" label="Job type" required error={errors.jobType}>
          <Select
            id="jobType"
            value={data.jobType}
            invalid={!!errors.jobType}
            onChange={(event) => setData(changeJobType(data, event.target.value as JobType))}
            options={asOptions(JOB_TYPES)}
          />
        </Field>
        {choice("units", "Units", UNITS)}
      </div>
      <fieldset className="grid gap-4 rounded-lg border border-line p-4 sm:grid-cols-3">
        <legend className="px-1 text-sm font-medium text-ink">Job size</legend>
        {isRotary ? (
          <>
            {size("jobSizeDiameter", "Diameter")}
            {size("jobSizeLength", "Length")}
          </>
        ) : (
          <>
            {size("jobSizeWidth", "Width")}
            {size("jobSizeHeight", "Height")}
            {size("jobSizeThickness", "Thickness")}
          </>
        )}
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        {choice("zZeroPosition", "Z zero position", Z_ZERO_POSITIONS)}
        {choice("xyDatumPosition", "XY datum position", XY_DATUM_POSITIONS)}
        {choice("toolSetter", "Tool setter", TOOL_SETTER)}
        {choice("probeForZHeightCommand", "Probe for Z height command", PROBE_FOR_Z)}
        <Field
          id="spindleSpeed"
          label="Spindle speed (RPM)"
          required={!laserOnly}
          error={errors.spindleSpeed}
          hint={`${SPINDLE_SPEED.min.toLocaleString("en-US")} to ${SPINDLE_SPEED.max.toLocaleString("en-US")} RPM${laserOnly ? ". Optional: every model is a laser job" : ""}`}
        >
          <Input
            id="spindleSpeed"
            type="number"
            inputMode="numeric"
            min={SPINDLE_SPEED.min}
            max={SPINDLE_SPEED.max}
            step={100}
            value={Number.isNaN(data.spindleSpeed) ? "" : data.spindleSpeed}
            invalid={!!errors.spindleSpeed}
            aria-describedby={describedBy("spindleSpeed", { hint: true, error: errors.spindleSpeed })}
            onChange={(event) =>
              setData({ spindleSpeed: event.target.value === "" ? Number.NaN : Number(event.target.value) })
            }
          />
        </Field>
      </div>
    </div>
  );
}
