import { notFoundPage } from "@/lib/http/not-found-page";

// Any address of two or more segments that no other route takes (ADR 014). Without this
// handler such addresses got Next's prerendered `/_not-found` page, whose scripts carry no CSP
// nonce and are refused under the pages' policy. This answers 404 for every method instead, with
// a small page without scripts (unknown /api/ paths too, as Next's own 404 page did).

function notFound(request: Request): Response {
  return notFoundPage(request.method);
}

export const GET = notFound;
export const HEAD = notFound;
export const POST = notFound;
export const PUT = notFound;
export const PATCH = notFound;
export const DELETE = notFound;
