import "server-only";
import { sql } from "drizzle-orm";
import { db } from "@/lib/db/client";
import { posts, users } from "@/lib/db/schema";
import { listedPostsWhere } from "@/lib/services/posts/post-access";
import type { SitemapCounts } from "./sitemap-files";

/**
 * The rows behind the sitemaps: listed projects (listedPostsWhere, the listing's rule, so drafts,
 * posts pending review, rejected ones (back in draft) and unlisted ones never appear) and the
 * profiles of their authors. Times come out as W3C datetimes in UTC, formatted by PostgreSQL so
 * no microseconds are lost or rounded on the way.
 */
const W3C_UTC = `'YYYY-MM-DD"T"HH24:MI:SS"Z"'`;

export async function countSitemapEntries(): Promise<SitemapCounts> {
  const { rows } = await db().execute<{ projects: number; profiles: number }>(sql`
    select count(*)::int as projects, count(distinct ${posts.userId})::int as profiles
    from ${posts} where ${listedPostsWhere}`);
  return { projects: rows[0]?.projects ?? 0, profiles: rows[0]?.profiles ?? 0 };
}

export type SitemapProjectRow = {
  id: string;
  lastmod: string;
};

/**
 * One file's listed projects, oldest first (created_at, id), so new projects fill the last file
 * and earlier files stay as they were. The page's first key is found by skipping through the
 * index alone (posts_visibility_created_idx, read backwards), then the page is a range of it.
 */
export async function listSitemapProjects(page: number, pageSize: number): Promise<SitemapProjectRow[]> {
  const { rows } = await db().execute<SitemapProjectRow>(sql`
    with first_key as (
      select ${posts.createdAt} as created_at, ${posts.id} as id from ${posts}
      where ${listedPostsWhere}
      order by ${posts.createdAt}, ${posts.id}
      offset ${(page - 1) * pageSize} limit 1
    )
    select ${posts.id} as id,
      to_char(${posts.updatedAt} at time zone 'UTC', ${sql.raw(W3C_UTC)}) as lastmod
    from first_key join ${posts}
      on (${posts.createdAt}, ${posts.id}) >= (first_key.created_at, first_key.id)
    where ${listedPostsWhere}
    order by ${posts.createdAt}, ${posts.id}
    limit ${pageSize}`);
  return rows;
}

export type SitemapProfileRow = {
  username: string;
  lastmod: string;
};

/**
 * One file's profiles: every author of at least one listed project (a profile without one has
 * nothing to find), in the order of their ids. A profile changes when the account or one of its
 * listed projects does.
 */
export async function listSitemapProfiles(page: number, pageSize: number): Promise<SitemapProfileRow[]> {
  const { rows } = await db().execute<SitemapProfileRow>(sql`
    select ${users.username} as username,
      to_char(greatest(max(${posts.updatedAt}), ${users.updatedAt}) at time zone 'UTC', ${sql.raw(W3C_UTC)})
        as lastmod
    from ${posts} join ${users} on ${users.id} = ${posts.userId}
    where ${listedPostsWhere}
    group by ${users.id}
    order by ${users.id}
    offset ${(page - 1) * pageSize} limit ${pageSize}`);
  return rows;
}
