import { Badge, type BadgeTone } from "@/components/ui/badge";
import { visibilityBadgeLabel } from "@/lib/catalogue/enums";

const TONES: Record<string, BadgeTone> = {
  public: "green",
  private: "amber",
  unlisted: "blue",
  draft: "neutral",
};

/** 'Public', 'Pending for Review', 'Unlisted', 'Draft' or 'Unknown', each in its own colour. */
export function VisibilityBadge({ visibility, className }: { visibility: string; className?: string }) {
  return (
    <Badge tone={TONES[visibility] ?? "red"} size="sm" className={className}>
      {visibilityBadgeLabel(visibility)}
    </Badge>
  );
}
