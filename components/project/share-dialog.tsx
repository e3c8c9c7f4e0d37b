"use client";

import { useEffect, useState, useSyncExternalStore } from "react";
import { toast } from "@/components/ui/toast";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogTrigger } from "@/components/ui/dialog";
import { CheckIcon, ShareIcon } from "@/components/ui/icons";
import { Input } from "@/components/ui/input";

/** The spec's copied indicator. */
export const COPIED_MS = 2000;

const noSubscription = () => () => undefined;

/** Share: two social sites, the native share sheet when the browser has one, and copy. */
export function ShareDialog({ postId, title }: { postId: string; title: string }) {
  // Browser-only facts, read without a hydration mismatch (the server renders a relative URL).
  const origin = useSyncExternalStore(
    noSubscription,
    () => window.location.origin,
    () => "",
  );
  const canShare = useSyncExternalStore(
    noSubscription,
    () => typeof navigator.share === "function",
    () => false,
  );
  const url = `${origin}/model/${postId}`;
  const [isCopied, setCopied] = useState(false);

  useEffect(() => {
    if (!isCopied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [isCopied]);

  async function onCopy() {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
      toast.success("Copied URL to clipboard");
    } catch (error) {
      console.error(error);
    }
  }

  async function onNativeShare() {
    try {
      await navigator.share({ title, url });
    } catch (error) {
      // The spec: web share errors (including a dismissed sheet) are only logged.
      console.error(error);
    }
  }

  const encoded = encodeURIComponent(url);
  const targets = [
    { name: "Facebook", href: `https://www.facebook.com/sharer/sharer.php?u=${encoded}` },
    { name: "X", href: `https://x.com/intent/post?url=${encoded}&text=${encodeURIComponent(title)}` },
  ];

  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="secondary" size="sm">
          <ShareIcon />
          Share
        </Button>
      </DialogTrigger>
      <DialogContent title="Share this project" size="md">
        <div className="space-y-4">
          <div className="flex flex-wrap gap-2">
            {targets.map((target) => (
              <a
                key={target.name}
                href={target.href}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex h-10 items-center rounded-lg border border-line-strong px-4 text-sm font-medium hover:bg-surface-muted"
              >
                Share on {target.name}
              </a>
            ))}
            {canShare ? (
              <Button variant="secondary" onClick={() => void onNativeShare()}>
                <ShareIcon />
                More options
              </Button>
            ) : null}
          </div>
          <div className="flex gap-2">
            <Input
              readOnly
              value={url}
              aria-label="Project link"
              onFocus={(event) => event.target.select()}
            />
            <Button onClick={() => void onCopy()} className="w-28">
              {isCopied ? (
                <>
                  <CheckIcon />
                  Copied!
                </>
              ) : (
                "Copy"
              )}
            </Button>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
