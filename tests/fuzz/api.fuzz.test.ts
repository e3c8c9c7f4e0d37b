import fc from "fast-check";
import { describe, expect, inject, it } from "vitest";
import { createUser, unique } from "../support/factories";
import { accessTokenFor, createComment, createMakeRow, createProject } from "../support/factories-project";
import {
  type Auth,
  describeRequest,
  type FuzzRequest,
  hasErrorEnvelope,
  operationsOf,
  requestsFor,
  send,
} from "./requests";

/**
 * Every operation of /api/v1/openapi.json, driven with malformed input generated from its
 * schemas, signed out and signed in. No answer may be a 5xx, and every 4xx carries the error
 * envelope. scripts/test-fuzz.ts runs this file once per database (PostgreSQL, embedded PGlite).
 * FUZZ_SEED reproduces a run; FUZZ_RUNS sets the requests per operation.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261126);
const RUNS_PER_OPERATION = Number(process.env.FUZZ_RUNS ?? 100);
const CONCURRENCY = 6;
/** lib/http/route.ts MAX_JSON_BYTES: a larger body may be cut off by the 413. */
const MAX_BODY_BYTES = 1_000_000;
/** A fresh session every so many signed-in requests: a fuzzed logout or password change ends one. */
const REQUESTS_PER_SESSION = 40;

const DATABASE = process.env.TEST_DATABASE === "embedded" ? "embedded PGlite" : "PostgreSQL";

interface Failure {
  operation: string;
  request: string;
  status: number;
  text: string;
}

describe(`fuzz /api/v1 on ${DATABASE}`, () => {
  it("answers no 5xx, and every 4xx with the error envelope", { timeout: 600_000 }, async () => {
    const baseUrl = inject("baseUrl");
    const document = (await (await fetch(`${baseUrl}/api/v1/openapi.json`)).json()) as unknown;
    const operations = operationsOf(document);
    expect(operations.length).toBeGreaterThan(40);

    // Rows of the fuzz user's own, so some ids in paths and bodies exist.
    const user = await createUser({ username: unique("fuzz") });
    const other = await createUser();
    const { post, model, variants } = await createProject({ userId: user.id });
    const { post: othersPost } = await createProject({ userId: other.id });
    const comment = await createComment(othersPost.id, user.id);
    const make = await createMakeRow(othersPost.id, user.id);
    const known = {
      uuids: [
        user.id,
        other.id,
        post.id,
        othersPost.id,
        model.id,
        comment.id,
        make.id,
        ...variants.map((v) => v.id),
      ],
      usernames: [user.username, other.username],
    };

    const requests: FuzzRequest[] = operations.flatMap((operation, index) =>
      fc.sample(requestsFor(operation, known), { seed: SEED + index, numRuns: RUNS_PER_OPERATION }),
    );
    console.log(
      `[fuzz] seed ${SEED} (FUZZ_SEED overrides): ${requests.length} requests over ${operations.length} operations`,
    );

    let token = "";
    let sentWithToken = REQUESTS_PER_SESSION;
    const cookieFor = (auth: Auth): string | undefined => {
      if (auth.kind === "none") return undefined;
      if (auth.kind === "raw") return auth.cookie;
      sentWithToken += 1;
      const access = `access_token=${token}`;
      return auth.kind === "user" ? access : `${access}; refresh_token=%E0%A4%A`;
    };

    const statuses = new Map<number, number>();
    const timeByOperation = new Map<string, number>();
    const failures: Failure[] = [];
    let next = 0;
    const started = Date.now();
    const worker = async (workerIndex: number) => {
      while (next < requests.length) {
        const index = next++;
        const request = requests[index]!;
        if (sentWithToken >= REQUESTS_PER_SESSION) {
          sentWithToken = 0;
          token = await accessTokenFor(user.id);
        }
        const ip = `10.${workerIndex}.${(index >> 8) & 255}.${index & 255}`;
        const sentAt = Date.now();
        const answer = await send(baseUrl, request, { cookieFor, ip });
        timeByOperation.set(
          request.operation,
          (timeByOperation.get(request.operation) ?? 0) + Date.now() - sentAt,
        );
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        const isServerError = answer.status >= 500;
        const isBareClientError = answer.status >= 400 && answer.status < 500 && !hasErrorEnvelope(answer);
        const isDropped = answer.status === -1 && answer.sentBytes <= MAX_BODY_BYTES;
        if (isServerError || isBareClientError || isDropped) {
          failures.push({
            operation: request.operation,
            request: describeRequest(request),
            status: answer.status,
            text: answer.text.slice(0, 300),
          });
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, (_, index) => worker(index)));

    const count = (test: (status: number) => boolean) =>
      [...statuses].filter(([status]) => test(status)).reduce((sum, [, n]) => sum + n, 0);
    const serverErrors = count((status) => status >= 500);
    const byStatus = [...statuses].sort(([a], [b]) => a - b).map(([status, n]) => `${status}: ${n}`);
    console.log(
      `[fuzz] ${DATABASE}: ${requests.length} requests, ${serverErrors} answered 5xx, ` +
        `${failures.length - serverErrors} 4xx without the envelope, ${count((status) => status === 429)} rate-limited ` +
        `(${((Date.now() - started) / 1000).toFixed(1)} s; by status ${byStatus.join(", ")}; ` +
        `-1 = connection closed while sending a body over the 1 MB limit)`,
    );
    const slowest = [...timeByOperation].sort(([, a], [, b]) => b - a).slice(0, 3);
    console.log(
      `[fuzz] slowest operations (total ms): ${slowest.map(([name, ms]) => `${name} ${ms}`).join("; ")}`,
    );
    // One example of each kind of failure (status and operation), to reproduce with FUZZ_SEED.
    const examples = new Map<string, Failure>();
    for (const failure of failures) examples.set(`${failure.status} ${failure.operation}`, failure);
    for (const [kind, failure] of examples) {
      console.log(`[fuzz] ${kind}: ${failure.request}\n        -> ${failure.text}`);
    }
    expect(requests.length).toBeGreaterThanOrEqual(5_000);
    expect(failures.length, `${failures.length} failures; see the [fuzz] lines above`).toBe(0);
  });
});
