import { ensureBuild } from "../support/app-server";

/** The fault tests start their own servers and databases; they need only the production build. */
export default async function setup() {
  await ensureBuild();
}
