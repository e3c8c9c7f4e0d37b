import "server-only";
import { sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { postRemixes, posts, users } from "@/lib/db/schema";
import { linkedPostShownWhere } from "../remix-access";

// Aliases, joined as `${posts} ${linked}`: the outer statement's `posts` is the page's post.
const linked = alias(posts, "linked_post");
const linkedAuthor = alias(users, "linked_author");

export interface BasedOnRow {
  id: string;
  title: string;
  userId: string;
  username: string;
}

/**
 * The project page's remix columns, as subqueries on `posts` in its one statement
 * (load-post-detail.ts): the based-on projects the reader is shown, oldest link first, and the
 * number of remixes shown to them. Both read post_remixes by its keys.
 */
export function remixDetailColumns(readerId: string | null) {
  return {
    basedOnList: sql<BasedOnRow[]>`coalesce((select json_agg(json_build_object('id', ${linked.id},
        'title', ${linked.title}, 'userId', ${linkedAuthor.id}, 'username', ${linkedAuthor.username})
        order by ${postRemixes.createdAt}, ${linked.title}, ${linked.id})
      from ${postRemixes} join ${posts} ${linked} on ${linked.id} = ${postRemixes.basedOnPostId}
      join ${users} ${linkedAuthor} on ${linkedAuthor.id} = ${linked.userId}
      where ${postRemixes.postId} = ${posts.id} and ${linkedPostShownWhere(linked, readerId)}), '[]'::json)`,
    remixCount: sql<number>`(select count(*)::int from ${postRemixes}
      join ${posts} ${linked} on ${linked.id} = ${postRemixes.postId}
      where ${postRemixes.basedOnPostId} = ${posts.id} and ${linkedPostShownWhere(linked, readerId)})`,
  };
}
