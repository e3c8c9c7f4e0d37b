// Serves the existing production build on a database that is already prepared (the load benchmark
// uses it; `npm start` also prepares the database first): PORT, HOST, WEB_CONCURRENCY.
import { serveWithWorkers } from "./lib/serve";

await serveWithWorkers({
  port: Number(process.env.PORT ?? 3000),
  host: process.env.HOST ?? "127.0.0.1",
  env: { ...process.env, NODE_ENV: "production" },
});
