import { buildRobotsTxt } from "@/lib/services/seo/robots-txt";

// GET /robots.txt: what crawlers may fetch, and where the sitemap is (PUBLIC_BASE_URL, read at run time).
export const dynamic = "force-dynamic";

export function GET(): Response {
  return new Response(buildRobotsTxt(), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
