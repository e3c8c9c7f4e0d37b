import { cn } from "@/lib/utils/cn";

export type AvatarSize = "sm" | "md" | "lg" | "xl";

const sizePixels: Record<AvatarSize, number> = { sm: 28, md: 36, lg: 56, xl: 96 };
const sizeClasses: Record<AvatarSize, string> = {
  sm: "size-7 text-xs",
  md: "size-9 text-sm",
  lg: "size-14 text-lg",
  xl: "size-24 text-3xl",
};

export type AvatarProps = {
  src: string | null | undefined;
  /** Used for the initials fallback and, when `alt` is not given, the image's alternative text. */
  name: string;
  /** Pass "" when the name is already shown next to the avatar. */
  alt?: string;
  size?: AvatarSize;
  className?: string;
};

function initialsOf(name: string): string {
  const parts = name
    .trim()
    .split(/[\s_.-]+/)
    .filter(Boolean);
  const letters = parts.length > 1 ? [parts[0]?.[0], parts[1]?.[0]] : [name.trim()[0]];
  return letters.filter(Boolean).join("").toUpperCase() || "?";
}

export function Avatar({ src, name, alt, size = "md", className }: AvatarProps) {
  const classes = cn(
    "inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-brand-100 font-semibold text-brand-800 ring-1 ring-line",
    sizeClasses[size],
    className,
  );
  if (src) {
    const pixels = sizePixels[size];
    return (
      <span className={classes}>
        {/*
          A plain img: uploaded pictures come from storage hosts the image optimizer is not set up
          for, and next/image without optimizing adds about 6 kB of script to every first load.
        */}
        {/* eslint-disable-next-line @next/next/no-img-element -- see above */}
        <img
          src={src}
          alt={alt ?? name}
          width={pixels}
          height={pixels}
          loading="lazy"
          decoding="async"
          className="size-full object-cover"
        />
      </span>
    );
  }
  return (
    <span
      className={classes}
      role={alt === "" ? undefined : "img"}
      aria-label={alt === "" ? undefined : (alt ?? name)}
      aria-hidden={alt === "" || undefined}
    >
      {initialsOf(name)}
    </span>
  );
}
