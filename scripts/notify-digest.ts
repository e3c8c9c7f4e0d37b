// npm run notify:digest: e-mails each user their unread notifications of the kinds they chose to
// get by e-mail (lib/services/notifications/send-notification-digest.ts). Run it once a day from
// cron or a systemd timer (docs/community.md, "Notifications"). With the embedded database, run it
// while `npm start` is stopped, or point DATABASE_URL at the running embedded server.
import { loadDotEnv, prepareDatabase } from "./lib/runtime";

loadDotEnv();
const { url, embedded } = await prepareDatabase();
Object.assign(process.env, { DATABASE_URL: url });
// Imported once DATABASE_URL is known: the app's database client reads it at first use.
const { db } = await import("@/lib/db/client");
const { sendNotificationDigest } = await import("@/lib/services/notifications/send-notification-digest");
try {
  const { claimed, emails } = await sendNotificationDigest();
  console.log(`[digest] ${claimed} notifications looked at, ${emails} e-mails sent`);
} finally {
  await db().$client.end();
  await embedded?.stop();
}
