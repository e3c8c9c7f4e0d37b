import { format } from "date-fns";
import type { BadgeTone } from "@/components/ui/badge";
import type { DownloadLogResourceType } from "@/lib/catalogue/enums";

/** Spec §9: 'MMM dd, yyyy HH:mm'; a value that is not a date reads 'Invalid date'. */
export const DOWNLOAD_DATE_FORMAT = "MMM dd, yyyy HH:mm";
export const INVALID_DATE = "Invalid date";

export function formatDownloadDate(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === "") return INVALID_DATE;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? INVALID_DATE : format(date, DOWNLOAD_DATE_FORMAT);
}

/** Spec §9 badge colours: model blue, file green, image purple, document orange. */
export const RESOURCE_BADGE_TONES: Record<DownloadLogResourceType, BadgeTone> = {
  model: "blue",
  file: "green",
  image: "purple",
  document: "orange",
};
