"use client";

import { type ReactNode, useState } from "react";
import { toast } from "@/components/ui/toast";
import { Button } from "@/components/ui/button";
import { TrashIcon } from "@/components/ui/icons";
import { Spinner } from "@/components/ui/spinner";
import { callEndpoint } from "@/lib/api-client/call-endpoint";
import { formatBytes } from "@/lib/utils/format";
import { deleteAttachmentEndpoint } from "@/lib/validation/attachments";
import type { PostAttachment } from "@/lib/validation/posts";

/** Files already stored with the post; deleting one calls the server, with a spinner meanwhile. */
export function UploadedFiles({
  files,
  label,
  onDeleted,
  renderExtra,
}: {
  files: PostAttachment[];
  label: string;
  onDeleted: () => Promise<unknown>;
  renderExtra?: (file: PostAttachment) => ReactNode;
}) {
  const [deleting, setDeleting] = useState<string | null>(null);
  if (files.length === 0) return null;

  async function remove(file: PostAttachment) {
    setDeleting(file._id);
    try {
      await callEndpoint(deleteAttachmentEndpoint, { params: { attachmentId: file._id } });
      await onDeleted();
    } catch (error) {
      toast.error(`Could not delete ${file.fileName}`, {
        description: error instanceof Error ? error.message : undefined,
      });
    } finally {
      setDeleting(null);
    }
  }

  return (
    <ul className="flex flex-col gap-2" aria-label={label}>
      {files.map((file) => (
        <li key={file._id} className="rounded-lg border border-line bg-surface-muted/40 px-3 py-2 text-sm">
          <div className="flex items-center gap-3">
            <span className="min-w-0 flex-1 truncate font-medium text-ink">{file.fileName}</span>
            {file.fileSize ? (
              <span className="shrink-0 text-xs text-ink-subtle">{formatBytes(file.fileSize)}</span>
            ) : null}
            <Button
              type="button"
              variant="ghost"
              size="icon-sm"
              aria-label={`Delete ${file.fileName}`}
              disabled={deleting !== null}
              onClick={() => void remove(file)}
            >
              {deleting === file._id ? (
                <Spinner size="sm" label={`Deleting ${file.fileName}`} />
              ) : (
                <TrashIcon />
              )}
            </Button>
          </div>
          {renderExtra?.(file)}
        </li>
      ))}
    </ul>
  );
}
