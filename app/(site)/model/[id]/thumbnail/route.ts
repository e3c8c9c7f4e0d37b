// GET /model/{id}/thumbnail: a stable address for the project's thumbnail (link previews), redirecting
// to a freshly signed URL; 404 for a missing or hidden post or one without a thumbnail
import { getCurrentActor } from "@/lib/auth/current-actor";
import { errorResponse } from "@/lib/http/envelope";
import { getPostThumbnailUrl } from "@/lib/services/posts/get-post-thumbnail-url";
import { idSchema } from "@/lib/validation/common";

interface Context {
  params: Promise<{ id: string }>;
}

export async function GET(request: Request, { params }: Context): Promise<Response> {
  const { id } = await params;
  if (!idSchema.safeParse(id).success) {
    return new Response("Not found", { status: 404, headers: { "Cache-Control": "no-store" } });
  }
  try {
    const signed = await getPostThumbnailUrl({ postId: id, actor: await getCurrentActor() });
    return new Response(null, {
      status: 302,
      // Shorter than the signed URL's lifetime, so a cached redirect never points at an expired URL.
      headers: { Location: new URL(signed, request.url).toString(), "Cache-Control": "private, max-age=300" },
    });
  } catch (error) {
    const response = errorResponse(error);
    response.headers.set("Cache-Control", "no-store");
    return response;
  }
}
