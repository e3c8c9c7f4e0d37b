// GET /api/health: liveness and database reachability, for load balancers and container health checks
import { checkDatabase } from "@/lib/services/system/check-database";

export const dynamic = "force-dynamic";

export async function GET(): Promise<Response> {
  return (await checkDatabase())
    ? Response.json({ status: "ok" })
    : Response.json({ status: "error", errorMessage: "Database unreachable" }, { status: 503 });
}

export * from "@/lib/http/method-not-allowed";
