"use client";

import { Button } from "@/components/ui/button";
import { TrashIcon } from "@/components/ui/icons";
import { TOOL_FLUTES } from "@/lib/catalogue/enums";
import type { PostEditorData } from "@/lib/validation/post-authoring";

type ToolRow = PostEditorData["toolData"][number];

/** The selected model's tools: #, Size, Tool Type, Tool Bit Type, Action (delete). */
export function ToolTable({
  fileName,
  rows,
  onDelete,
}: {
  fileName: string;
  rows: ToolRow[];
  onDelete: (row: ToolRow) => void;
}) {
  return (
    <div className="overflow-x-auto rounded-lg border border-line bg-surface">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Tools of {fileName}</caption>
        <thead className="bg-surface-muted text-ink-muted">
          <tr>
            <th scope="col" className="px-2 py-2 sm:px-3 font-medium">
              #
            </th>
            <th scope="col" className="px-2 py-2 sm:px-3 font-medium">
              Size
            </th>
            <th scope="col" className="px-2 py-2 sm:px-3 font-medium">
              Tool Type
            </th>
            <th scope="col" className="px-2 py-2 sm:px-3 font-medium">
              Tool Bit Type
            </th>
            <th scope="col" className="px-2 py-2 sm:px-3 font-medium">
              Flutes
            </th>
            <th scope="col" className="px-2 py-2 sm:px-3 font-medium">
              Action
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={6} className="px-2 py-4 sm:px-3 text-center text-ink-subtle">
                No tools for this model yet.
              </td>
            </tr>
          ) : (
            rows.map((tool, index) => (
              <tr
                key={`${tool.laserOrEndmill}-${tool.toolUsed ?? ""}-${index}`}
                className="border-t border-line"
              >
                <td className="px-2 py-2 sm:px-3">{index + 1}</td>
                <td className="px-2 py-2 sm:px-3">
                  {tool.toolUsed !== null && tool.toolUsed !== undefined
                    ? `${tool.toolUsed} ${tool.toolUnit ?? ""}`
                    : "-"}
                </td>
                <td className="px-2 py-2 sm:px-3">{tool.laserOrEndmill}</td>
                <td className="px-2 py-2 sm:px-3">{tool.toolType ?? "-"}</td>
                <td className="px-2 py-2 sm:px-3">
                  {tool.laserOrEndmill === "Laser" ? "-" : (tool.flutes ?? TOOL_FLUTES.default)}
                </td>
                <td className="px-1 py-1 sm:px-3">
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon-sm"
                    aria-label={`Delete tool ${index + 1}`}
                    onClick={() => onDelete(tool)}
                  >
                    <TrashIcon />
                  </Button>
                </td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
