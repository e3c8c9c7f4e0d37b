"use client";

import { Input } from "@/components/ui/input";
import {
  JOB_SIZE_DEFAULTS,
  JOB_TYPES,
  type JobType,
  MATERIAL_VALUES,
  PROBE_FOR_Z,
  SOFTWARE,
  SPINDLE_SPEED,
  TOOL_SETTER,
  UNITS,
  XY_DATUM_POSITIONS,
  Z_ZERO_POSITIONS,
} from "@/lib/catalogue/enums";
import { changeJobType, type PostEditorData } from "@/lib/validation/post-authoring";
import { asOptions, Field, Select, StepTitle } from "../fields";
import type { StepProps } from "../wizard-types";

type SizeKey = "jobSizeWidth" | "jobSizeHeight" | "jobSizeThickness" | "jobSizeDiameter" | "jobSizeLength";

/** Step 6: how the job is set up on the machine. */
export function JobSetupStep({ data, setData, errors }: StepProps) {
  const select = (key: keyof PostEditorData, label: string, values: readonly string[]) => (
    <Field id={key} label={label} required error={errors[key]}>
      <Select
        id={key}
        value={String(data[key] ?? "")}
        invalid={!!errors[key]}
        onChange={(event) => setData({ [key]: event.target.value } as Partial<PostEditorData>)}
        options={asOptions(values)}
      />
    </Field>
  );
  const sizeField = (key: SizeKey, label: string) => (
    <Field id={key} label={label} required error={errors[key]}>
      <Input
        id={key}
        type="number"
        step={JOB_SIZE_DEFAULTS.step}
        min={0}
        value={data[key] ?? ""}
        invalid={!!errors[key]}
        onChange={(event) =>
          setData({ [key]: event.target.value === "" ? null : Number(event.target.value) })
        }
      />
    </Field>
  );
  const rotary = data.jobType === "Rotary";
  return (
    <div className="flex flex-col gap-5">
      <StepTitle title="Job Setup Details" description="The settings a maker needs to reproduce your cut." />
      <div className="grid gap-4 sm:grid-cols-2">
        {select("softwareUsed", "Software used", SOFTWARE)}
        {select("materialUsed", "Material used", MATERIAL_VALUES)}
        <Field id="jobType" label="Job type" required error={errors.jobType}>
          <Select
            id="jobType"
            value={data.jobType}
            onChange={(event) => setData(changeJobType(data, event.target.value as JobType))}
            options={asOptions(JOB_TYPES)}
          />
        </Field>
        {select("units", "Units", UNITS)}
        {rotary ? (
          <>
            {sizeField("jobSizeDiameter", "Job diameter")}
            {sizeField("jobSizeLength", "Job length")}
          </>
        ) : (
          <>
            {sizeField("jobSizeWidth", "Job width")}
            {sizeField("jobSizeHeight", "Job height")}
            {sizeField("jobSizeThickness", "Job thickness")}
          </>
        )}
        {select("zZeroPosition", "Z zero position", Z_ZERO_POSITIONS)}
        {select("xyDatumPosition", "XY datum position", XY_DATUM_POSITIONS)}
        {select("toolSetter", "Tool setter", TOOL_SETTER)}
        {select("probeForZHeightCommand", "Probe for Z height command", PROBE_FOR_Z)}
        <Field id="spindleSpeed" label="Spindle speed (RPM)" required error={errors.spindleSpeed}>
          <Input
            id="spindleSpeed"
            type="number"
            min={SPINDLE_SPEED.min}
            max={SPINDLE_SPEED.max}
            step={100}
            value={data.spindleSpeed}
            invalid={!!errors.spindleSpeed}
            onChange={(event) => setData({ spindleSpeed: Number(event.target.value) })}
          />
        </Field>
      </div>
    </div>
  );
}
