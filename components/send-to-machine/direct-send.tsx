"use client";

import { useState, useSyncExternalStore } from "react";
import { Button } from "@/components/ui/button";
import { AlertIcon, CheckIcon, DownloadIcon, InfoIcon, UploadIcon } from "@/components/ui/icons";
import { fetchAttachmentBytes, getPreSignedUrl, saveFromUrl } from "@/lib/api-client/project";
import type { Controller } from "@/lib/send-to-machine/controllers";
import { type SendOutcome, sendToController } from "@/lib/send-to-machine/upload";

const noSubscription = () => () => undefined;

type State =
  { step: "idle" } | { step: "sending" } | { step: "done"; result: SendOutcome } | { step: "no-file" };

/** gSender and Buildbotics: the page uploads the file itself and says plainly what happened. */
export function DirectSend({
  controller,
  file,
}: {
  controller: Controller;
  file: { _id: string; fileName: string };
}) {
  const [state, setState] = useState<State>({ step: "idle" });
  const [isDownloading, setDownloading] = useState(false);
  const origin = useSyncExternalStore(
    noSubscription,
    () => window.location.origin,
    () => "",
  );

  async function onSend() {
    setState({ step: "sending" });
    let bytes: Blob;
    try {
      bytes = await fetchAttachmentBytes(file._id);
    } catch (error) {
      console.error(error);
      setState({ step: "no-file" });
      return;
    }
    setState({ step: "done", result: await sendToController(controller, { name: file.fileName, bytes }) });
  }

  async function onDownload() {
    setDownloading(true);
    try {
      const { signedURL } = await getPreSignedUrl(file._id);
      await saveFromUrl(signedURL, file.fileName);
    } catch (error) {
      console.error(error);
    } finally {
      setDownloading(false);
    }
  }

  return (
    <div className="space-y-3">
      <ul className="space-y-1.5 text-sm text-ink-muted">
        {controller.kind === "gsender" ? (
          <li className="flex gap-2">
            <InfoIcon className="mt-0.5 size-4 shrink-0" />
            <span>
              In gSender, turn on Remote Mode (port 8000) and connect to your machine. The file is loaded into
              gSender; it never starts.
            </span>
          </li>
        ) : (
          <li className="flex gap-2">
            <InfoIcon className="mt-0.5 size-4 shrink-0" />
            <span>
              Once, on the Buildbotics controller: in Settings, Network, add{" "}
              <code className="break-all">{origin}</code> to the allowed origins (
              <code>network.cors-origins</code>). The file is added to its files; it never starts.
            </span>
          </li>
        )}
        <li className="flex gap-2">
          <InfoIcon className="mt-0.5 size-4 shrink-0" />
          <span>
            Chrome asks once to let this site reach devices on your local network: choose Allow. Firefox and
            Safari block such calls from a secure page: send from Chrome, or download the file.
          </span>
        </li>
      </ul>
      <Button onClick={() => void onSend()} isLoading={state.step === "sending"} className="w-full sm:w-auto">
        <UploadIcon />
        Send to {controller.name}
      </Button>
      {state.step === "no-file" ? (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900">
          The file could not be fetched from this site. Please try again later.
        </p>
      ) : null}
      {state.step === "done" ? (
        <Outcome
          result={state.result}
          controller={controller}
          fileName={file.fileName}
          onDownload={() => void onDownload()}
          isDownloading={isDownloading}
        />
      ) : null}
    </div>
  );
}

function Outcome({
  result,
  controller,
  fileName,
  onDownload,
  isDownloading,
}: {
  result: SendOutcome;
  controller: Controller;
  fileName: string;
  onDownload: () => void;
  isDownloading: boolean;
}) {
  if (result.outcome === "sent") {
    return (
      <p
        role="status"
        className="flex gap-2 rounded-lg border border-green-300 bg-green-50 px-3 py-2 text-sm text-green-900"
      >
        <CheckIcon className="mt-0.5 size-4 shrink-0" />
        <span>
          Sent {fileName} to {controller.name}. It is loaded, not started: check it and start it on the
          machine.
        </span>
      </p>
    );
  }
  if (result.outcome === "refused") {
    return (
      <p
        role="alert"
        className="flex gap-2 rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900"
      >
        <AlertIcon className="mt-0.5 size-4 shrink-0" />
        <span className="break-words">
          {controller.name} refused the file: {result.status}
          {result.text ? ` ${result.text}` : ""}
        </span>
      </p>
    );
  }
  return (
    <div
      role="alert"
      className="space-y-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900"
    >
      <p className="flex gap-2 font-medium">
        <AlertIcon className="mt-0.5 size-4 shrink-0" />
        The browser blocked the call to {controller.name} ({controller.address}).
      </p>
      <p>
        The controller may not allow this site (for Buildbotics, its allowed origins), the local network
        permission may have been declined, this browser may not let a secure page reach a local address, or
        the controller is off or at another address.
      </p>
      <Button variant="secondary" size="sm" onClick={onDownload} isLoading={isDownloading}>
        <DownloadIcon />
        Download {fileName} instead
      </Button>
    </div>
  );
}
