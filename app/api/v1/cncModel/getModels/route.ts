// GET /api/v1/cncModel/getModels?brandId=..&brandId=..: models of the given brands
import { route } from "@/lib/http/route";
import { listModels } from "@/lib/services/catalogue/list-models";
import { getModelsEndpoint } from "@/lib/validation/catalogue";

export const GET = route(getModelsEndpoint, async ({ query }) => ({
  models: await listModels({ brandIds: query.brandId }),
}));

export * from "@/lib/http/method-not-allowed";
