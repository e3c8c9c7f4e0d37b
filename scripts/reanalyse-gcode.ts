// npx tsx --conditions=react-server scripts/reanalyse-gcode.ts: re-runs the G-code analysis of
// every stored post model, so analyses saved before a rule changed (laser rules, power range,
// program frame, arc extents) follow the current engine. Streams each file from storage
// (constant memory), one at a time; safe to run again.
import { and, eq, isNotNull } from "drizzle-orm";
import { createDatabase } from "@/lib/db/create";
import { attachments } from "@/lib/db/schema";
import { analyseStoredGcode } from "@/lib/services/gcode/analyse-stored-gcode";
import { loadDotEnv, prepareDatabase } from "./lib/runtime";

loadDotEnv();
const { url, embedded } = await prepareDatabase();
Object.assign(process.env, { DATABASE_URL: url });
const database = createDatabase(url, { max: 2 });
try {
  const models = await database
    .select({ id: attachments.id })
    .from(attachments)
    .where(and(eq(attachments.category, "postModel"), isNotNull(attachments.storageKey)));
  let analysed = 0;
  let lasers = 0;
  for (const { id } of models) {
    const analysis = await analyseStoredGcode(id, { database });
    if (analysis) analysed++;
    if (analysis?.isLaser) lasers++;
  }
  console.log(`${models.length} post models, ${analysed} analysed (${lasers} laser jobs)`);
} finally {
  await database.$client.end();
  await embedded?.stop();
}
