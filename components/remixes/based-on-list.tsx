import Link from "next/link";
import type { BasedOnEntry } from "@/lib/validation/posts";

/** "Based on": the projects this one remixes, as links with their authors; nothing when none. */
export function BasedOnList({ basedOn }: { basedOn: BasedOnEntry[] }) {
  if (basedOn.length === 0) return null;
  return (
    <section
      aria-labelledby="based-on-heading"
      className="rounded-xl border border-line bg-surface px-4 py-3"
    >
      <h2 id="based-on-heading" className="text-sm font-semibold text-ink">
        Based on
      </h2>
      <ul className="mt-1.5 flex flex-col gap-1 text-sm">
        {basedOn.map((original) => (
          <li key={original._id} className="min-w-0 truncate">
            <Link href={`/model/${original._id}`} className="font-medium text-brand-700 hover:underline">
              {original.title}
            </Link>
            <span className="text-ink-muted">
              {" by "}
              <Link href={`/${encodeURIComponent(original.user.username)}`} className="hover:underline">
                @{original.user.username}
              </Link>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
