// npm run seed:large -- --posts 100000
// A large data set for performance work: the demo community, then bulk makers, posts, tags, tools,
// likes, bookmarks, comments and makes generated inside the database in batches. Bulk posts carry
// no stored files (their attachment rows point at keys that do not exist), so only their listing,
// search and filter behaviour is meaningful.
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { createDatabase } from "@/lib/db/create";
import { seedDemoData } from "./seed/run";
import { loadDotEnv, prepareDatabase } from "./lib/runtime";

const { values } = parseArgs({
  options: { posts: { type: "string", default: "100000" }, batch: { type: "string", default: "10000" } },
});
const totalPosts = Number(values.posts);
const batchSize = Number(values.batch);
if (!Number.isInteger(totalPosts) || totalPosts < 1 || !Number.isInteger(batchSize) || batchSize < 1) {
  console.error("usage: npm run seed:large -- --posts <count> [--batch <size>]");
  process.exit(2);
}

loadDotEnv();
const { url, embedded } = await prepareDatabase();
Object.assign(process.env, { DATABASE_URL: url });
const db = createDatabase(url, { max: 2 });
const started = Date.now();
const elapsed = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;

try {
  await seedDemoData(db, { log: (line) => console.log(line) });
  const makers = Math.max(50, Math.ceil(totalPosts / 200));
  // Bulk makers share the demo password hash; usernames bulk_1, bulk_2, ... are valid usernames.
  await db.execute(sql`
    INSERT INTO users (username, email, password_hash, firstname, lastname, is_verified)
    SELECT 'bulk_' || n, 'bulk' || n || '@example.com',
           (SELECT password_hash FROM users WHERE password_hash IS NOT NULL LIMIT 1),
           (ARRAY['Alex','Sam','Jordan','Casey','Riley','Morgan','Taylor','Jamie'])[1 + n % 8],
           (ARRAY['Miller','Nguyen','Garcia','Smith','Brown','Khan','Rossi','Novak'])[1 + (n / 8) % 8], true
    FROM generate_series(1, ${makers}) AS n
    ON CONFLICT DO NOTHING`);
  const [{ existing }] = (
    await db.execute<{ existing: number }>(
      sql`SELECT count(*)::int AS existing FROM posts WHERE title LIKE '% #%'`,
    )
  ).rows as [{ existing: number }];
  console.log(`[large] ${makers} bulk makers; ${existing} bulk posts already present (${elapsed()})`);

  for (let from = existing + 1; from <= totalPosts; from += batchSize) {
    const to = Math.min(totalPosts, from + batchSize - 1);
    await db.transaction(async (tx) => {
      await tx.execute(sql`
        CREATE TEMP TABLE bulk_posts ON COMMIT DROP AS
        SELECT gen_random_uuid() AS id, n,
               (SELECT id FROM users WHERE username = 'bulk_' || (1 + n % ${makers})) AS user_id,
               (SELECT id FROM categories ORDER BY name OFFSET n % (SELECT count(*) FROM categories) LIMIT 1) AS category_id,
               now() - (n % 1100) * interval '1 day' - (n % 1440) * interval '1 minute' AS created_at
        FROM generate_series(${from}::int, ${to}::int) AS n`);
      await tx.execute(sql`
        INSERT INTO posts (id, user_id, title, description, category_id, visibility, current_page, built_with,
                           software_used, material_used, job_type, units, job_size_width, job_size_height,
                           job_size_thickness, laser_or_endmill, spindle_speed, licence_type, published_at, created_at, updated_at)
        SELECT id, user_id,
               (ARRAY['Walnut','Maple','Oak','Cherry','Birch','Acrylic','Cedar','Pine'])[1 + n % 8] || ' ' ||
               (ARRAY['sign','coaster set','cutting board','wall art','puzzle','tray','clock','box','plaque','ornament'])[1 + (n / 8) % 10] ||
               ' #' || n,
               'Bulk project ' || n || ' for performance work: ' ||
               (ARRAY['v-carved lettering','a pocketed recess','an outside profile with tabs','a laser engraving'])[1 + n % 4] || '.',
               category_id,
               (CASE WHEN n % 50 = 0 THEN 'draft' WHEN n % 37 = 0 THEN 'private' ELSE 'public' END)::post_visibility,
               8, 'Onefinity CNC',
               (ARRAY['Vectric','Carveco','Fusion 360','Estlcam'])[1 + n % 4],
               (ARRAY['Wood (soft)','Wood (hard)','MDF','Acrylic'])[1 + n % 4],
               'Single Sided', (CASE WHEN n % 3 = 0 THEN 'MM' ELSE 'Inches' END)::units,
               12, 8, 0.75,
               (CASE WHEN n % 4 = 3 THEN 'Laser' ELSE 'Endmill' END)::tool_family,
               CASE WHEN n % 4 = 3 THEN NULL ELSE 18000 END,
               (ARRAY['cc0','by','by-sa','by-nc'])[1 + n % 4],
               created_at, created_at, created_at
        FROM bulk_posts`);
      await tx.execute(sql`
        INSERT INTO post_tags (post_id, tag_id)
        SELECT DISTINCT p.id, t.id
        FROM bulk_posts p
        CROSS JOIN LATERAL (SELECT id FROM tags ORDER BY md5(p.id::text || tags.id::text) LIMIT 3) t`);
      await tx.execute(sql`
        WITH models AS (
          INSERT INTO attachments (user_id, parent_type, post_id, category, resource_type, status, file_name, file_size, storage_key, created_at)
          SELECT user_id, 'post', id, 'postModel', 'model', 'ready', 'bulk-' || n || '.nc', 1024, 'bulk/' || id || '/model.nc', created_at
          FROM bulk_posts
          RETURNING id, post_id
        )
        INSERT INTO tool_data (post_id, model_id, laser_or_endmill, tool_unit, tool_used, tool_type)
        SELECT m.post_id, m.id, p.laser_or_endmill,
               CASE WHEN p.laser_or_endmill = 'Laser' THEN NULL ELSE 'inches'::tool_unit END,
               CASE WHEN p.laser_or_endmill = 'Laser' THEN NULL ELSE 0.25 END,
               CASE WHEN p.laser_or_endmill = 'Laser' THEN NULL ELSE 'Upcut Endmill' END
        FROM models m JOIN posts p ON p.id = m.post_id`);
      await tx.execute(sql`
        INSERT INTO likes (user_id, post_id, created_at)
        SELECT DISTINCT u.id, p.id, p.created_at
        FROM bulk_posts p
        CROSS JOIN LATERAL (SELECT id FROM users WHERE username LIKE 'bulk\\_%' ORDER BY md5(p.id::text || users.id::text) LIMIT (p.n % 7)) u`);
      await tx.execute(sql`
        INSERT INTO bookmarks (user_id, post_id, created_at)
        SELECT u.id, p.id, p.created_at
        FROM bulk_posts p
        CROSS JOIN LATERAL (SELECT id FROM users WHERE username LIKE 'bulk\\_%' ORDER BY md5(users.id::text || p.id::text) LIMIT (p.n % 3)) u`);
      await tx.execute(sql`
        INSERT INTO comments (post_id, user_id, comment, plain_text, created_at)
        SELECT p.id, p.user_id, '{"ops":[{"insert":"Great project, thanks for sharing!\\n"}]}', 'Great project, thanks for sharing!', p.created_at
        FROM bulk_posts p WHERE p.n % 2 = 0`);
      await tx.execute(sql`
        INSERT INTO project_makes (post_id, user_id, is_printed, cut_expectation, cut_quality, correct_file_info, cool_factor, caption, created_at)
        SELECT p.id, p.user_id, true, 1 + p.n % 5, 1 + (p.n / 5) % 5, 1 + (p.n / 25) % 5, 1 + (p.n / 125) % 5, 'Cut it, works.', p.created_at
        FROM bulk_posts p WHERE p.n % 3 = 0`);
    });
    console.log(`[large] posts ${from}..${to} (${elapsed()})`);
  }
  // The counter triggers leave several dead versions of each post; VACUUM sets the visibility map
  // as autovacuum would on a live site, so index-only scans (listing totals) plan as they would there.
  await db.execute(sql`VACUUM ANALYZE`);
  console.log(`[large] done: ${totalPosts} bulk posts in ${elapsed()}`);
} finally {
  await db.$client.end();
  await embedded?.stop();
}
