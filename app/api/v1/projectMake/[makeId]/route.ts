// DELETE /api/v1/projectMake/{makeId}: the make's author deletes it with its images
import { route } from "@/lib/http/route";
import { deleteMake } from "@/lib/services/makes/delete-make";
import { deleteMakeEndpoint } from "@/lib/validation/makes";

export const DELETE = route(deleteMakeEndpoint, async ({ actor, params }) =>
  deleteMake({ actor, makeId: params.makeId }),
);

export * from "@/lib/http/method-not-allowed";
