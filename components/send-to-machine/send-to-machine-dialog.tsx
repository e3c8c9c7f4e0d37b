"use client";

import dynamic from "next/dynamic";
import { type ReactElement, useState } from "react";
import { Dialog, DialogContent, DialogTrigger } from "@/components/ui/dialog";
import type { PostDetail } from "@/lib/validation/posts";

// The views (the controller list in localStorage, the forms, the senders) load at the dialog's
// first opening: the project page shows the trigger to every visitor, few of whom send.
const ManageView = dynamic(() => import("./send-to-machine-views").then((module) => module.ManageView));
const SendView = dynamic(() => import("./send-to-machine-views").then((module) => module.SendView));

/**
 * "Send to my machine" (docs/send-to-machine.md): pick a G-code model and one of the controllers
 * kept in this browser; gSender and Buildbotics get the file from this page, a Onefinity pulls it.
 * Upload only: nothing here starts, runs or moves a machine.
 */
export function SendToMachineDialog({
  post,
  attachmentId,
  trigger,
}: {
  post: PostDetail;
  attachmentId?: string;
  trigger: ReactElement;
}) {
  const [view, setView] = useState<"send" | "manage">("send");
  return (
    <Dialog onOpenChange={(open) => (open ? setView("send") : undefined)}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent
        title={view === "manage" ? "Your controllers" : "Send to my machine"}
        description={
          view === "manage"
            ? "Controllers on your network that this browser can send files to."
            : "Upload a G-code file to a controller on your network. Nothing starts: you start the job on the machine."
        }
        size="lg"
      >
        {view === "manage" ? (
          <ManageView onDone={() => setView("send")} />
        ) : (
          <SendView post={post} initialAttachmentId={attachmentId} onManage={() => setView("manage")} />
        )}
      </DialogContent>
    </Dialog>
  );
}
