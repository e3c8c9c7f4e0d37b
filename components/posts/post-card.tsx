import Link from "next/link";
import { Avatar } from "@/components/ui/avatar";
import { DownloadIcon, HeartIcon, StarIcon } from "@/components/ui/icons";
import type { PostSummary } from "@/lib/validation/posts";
import { relativeTime } from "@/lib/utils/relative-time";
import { VisibilityBadge } from "./visibility-badge";

/** A project in a listing. The interactive parts (like, bookmark, actions) come with discovery. */
export function PostCard({ post }: { post: PostSummary }) {
  return (
    <article className="group flex w-full flex-col overflow-hidden rounded-2xl border border-line bg-surface shadow-sm transition hover:shadow-md">
      <div className="flex items-center gap-2 px-4 pt-4">
        <Avatar src={post.user.profilePicture} name={post.user.username} alt="" size="sm" />
        <div className="min-w-0 text-sm">
          <Link
            href={`/${post.user.username}`}
            prefetch={false}
            className="font-medium text-ink hover:underline"
          >
            @{post.user.username}
          </Link>
          <p className="text-xs text-ink-subtle">
            <time dateTime={post.createdAt}>{relativeTime(post.createdAt)}</time>
          </p>
        </div>
        <div className="ml-auto">
          <VisibilityBadge visibility={post.visibility} />
        </div>
      </div>
      <Link href={`/model/${post._id}`} className="mt-3 block">
        <div className="aspect-[4/3] bg-surface-muted">
          {post.thumbnail ? (
            // eslint-disable-next-line @next/next/no-img-element -- signed storage URLs change per request
            <img src={post.thumbnail} alt="" loading="lazy" className="size-full object-cover" />
          ) : null}
        </div>
        <div className="space-y-1 px-4 pt-3">
          <h3 className="line-clamp-1 font-semibold text-ink group-hover:text-brand-700">{post.title}</h3>
          {post.category ? <p className="text-xs font-medium text-brand-700">{post.category.name}</p> : null}
          <p className="line-clamp-2 text-sm text-ink-muted">{post.description}</p>
        </div>
      </Link>
      <div className="mt-auto flex items-center gap-4 px-4 pt-3 pb-4 text-sm text-ink-muted">
        <span className="inline-flex items-center gap-1" aria-label={`${post.likes} likes`}>
          <HeartIcon className="size-4" /> {post.likes}
        </span>
        <span
          className="inline-flex items-center gap-1"
          aria-label={`Average rating ${post.averageTotalRating}`}
        >
          <StarIcon className="size-4" />{" "}
          {post.averageTotalRating > 0 ? post.averageTotalRating.toFixed(1) : "–"}
        </span>
        <span
          className="ml-auto inline-flex items-center gap-1"
          aria-label={`${post.downloadAverage} downloads on average`}
        >
          <DownloadIcon className="size-4" /> {post.downloadAverage}
        </span>
      </div>
    </article>
  );
}
