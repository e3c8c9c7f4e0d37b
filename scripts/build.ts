// npm run build: the production build. Pages render per request, so the build needs no database.
import { loadDotEnv, nextBin, run } from "./lib/runtime";

loadDotEnv();
await run(nextBin(), ["build"], { ...process.env, NEXT_TELEMETRY_DISABLED: "1" });
