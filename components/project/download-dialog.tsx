"use client";

import { useState } from "react";
import { toast } from "@/components/ui/toast";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogTrigger } from "@/components/ui/dialog";
import { DownloadIcon, UploadIcon } from "@/components/ui/icons";
import { SendToMachineDialog } from "@/components/send-to-machine/send-to-machine-dialog";
import { Spinner } from "@/components/ui/spinner";
import { Table, TableCell, type TableColumn } from "@/components/ui/table";
import { getPreSignedUrl, saveFromUrl } from "@/lib/api-client/project";
import { sendableModels } from "@/lib/send-to-machine/sendable-models";
import type { PostAttachment, PostDetail } from "@/lib/validation/posts";
import { downloadableFiles } from "./slides";

async function downloadAttachment(attachmentId: string, fileName: string): Promise<void> {
  let signedURL: string;
  try {
    ({ signedURL } = await getPreSignedUrl(attachmentId));
  } catch (cause) {
    throw new Error("Failed to fetch pre-signed URL", { cause });
  }
  await saveFromUrl(signedURL, fileName);
}

/** A long name is cut in its middle so that the extension (what tells two files apart) stays. */
function FileName({ name }: { name: string }) {
  const dot = name.lastIndexOf(".");
  if (dot <= 0) return <span className="block truncate">{name}</span>;
  return (
    <span className="flex min-w-0">
      <span className="truncate">{name.slice(0, dot)}</span>
      <span className="shrink-0">{name.slice(dot)}</span>
    </span>
  );
}

const DOWNLOAD_COLUMNS: readonly TableColumn[] = [
  { label: "File" },
  { label: "Size", className: "w-24" },
  { label: "Action", isLabelHidden: true, className: "w-24 text-right" },
];

function formatSize(bytes: number | null): string {
  if (bytes === null) return "";
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** The Download button (with the download average badge) and its dialog of files. */
export function DownloadDialog({ post, onRefetch }: { post: PostDetail; onRefetch: () => void }) {
  const files = downloadableFiles(post.attachments);
  const zip = post.attachments.find((attachment) => attachment._id === post.zipId);
  const sendable = new Set(sendableModels(post.attachments).map((file) => file._id));
  const [busy, setBusy] = useState<Set<string>>(new Set());
  const [isAllBusy, setAllBusy] = useState(false);

  const mark = (id: string, isBusy: boolean) =>
    setBusy((current) => {
      const next = new Set(current);
      if (isBusy) next.add(id);
      else next.delete(id);
      return next;
    });

  async function onDownload(file: PostAttachment) {
    mark(file._id, true);
    try {
      await downloadAttachment(file._id, file.fileName);
    } catch (error) {
      console.error(error);
      toast.error("Failed to download file, please try again later.");
    } finally {
      mark(file._id, false);
    }
  }

  async function onDownloadAll() {
    if (!post.zipId) {
      toast.error("Download all is currently unavailable", { description: "Please try again later." });
      onRefetch();
      return;
    }
    setAllBusy(true);
    try {
      await downloadAttachment(post.zipId, zip?.fileName ?? `${post.title}.zip`);
    } catch (error) {
      console.error(error);
      toast.error("Failed to download files, please try again later.");
    } finally {
      setAllBusy(false);
    }
  }

  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button
          variant="secondary"
          size="sm"
          aria-label={`Download (average ${post.downloadAverage} downloads per file)`}
        >
          <DownloadIcon />
          Download
          <span className="rounded-full bg-brand-50 px-1.5 text-xs font-semibold text-brand-800 tabular-nums">
            {post.downloadAverage}
          </span>
        </Button>
      </DialogTrigger>
      <DialogContent
        title="Download"
        description="Download the project's files one by one or all at once."
        size="lg"
      >
        <Table
          columns={DOWNLOAD_COLUMNS}
          frameClassName="h-[400px] overflow-y-auto"
          className="table-fixed"
          isHeaderSticky
        >
          {files.map((file) => (
            <tr key={file._id}>
              <TableCell className="font-medium text-ink" title={file.fileName}>
                <FileName name={file.fileName} />
              </TableCell>
              <TableCell className="whitespace-nowrap text-ink-muted tabular-nums">
                {formatSize(file.fileSize)}
              </TableCell>
              <TableCell className="text-right whitespace-nowrap">
                {sendable.has(file._id) ? (
                  <SendToMachineDialog
                    post={post}
                    attachmentId={file._id}
                    trigger={
                      <Button
                        variant="ghost"
                        size="icon-sm"
                        aria-label={`Send ${file.fileName} to my machine`}
                      >
                        <UploadIcon />
                      </Button>
                    }
                  />
                ) : null}
                <Button
                  variant="ghost"
                  size="icon-sm"
                  aria-label={`Download ${file.fileName}`}
                  disabled={busy.has(file._id)}
                  onClick={() => void onDownload(file)}
                >
                  {busy.has(file._id) ? (
                    <Spinner size="sm" label={`Downloading ${file.fileName}`} />
                  ) : (
                    <DownloadIcon />
                  )}
                </Button>
              </TableCell>
            </tr>
          ))}
        </Table>
        <div className="mt-4 flex justify-end">
          <Button onClick={() => void onDownloadAll()} isLoading={isAllBusy}>
            <DownloadIcon />
            Download All
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
