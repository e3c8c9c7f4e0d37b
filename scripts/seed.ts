// npm run seed: add the demo community to the configured database (idempotent).
import { createDatabase } from "@/lib/db/create";
import { seedDemoData } from "./seed/run";
import { loadDotEnv, prepareDatabase } from "./lib/runtime";

loadDotEnv();
const { url, embedded } = await prepareDatabase();
Object.assign(process.env, { DATABASE_URL: url });
const db = createDatabase(url, { max: 2 });
try {
  await seedDemoData(db, { log: (line) => console.log(line) });
} finally {
  await db.$client.end();
  await embedded?.stop();
}
