// GET /api/v1/cncVariant/getVariants?modelId=..&variantId=..: variants with brand, model and work area
import { route } from "@/lib/http/route";
import { listVariants } from "@/lib/services/catalogue/list-variants";
import { getVariantsEndpoint } from "@/lib/validation/catalogue";

export const GET = route(getVariantsEndpoint, async ({ query }) => ({
  variants: await listVariants({ modelIds: query.modelId, variantIds: query.variantId }),
}));

export * from "@/lib/http/method-not-allowed";
