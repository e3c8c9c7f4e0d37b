// npm run load:users -- --base http://127.0.0.1:3000 [--users 50] [--pause 120]
// The issue-18 acceptance run against a running site (npm start, embedded database by default):
// N new users at once sign up, log in, like and comment on a public project; after a pause the
// same users log in, like and comment again. Prints every status seen; exits 1 on any 5xx or on
// a like or comment the server acknowledged but does not show.
// Each user sends its own X-Forwarded-For address, as users behind a proxy would: start the site
// with TRUSTED_PROXIES=127.0.0.1 so the per-IP limits count them apart (otherwise every user
// shares this machine's address and the limits answer 429 past 30 sign-ups or 50 logins).
import { parseArgs } from "node:util";

const { values: args } = parseArgs({
  options: {
    base: { type: "string", default: process.env.BASE_URL ?? "http://127.0.0.1:3000" },
    users: { type: "string", default: "50" },
    pause: { type: "string", default: "0" },
  },
});
const base = args.base.replace(/\/$/, "");
const userCount = Number(args.users);
const pauseSeconds = Number(args.pause);
const statuses = new Map<string, number>();
let serverErrors = 0;

interface Answer {
  status: number;
  body: { data?: Record<string, unknown>; errorMessage?: string };
  cookies: string[];
}

async function call(
  path: string,
  init: RequestInit & { cookie?: string; json?: unknown; address?: string } = {},
): Promise<Answer> {
  const headers = new Headers(init.headers);
  if (init.address) headers.set("x-forwarded-for", init.address);
  headers.set("origin", base);
  headers.set("x-requested-with", "cnc-projects");
  if (init.cookie) headers.set("cookie", init.cookie);
  if (init.json !== undefined) headers.set("content-type", "application/json");
  const response = await fetch(`${base}${path}`, {
    ...init,
    headers,
    body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
    redirect: "manual",
  });
  const text = await response.text();
  const key = `${init.method ?? "GET"} ${path.split("?")[0]?.replace(/[0-9a-f-]{36}/g, "{id}")} ${response.status}`;
  statuses.set(key, (statuses.get(key) ?? 0) + 1);
  if (response.status >= 500) {
    serverErrors += 1;
    console.error(`5xx: ${key}: ${text.slice(0, 200)}`);
  }
  let body: Answer["body"] = {};
  try {
    body = JSON.parse(text) as Answer["body"];
  } catch {
    // Not JSON (a page); the status is what counts.
  }
  return { status: response.status, body, cookies: response.headers.getSetCookie() };
}

const cookieHeader = (cookies: string[]) => cookies.map((cookie) => cookie.split(";")[0]).join("; ");

async function catalogueChoice(): Promise<{ brand: string; model: string; variant: string }> {
  const brands = (await call("/api/v1/cncBrand/getBrands")).body.data?.brands as { _id: string }[];
  const brand = brands[0]!._id;
  const models = (await call(`/api/v1/cncModel/getModels?brandId=${brand}`)).body.data?.models as {
    _id: string;
  }[];
  const model = models[0]!._id;
  const variants = (await call(`/api/v1/cncVariant/getVariants?modelId=${model}`)).body.data?.variants as {
    _id: string;
  }[];
  return { brand, model, variant: variants[0]!._id };
}

async function main(): Promise<void> {
  const machine = await catalogueChoice();
  const posts = (await call("/api/v1/post?limit=20")).body.data?.posts as { _id: string }[];
  if (!posts?.length) throw new Error("no public posts to like: seed the site first");
  const run = Date.now().toString(36);
  const users = Array.from({ length: userCount }, (_, index) => ({
    email: `load-${run}-${index}@example.com`,
    username: `l${run}${index}`.slice(0, 15),
    password: "loadtest123",
    postId: posts[index % posts.length]!._id,
    // One private address per user.
    address: `10.77.${Math.floor(index / 250)}.${(index % 250) + 1}`,
  }));
  const acknowledgedComments = new Map<string, number>();

  async function session(user: (typeof users)[number], register: boolean): Promise<void> {
    if (register) {
      await call("/api/v1/auth/register", {
        method: "POST",
        address: user.address,
        json: {
          email: user.email,
          username: user.username,
          firstname: "Load",
          lastname: "Tester",
          password: user.password,
          confirmPassword: user.password,
          cncBrand: [machine.brand],
          cncModel: [machine.model],
          cncVariant: [machine.variant],
        },
      });
    }
    const login = await call("/api/v1/auth/login", {
      method: "POST",
      address: user.address,
      json: { email: user.email, password: user.password },
    });
    if (login.status !== 200) return;
    const cookie = cookieHeader(login.cookies);
    await call("/api/v1/like/create", {
      method: "POST",
      cookie,
      address: user.address,
      json: { postId: user.postId },
    });
    const comment = await call("/api/v1/comment/create", {
      method: "POST",
      cookie,
      address: user.address,
      json: { postId: user.postId, comment: { ops: [{ insert: `Load test ${user.username}\n` }] } },
    });
    if (comment.status === 201 || comment.status === 200) {
      acknowledgedComments.set(user.postId, (acknowledgedComments.get(user.postId) ?? 0) + 1);
    }
  }

  const started = Date.now();
  await Promise.all(users.map((user) => session(user, true)));
  console.log(`round 1: ${userCount} users in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (pauseSeconds > 0) {
    console.log(`pausing ${pauseSeconds} s ...`);
    await new Promise((resolve) => setTimeout(resolve, pauseSeconds * 1000));
    const again = Date.now();
    await Promise.all(users.map((user) => session(user, false)));
    console.log(`round 2: ${userCount} users in ${((Date.now() - again) / 1000).toFixed(1)} s`);
  }

  // Every acknowledged comment is there.
  let missing = 0;
  for (const [postId, count] of acknowledgedComments) {
    const comments = (await call(`/api/v1/comment/getCommentsByPostId/${postId}`)).body.data?.comments as {
      comment: unknown;
    }[];
    const ours = comments.filter((entry) =>
      JSON.stringify(entry.comment).includes(`Load test l${run}`),
    ).length;
    if (ours < count) missing += count - ours;
  }

  for (const [key, count] of [...statuses].sort()) console.log(`${String(count).padStart(5)}  ${key}`);
  console.log(`\n5xx answers: ${serverErrors}; acknowledged comments missing: ${missing}`);
  if (serverErrors > 0 || missing > 0) process.exit(1);
}

await main();
