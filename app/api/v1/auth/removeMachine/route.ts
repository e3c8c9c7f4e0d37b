// POST /api/v1/auth/removeMachine: { cncVariantId }
import { route } from "@/lib/http/route";
import { removeMachine } from "@/lib/services/users/machines";
import { removeMachineEndpoint } from "@/lib/validation/users";

export const POST = route(removeMachineEndpoint, async ({ actor, body }) => ({
  user: await removeMachine(actor.id, body.cncVariantId),
}));

export * from "@/lib/http/method-not-allowed";
