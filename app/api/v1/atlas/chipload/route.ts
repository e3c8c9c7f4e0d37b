// GET /api/v1/atlas/chipload: observed chiploads of rated makes by material and bit diameter, beside the chart
import { route } from "@/lib/http/route";
import { getChiploadAtlas } from "@/lib/services/feeds/get-chipload-atlas";
import { getChiploadAtlasEndpoint } from "@/lib/validation/feeds";

export const GET = route(getChiploadAtlasEndpoint, async ({ query }) => ({
  atlas: await getChiploadAtlas(query),
}));

export * from "@/lib/http/method-not-allowed";
