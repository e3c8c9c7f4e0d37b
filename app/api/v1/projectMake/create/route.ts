// POST /api/v1/projectMake/create: a make of a project on one of the caller's machines
import { route } from "@/lib/http/route";
import { createMake } from "@/lib/services/makes/create-make";
import { createMakeEndpoint } from "@/lib/validation/makes";

export const POST = route(createMakeEndpoint, async ({ actor, body }) => ({
  make: await createMake({ actor, input: body }),
}));

export * from "@/lib/http/method-not-allowed";
