import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "@/lib/http/database-unavailable";
import { errorForLog } from "@/lib/http/log-error";

describe("errorForLog", () => {
  it("keeps a failed query's SQL and the database's error, never its parameters", () => {
    const hash = "$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA";
    const failed = Object.assign(new Error(`Failed query: insert into users values ($1)\nparams: ${hash}`), {
      query: "insert into users values ($1)",
      params: [hash],
      cause: Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: "22021" }),
    });
    const logged = errorForLog(failed);
    expect(JSON.stringify(logged)).not.toContain(hash);
    expect(logged).toEqual({
      name: "FailedQuery",
      query: "insert into users values ($1)",
      cause: { message: 'invalid byte sequence for encoding "UTF8": 0x00', code: "22021" },
    });
  });

  it("passes other errors through", () => {
    const plain = new TypeError("boom");
    expect(errorForLog(plain)).toBe(plain);
  });
});

describe("isDatabaseUnavailable", () => {
  const failedQuery = (cause: unknown) =>
    Object.assign(new Error("Failed query: select 1"), { query: "select 1", params: [], cause });

  it("recognises a refused, dropped or shutting-down database through drizzle's wrapper", () => {
    expect(
      isDatabaseUnavailable(
        failedQuery(Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" })),
      ),
    ).toBe(true);
    expect(isDatabaseUnavailable(failedQuery(new Error("Connection terminated unexpectedly")))).toBe(true);
    expect(
      isDatabaseUnavailable(
        failedQuery(Object.assign(new Error("terminating connection"), { code: "57P01" })),
      ),
    ).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error("connection failure"), { code: "08006" }))).toBe(
      true,
    );
  });

  it("leaves a query's own errors alone", () => {
    expect(
      isDatabaseUnavailable(
        failedQuery(Object.assign(new Error("invalid input syntax for type uuid"), { code: "22P02" })),
      ),
    ).toBe(false);
    expect(isDatabaseUnavailable(new TypeError("boom"))).toBe(false);
  });
});
