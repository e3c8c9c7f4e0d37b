// GET /api/v1/auth/avatar/{userId}/{file}: an uploaded profile picture (public, like the profile)
import { errorResponse } from "@/lib/http/envelope";
import { avatarKey } from "@/lib/services/users/profile-picture";
import { getStorage } from "@/lib/storage";
import { assertValidKey } from "@/lib/storage/keys";

export async function GET(
  _request: Request,
  context: { params: Promise<{ userId: string; file: string }> },
): Promise<Response> {
  try {
    const { userId, file } = await context.params;
    const object = await getStorage().getObject(assertValidKey(avatarKey(userId, file)));
    return new Response(object.stream, {
      headers: {
        "Content-Type": object.contentType,
        "Content-Length": String(object.contentLength),
        // The name is random per upload, so the bytes behind a URL never change.
        "Cache-Control": "public, max-age=31536000, immutable",
        "X-Content-Type-Options": "nosniff",
        "Content-Security-Policy": "default-src 'none'; sandbox",
      },
    });
  } catch (error) {
    return errorResponse(error);
  }
}

export * from "@/lib/http/method-not-allowed";
