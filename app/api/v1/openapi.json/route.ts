// GET /api/v1/openapi.json: the OpenAPI 3.1 document of the whole /api/v1 contract
import { buildOpenApiDocument } from "@/lib/http/openapi";

export function GET(): Response {
  return Response.json(buildOpenApiDocument(), { headers: { "Cache-Control": "public, max-age=300" } });
}

export * from "@/lib/http/method-not-allowed";
