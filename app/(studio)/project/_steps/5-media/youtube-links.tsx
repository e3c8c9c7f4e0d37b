"use client";

import { Button } from "@/components/ui/button";
import { PlusIcon, TrashIcon } from "@/components/ui/icons";
import { Input } from "@/components/ui/input";
import { GroupError } from "@/components/wizard/fields";
import { youtubeUrlSchema, youtubeVideoId } from "@/lib/validation/post-authoring";

/** Which rows break the YouTube rules: not a video link, or the same video as an earlier row. */
function invalidRows(urls: readonly string[]): boolean[] {
  const seen = new Set<string>();
  return urls.map((url) => {
    if (url.trim() === "") return false;
    if (!youtubeUrlSchema.safeParse(url).success) return true;
    const id = youtubeVideoId(url) ?? "";
    const isDuplicate = seen.has(id);
    seen.add(id);
    return isDuplicate;
  });
}

/** YouTube links, one per row; blank rows are ignored (spec §5 "YouTube URLs"). */
export function YoutubeLinks({
  urls,
  onChange,
  error,
}: {
  urls: string[];
  onChange: (urls: string[]) => void;
  error?: string;
}) {
  const rows = urls.length > 0 ? urls : [""];
  const invalid = error ? invalidRows(rows) : rows.map(() => false);
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={error ? "youtube-error" : "youtube-hint"}>
      <legend className="text-sm font-medium text-ink">YouTube links</legend>
      <p id="youtube-hint" className="text-xs text-ink-muted">
        Videos and shorts on youtube.com or youtu.be; optional.
      </p>
      {rows.map((url, index) => (
        <div key={index} className="flex gap-2">
          <Input
            id={index === 0 ? "youtube" : undefined}
            type="url"
            inputMode="url"
            aria-label={`YouTube link ${index + 1}`}
            placeholder="https://www.youtube.com/watch?v=..."
            value={url}
            invalid={invalid[index]}
            onChange={(event) =>
              onChange(rows.map((value, at) => (at === index ? event.target.value : value)))
            }
          />
          <Button
            type="button"
            variant="ghost"
            size="icon"
            aria-label={`Remove YouTube link ${index + 1}`}
            disabled={rows.length === 1 && url === ""}
            onClick={() => onChange(rows.filter((_, at) => at !== index))}
          >
            <TrashIcon />
          </Button>
        </div>
      ))}
      <div>
        <Button type="button" variant="secondary" size="sm" onClick={() => onChange([...rows, ""])}>
          <PlusIcon />
          Add another link
        </Button>
      </div>
      <GroupError id="youtube-error">{error}</GroupError>
    </fieldset>
  );
}
