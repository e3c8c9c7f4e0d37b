"use client";

import Image from "next/image";
import { useState } from "react";
import { FeedsCheckList } from "@/components/feeds/feeds-check-list";
import { Badge } from "@/components/ui/badge";
import { Table, TableCell, type TableColumn } from "@/components/ui/table";
import { CheckIcon, ChevronRightIcon, ClockIcon, CloseIcon, ExternalLinkIcon } from "@/components/ui/icons";
import { findLicence } from "@/lib/catalogue/enums";
import { formatLaserPower } from "@/lib/gcode/format";
import type { PostAttachment, PostDetail, PostMachine } from "@/lib/validation/posts";
import { formatDuration } from "@/lib/utils/format";
import { ASSUMED_RAPID_MM_PER_MIN } from "@/lib/gcode/run-time";
import { fitsMachine, formatSize, machineFitVerdict, machineRunTime } from "./machine-fit";
import type { Slide } from "./slides";

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="space-y-3 border-t border-line pt-5">
      <h3 className="text-base font-semibold text-ink">{title}</h3>
      {children}
    </section>
  );
}

function Facts({ items }: { items: [string, string | number | null | undefined][] }) {
  const shown = items.filter(([, value]) => value !== null && value !== undefined && value !== "");
  if (shown.length === 0) return <p className="text-sm text-ink-subtle">Not provided</p>;
  return (
    <dl className="grid grid-cols-2 gap-x-6 gap-y-3 text-sm">
      {shown.map(([label, value]) => (
        <div key={label}>
          <dt className="text-ink-subtle">{label}</dt>
          <dd className="font-medium break-words text-ink">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** What the parts linked to the carousel need: the post, its slides, the shown one and a way to jump. */
type CarouselLinkedProps = {
  post: PostDetail;
  slides: Slide[];
  activeIndex: number;
  onJump: (index: number) => void;
};

const TOOL_COLUMNS: readonly TableColumn[] = [
  { label: "Model" },
  { label: "Tool" },
  { label: "Type" },
  { label: "Size" },
  { label: "Action", isLabelHidden: true },
];

function ToolsTable({ post, slides, activeIndex, onJump }: CarouselLinkedProps) {
  const [isFiltered, setFiltered] = useState(false);
  const active = slides[activeIndex];
  const activeModelId = active?.kind === "model" ? active.attachment._id : null;
  const modelName = (modelId: string) =>
    post.attachments.find((attachment) => attachment._id === modelId)?.fileName ?? "—";
  const rows =
    isFiltered && activeModelId
      ? post.toolData.filter((tool) => tool.modelId === activeModelId)
      : post.toolData;
  if (post.toolData.length === 0) return null;
  const feeds = rows.flatMap((tool) => (tool.feeds ? [tool.feeds] : []));
  return (
    <div className="space-y-2">
      <label className="inline-flex items-center gap-2 text-sm text-ink-muted has-disabled:opacity-50">
        <input
          type="checkbox"
          className="size-4 accent-brand-600"
          checked={isFiltered && activeModelId !== null}
          disabled={activeModelId === null}
          onChange={(event) => setFiltered(event.target.checked)}
        />
        Only tools of the model shown
      </label>
      <Table columns={TOOL_COLUMNS} caption="Tools used" frameClassName="overflow-x-auto">
        {rows.map((tool) => {
          const slideIndex = slides.findIndex((slide) => slide.attachment._id === tool.modelId);
          return (
            <tr key={tool._id}>
              <TableCell className="max-w-32 truncate sm:max-w-48" title={modelName(tool.modelId)}>
                {modelName(tool.modelId)}
              </TableCell>
              <TableCell>{tool.laserOrEndmill}</TableCell>
              <TableCell>{tool.toolType ?? "—"}</TableCell>
              <TableCell className="tabular-nums">
                {tool.toolUsed !== null ? `${tool.toolUsed} ${tool.toolUnit ?? ""}` : "—"}
              </TableCell>
              <TableCell className="text-right">
                {slideIndex >= 0 ? (
                  <button
                    type="button"
                    onClick={() => onJump(slideIndex)}
                    aria-label={`View model ${modelName(tool.modelId)}`}
                    className="inline-flex items-center gap-1 font-medium whitespace-nowrap text-brand-700 hover:underline"
                  >
                    <span className="hidden sm:inline">View model</span>
                    <ChevronRightIcon className="size-4" />
                  </button>
                ) : null}
              </TableCell>
            </tr>
          );
        })}
      </Table>
      {feeds.length > 0 ? (
        <div className="space-y-1.5 pt-2">
          <h4 className="text-sm font-semibold text-ink">Feeds check</h4>
          <p className="text-xs text-ink-muted">
            The chipload each bit cuts with in this file, against the chart for {feeds[0]!.material}. Have the
            same bit? These are the numbers to expect.
          </p>
          <FeedsCheckList checks={feeds} />
        </div>
      ) : null}
    </div>
  );
}

const machineLabel = (machine: PostMachine) => `${machine.modelName} ${machine.name}`;

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? "" : "s"}`;

/**
 * How long one model runs on the supported machines it fits, one line per rapid rate (machines of
 * one controller share one figure): rapids at the controller's rate where it is known.
 */
function RunTimes({
  analysis,
  machines,
}: {
  analysis: NonNullable<PostAttachment["gcodeAnalysis"]>;
  machines: PostMachine[];
}) {
  const byRate = new Map<number | null, PostMachine[]>();
  for (const machine of machines)
    byRate.set(machine.rapidMmPerMin, [...(byRate.get(machine.rapidMmPerMin) ?? []), machine]);
  const groups = [...byRate].sort(([a], [b]) => (b ?? 0) - (a ?? 0));
  return (
    <ul className="space-y-0.5 text-sm text-ink-muted">
      {groups.map(([rate, group]) => (
        <li
          key={String(rate)}
          className="flex items-start gap-1.5"
          title={group.map(machineLabel).join("\n")}
        >
          <ClockIcon className="mt-0.5 size-4 shrink-0" />
          <span>
            About {formatDuration(machineRunTime(analysis, group[0]!))} on {plural(group.length, "machine")}{" "}
            {rate === null
              ? `whose rapid rate is not known (${ASSUMED_RAPID_MM_PER_MIN.toLocaleString("en-US")} mm/min assumed)`
              : `with rapids at ${rate.toLocaleString("en-US")} mm/min`}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** Whether one model's cut fits each supported machine, the ones it does not fit, and its run times. */
function MachineFit({
  analysis,
  machines,
}: {
  analysis: NonNullable<PostAttachment["gcodeAnalysis"]>;
  machines: PostMachine[];
}) {
  if (machines.length === 0) return null;
  const tooSmall = machines.filter((machine) => !fitsMachine(analysis, machine));
  const fitting = machines.filter((machine) => fitsMachine(analysis, machine));
  return (
    <div className="space-y-1 text-sm">
      {tooSmall.length === 0 ? (
        <p className="flex items-center gap-1.5 font-medium text-green-800">
          <CheckIcon className="size-4 shrink-0" />
          Fits {machines.length === 1 ? "the supported machine" : `all ${machines.length} supported machines`}
        </p>
      ) : (
        <>
          <p className="font-medium text-ink">
            Fits {fitting.length} of {machines.length} supported machines
          </p>
          <p className="text-ink-muted">Too large for:</p>
          <ul className="space-y-0.5">
            {tooSmall.map((machine) => (
              <li key={machine._id} className="flex items-start gap-1.5 text-red-800">
                <CloseIcon className="mt-0.5 size-4 shrink-0" />
                {machineLabel(machine)}
              </li>
            ))}
          </ul>
        </>
      )}
      {fitting.length > 0 ? <RunTimes analysis={analysis} machines={fitting} /> : null}
    </div>
  );
}

const VERDICT_TEXT = {
  fits: "Fits",
  fitsRotated: "Fits with the stock turned 90°",
  tooLarge: "Too large",
} as const;

/** Whether one model fits each machine the signed-in viewer owns. */
function YourMachinesFit({
  analysis,
  machines,
}: {
  analysis: NonNullable<PostAttachment["gcodeAnalysis"]>;
  machines: PostMachine[];
}) {
  if (machines.length === 0) return null;
  return (
    <div className="space-y-1 text-sm">
      <p className="font-medium text-ink">Your machines</p>
      <ul className="space-y-0.5">
        {machines.map((machine) => {
          const verdict = machineFitVerdict(analysis, machine);
          return (
            <li
              key={machine._id}
              className={
                verdict === "tooLarge"
                  ? "flex items-start gap-1.5 text-red-800"
                  : "flex items-start gap-1.5 text-green-800"
              }
            >
              {verdict === "tooLarge" ? (
                <CloseIcon className="mt-0.5 size-4 shrink-0" />
              ) : (
                <CheckIcon className="mt-0.5 size-4 shrink-0" />
              )}
              <span>
                {machineLabel(machine)}: {VERDICT_TEXT[verdict]}
                {verdict === "tooLarge"
                  ? null
                  : `, about ${formatDuration(machineRunTime(analysis, machine))}`}
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function GcodeAnalysis({ post }: { post: PostDetail }) {
  const models = post.attachments.filter((attachment) => attachment.gcodeAnalysis);
  if (models.length === 0) return null;
  return (
    <Section title="G-code Analysis">
      <ul className="space-y-4">
        {models.map((model) => {
          const analysis = model.gcodeAnalysis;
          if (!analysis) return null;
          return (
            <li key={model._id} className="space-y-2 rounded-xl border border-line p-3">
              <p className="truncate text-sm font-semibold text-ink">{model.fileName}</p>
              <Facts
                items={[
                  ["Dimensions (X × Y × Z)", formatSize(analysis)],
                  ["Estimated cut time", formatDuration(analysis.estimatedSeconds)],
                  [
                    "Tools",
                    analysis.tools.length ? analysis.tools.map((tool) => `T${tool}`).join(", ") : "—",
                  ],
                  ["Type", analysis.isLaser ? "Laser" : "Endmill"],
                  analysis.isLaser
                    ? ["Laser power", formatLaserPower(analysis.powerRange)]
                    : [
                        "Deepest cut",
                        analysis.minCutZ === null || analysis.minCutZ === undefined
                          ? null
                          : `${analysis.minCutZ} ${analysis.units === "inch" ? "in" : "mm"}`,
                      ],
                ]}
              />
              <MachineFit analysis={analysis} machines={post.supportedMachines} />
              <YourMachinesFit analysis={analysis} machines={post.viewerMachines} />
            </li>
          );
        })}
      </ul>
    </Section>
  );
}

/** The right column below the sticky header: description, tools and every details section. */
/**
 * What the author gave about the machine: the machine chosen in step 2 with its work area, and the
 * machine facts older posts carry. Empty when there is nothing (the section is then left out).
 */
export function machineFactsOf(post: PostDetail): [string, string | null][] {
  const machine = post.originalMachine;
  const area = machine?.workArea;
  const workArea = area ? `${area.xMm} × ${area.yMm}${area.zMm !== null ? ` × ${area.zMm}` : ""} mm` : null;
  return [
    ["Machine", machine ? `${machine.brandName} ${machine.modelName} ${machine.name}` : null],
    ["Work area", workArea],
    ["Built with", post.builtWith],
    ["Model", post.onefinityModel],
    ["Controller", post.onefinityController],
    ["Size", post.onefinitySize],
  ];
}

export function ProjectDetails({ post, slides, activeIndex, onJump }: CarouselLinkedProps) {
  const licence = post.licenceType ? findLicence(post.licenceType) : undefined;
  const machineFacts = machineFactsOf(post).filter(([, value]) => value !== null && value !== "");
  const isRotary = post.jobType === "Rotary";
  const size = post.jobSize;
  return (
    <div className="space-y-5">
      <p className="text-sm leading-relaxed whitespace-pre-line text-ink-muted">{post.description}</p>
      <ToolsTable post={post} slides={slides} activeIndex={activeIndex} onJump={onJump} />
      <Section title="Tool and Job Details">
        <Facts
          items={[
            ["Category", post.category?.name],
            ["Software used", post.softwareUsed],
            ["Material used", post.materialUsed],
            ["Job type", post.jobType],
            ["Units", post.units],
            [
              "Job size",
              isRotary
                ? size.diameter !== null && size.length !== null
                  ? `Ø ${size.diameter} × ${size.length}`
                  : null
                : size.height !== null && size.width !== null && size.thickness !== null
                  ? `${size.width} × ${size.height} × ${size.thickness}`
                  : null,
            ],
            ["Tool family", post.laserOrEndmill],
          ]}
        />
      </Section>
      <Section title="Job Settings">
        <Facts
          items={[
            ["Z zero position", post.zZeroPosition],
            ["XY datum position", post.xyDatumPosition],
            ["Tool setter", post.toolSetter],
            ["Probe for Z height", post.probeForZHeightCommand],
            ["Spindle speed", post.spindleSpeed !== null ? `${post.spindleSpeed} RPM` : null],
          ]}
        />
      </Section>
      {machineFacts.some(([, value]) => value !== null) ? (
        <Section title="CNC Machine Details">
          <Facts items={machineFacts} />
        </Section>
      ) : null}
      <Section title="Machine Created On">
        {post.originalMachine ? (
          <p className="text-sm font-medium text-ink">
            {post.originalMachine.brandName} {post.originalMachine.modelName} {post.originalMachine.name}
          </p>
        ) : (
          <p className="text-sm text-ink-subtle">Not provided</p>
        )}
      </Section>
      <Section title={`Supported Machines (${post.supportedMachines.length})`}>
        {post.supportedMachines.length ? (
          <ul className="grid gap-x-6 gap-y-1.5 text-sm sm:grid-cols-2">
            {post.supportedMachines.map((machine) => (
              <li key={machine._id} className="flex items-start gap-1.5 text-ink">
                <CheckIcon className="mt-0.5 size-4 shrink-0 text-brand-600" />
                {machine.link ? (
                  <a
                    href={machine.link}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="hover:text-brand-700 hover:underline"
                  >
                    {machineLabel(machine)}
                  </a>
                ) : (
                  machineLabel(machine)
                )}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-ink-subtle">None listed</p>
        )}
      </Section>
      <GcodeAnalysis post={post} />
      <Section title="License Details">
        {licence ? (
          <div className="flex gap-3">
            <Image src={licence.logo} alt="" width={88} height={31} className="h-8 w-auto shrink-0" />
            <div className="space-y-1 text-sm">
              <p className="font-semibold text-ink">{licence.label}</p>
              <p className="text-ink-muted">{licence.description}</p>
              <a
                href={licence.link}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex items-center gap-1 font-medium text-brand-700 hover:underline"
              >
                Read the licence
                <ExternalLinkIcon className="size-4" />
              </a>
            </div>
          </div>
        ) : (
          <p className="text-sm text-ink-subtle">Not provided</p>
        )}
      </Section>
      <Section title="# Hashtags">
        {post.tags.length ? (
          <ul className="flex flex-wrap gap-2">
            {post.tags.map((tag) => (
              <li key={tag._id}>
                <Badge tone="brand">#{tag.name}</Badge>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-ink-subtle">No hashtags</p>
        )}
      </Section>
    </div>
  );
}
