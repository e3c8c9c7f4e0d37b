// GET /api/v1/cncBrand/getBrands: every CNC brand, the featured one first
import { route } from "@/lib/http/route";
import { listBrands } from "@/lib/services/catalogue/list-brands";
import { getBrandsEndpoint } from "@/lib/validation/catalogue";

export const GET = route(getBrandsEndpoint, async () => ({ brands: await listBrands() }));

export * from "@/lib/http/method-not-allowed";
