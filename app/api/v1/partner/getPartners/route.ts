// GET /api/v1/partner/getPartners: partners with badge colour and user
import { route } from "@/lib/http/route";
import { listPartners } from "@/lib/services/taxonomy/list-partners";
import { getPartnersEndpoint } from "@/lib/validation/taxonomy";

export const GET = route(getPartnersEndpoint, async () => ({ partners: await listPartners() }));

export * from "@/lib/http/method-not-allowed";
