// POST /api/v1/auth/addMachines: { cncVariantIdList }
import { route } from "@/lib/http/route";
import { addMachines } from "@/lib/services/users/machines";
import { addMachinesEndpoint } from "@/lib/validation/users";

export const POST = route(addMachinesEndpoint, async ({ actor, body }) => ({
  user: await addMachines(actor.id, body.cncVariantIdList),
}));

export * from "@/lib/http/method-not-allowed";
