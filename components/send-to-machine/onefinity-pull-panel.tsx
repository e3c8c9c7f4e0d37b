"use client";

import { useState } from "react";
import { toast } from "@/components/ui/toast";
import { Button } from "@/components/ui/button";
import { ExternalLinkIcon, KeyIcon } from "@/components/ui/icons";
import { Input, Textarea } from "@/components/ui/input";
import { createSendLink } from "@/lib/api-client/project";
import type { Controller } from "@/lib/send-to-machine/controllers";
import { onefinityBookmarklet, onefinityConsoleSnippet } from "@/lib/send-to-machine/onefinity-pull";
import type { SendLink } from "@/lib/validation/send-to-machine";

async function copy(text: string, what: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(`Copied the ${what}`);
  } catch (error) {
    console.error(error);
    toast.error(`Could not copy the ${what}: select it and copy it yourself.`);
  }
}

const timeOf = (iso: string) => new Date(iso).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });

/**
 * Onefinity: the controller's own page pulls the file. This page makes a 10-minute send link; a
 * bookmarklet (or a console snippet) run on the controller's page fetches it and uploads it there.
 */
export function OnefinityPullPanel({
  controller,
  postId,
  file,
}: {
  controller: Controller;
  postId: string;
  file: { _id: string; fileName: string };
}) {
  const [link, setLink] = useState<SendLink | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isMaking, setMaking] = useState(false);
  const bookmarklet = onefinityBookmarklet();

  async function onMakeLink() {
    setMaking(true);
    setError(null);
    try {
      setLink(await createSendLink(postId, file._id));
    } catch (cause) {
      setError(cause instanceof Error ? cause.message : "The send link could not be made. Please try again.");
    } finally {
      setMaking(false);
    }
  }

  return (
    <ol className="list-decimal space-y-4 pl-5 text-sm text-ink">
      <li className="space-y-2">
        <p>Once: drag this button to your bookmarks bar (or copy it into a new bookmark&apos;s address).</p>
        <div className="flex flex-wrap gap-2">
          <a
            // React refuses javascript: URLs in props; the bookmarklet is set on the element itself.
            ref={(node) => node?.setAttribute("href", bookmarklet)}
            onClick={(event) => {
              event.preventDefault();
              toast.warning("Drag it to your bookmarks bar, then use it on the controller's page.");
            }}
            className="inline-flex h-8 items-center rounded-lg border border-dashed border-brand-600 px-3 font-medium text-brand-800"
            data-testid="onefinity-bookmarklet"
          >
            Send to Onefinity
          </a>
          <Button variant="ghost" size="sm" onClick={() => void copy(bookmarklet, "bookmarklet")}>
            Copy bookmarklet
          </Button>
        </div>
      </li>
      <li className="space-y-2">
        <p>Make a send link for {file.fileName}. It works for 10 minutes, for this file only.</p>
        <Button variant="secondary" size="sm" onClick={() => void onMakeLink()} isLoading={isMaking}>
          <KeyIcon />
          {link ? "Make a new send link" : "Make a send link"}
        </Button>
        {error ? (
          <p role="alert" className="text-sm font-medium text-red-700">
            {error}
          </p>
        ) : null}
        {link ? (
          <div className="space-y-1">
            <div className="flex gap-2">
              <Input
                readOnly
                value={link.url}
                aria-label="Send link"
                onFocus={(event) => event.target.select()}
              />
              <Button onClick={() => void copy(link.url, "send link")}>Copy</Button>
            </div>
            <p className="text-xs text-ink-muted" role="status">
              Works until {timeOf(link.expiresAt)}.
            </p>
          </div>
        ) : null}
      </li>
      <li className="space-y-2">
        <p>
          Open your controller&apos;s page, click the bookmark and paste the link. The file is uploaded and
          selected; nothing starts until you start it on the controller.
        </p>
        <a
          href={controller.address}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex items-center gap-1 font-medium text-brand-700 hover:underline"
        >
          Open {controller.name}
          <ExternalLinkIcon className="size-4" />
        </a>
        {link ? (
          <details className="rounded-lg border border-line px-3 py-2">
            <summary className="cursor-pointer font-medium">
              No bookmarks? Paste a snippet into its console
            </summary>
            <p className="mt-2 text-ink-muted">
              On the controller&apos;s page, open the developer console (F12), paste this once and press
              Enter. It carries this send link.
            </p>
            <Textarea
              readOnly
              rows={5}
              value={onefinityConsoleSnippet(link.url)}
              aria-label="Console snippet"
              className="mt-2 font-mono text-xs"
            />
            <Button
              variant="ghost"
              size="sm"
              className="mt-1"
              onClick={() => void copy(onefinityConsoleSnippet(link.url), "snippet")}
            >
              Copy snippet
            </Button>
          </details>
        ) : null}
      </li>
    </ol>
  );
}
