"use client";

import { useId, useState } from "react";
import { useSession } from "@/components/auth/session-provider";
import { Button } from "@/components/ui/button";
import { PlusIcon } from "@/components/ui/icons";
import { CONTROLLER_KIND_LABELS } from "@/lib/send-to-machine/controllers";
import { sendableModels } from "@/lib/send-to-machine/sendable-models";
import type { PostDetail } from "@/lib/validation/posts";
import { ControllersManager, machineLabel } from "./controllers-manager";
import { DirectSend } from "./direct-send";
import { OnefinityPullPanel } from "./onefinity-pull-panel";
import { useControllers } from "./use-controllers";

// The dialog's views, loaded at its first opening (send-to-machine-dialog.tsx).

export function ManageView({ onDone }: { onDone: () => void }) {
  const { user } = useSession();
  return <ControllersManager machines={user?.ownedMachines ?? []} onDone={onDone} />;
}

export function SendView({
  post,
  initialAttachmentId,
  onManage,
}: {
  post: PostDetail;
  initialAttachmentId?: string;
  onManage: () => void;
}) {
  const { user } = useSession();
  const machines = user?.ownedMachines ?? [];
  const { controllers } = useControllers();
  const models = sendableModels(post.attachments);
  const [modelId, setModelId] = useState(initialAttachmentId ?? models[0]?._id ?? "");
  const [controllerId, setControllerId] = useState<string | null>(null);
  const ids = { files: useId(), controllers: useId() };
  const model = models.find((candidate) => candidate._id === modelId) ?? models[0];
  const controller = controllers.find((candidate) => candidate.id === controllerId) ?? controllers[0];

  if (!model) return <p className="text-sm text-ink-muted">This project has no G-code file to send.</p>;

  return (
    <div className="space-y-5">
      {models.length > 1 ? (
        <fieldset className="space-y-1.5">
          <legend id={ids.files} className="mb-1 text-sm font-medium text-ink">
            File
          </legend>
          {models.map((candidate) => (
            <label key={candidate._id} className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name={ids.files}
                value={candidate._id}
                checked={candidate._id === model._id}
                onChange={() => setModelId(candidate._id)}
              />
              <span className="truncate">{candidate.fileName}</span>
            </label>
          ))}
        </fieldset>
      ) : (
        <p className="truncate text-sm">
          <span className="font-medium text-ink">File:</span> {model.fileName}
        </p>
      )}

      {controllers.length === 0 || !controller ? (
        <div className="space-y-3 rounded-xl border border-dashed border-line-strong p-4 text-sm">
          <p className="text-ink">No controllers in this browser yet.</p>
          <p className="text-ink-muted">
            Add gSender, a Buildbotics or a Onefinity controller by its address on your network. It is kept in
            this browser only.
          </p>
          <Button onClick={onManage}>
            <PlusIcon />
            Add a controller
          </Button>
        </div>
      ) : (
        <>
          <fieldset className="space-y-1.5">
            <div className="mb-1 flex items-center justify-between gap-2">
              <legend id={ids.controllers} className="text-sm font-medium text-ink">
                Controller
              </legend>
              <Button variant="ghost" size="sm" onClick={onManage}>
                Manage controllers
              </Button>
            </div>
            {controllers.map((candidate) => {
              const linked = machineLabel(machines, candidate.machineId);
              return (
                <label
                  key={candidate.id}
                  className="flex items-start gap-2 rounded-lg border border-line px-3 py-2 text-sm has-[:checked]:border-brand-600"
                >
                  <input
                    type="radio"
                    className="mt-1"
                    name={ids.controllers}
                    value={candidate.id}
                    checked={candidate.id === controller.id}
                    onChange={() => setControllerId(candidate.id)}
                  />
                  <span className="min-w-0">
                    <span className="block truncate font-medium text-ink">{candidate.name}</span>
                    <span className="block truncate text-xs text-ink-muted">
                      {CONTROLLER_KIND_LABELS[candidate.kind]} · {candidate.address}
                      {linked ? ` · ${linked}` : ""}
                    </span>
                  </span>
                </label>
              );
            })}
          </fieldset>
          {controller.kind === "onefinity" ? (
            <OnefinityPullPanel
              key={`${controller.id}-${model._id}`}
              controller={controller}
              postId={post._id}
              file={model}
            />
          ) : (
            <DirectSend key={`${controller.id}-${model._id}`} controller={controller} file={model} />
          )}
        </>
      )}
    </div>
  );
}
