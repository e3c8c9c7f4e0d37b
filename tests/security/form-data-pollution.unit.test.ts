import { afterEach, describe, expect, it } from "vitest";
import { env, resetEnvCache } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { searchParamsToObject } from "@/lib/http/route";
import { formDataToObject } from "@/lib/validation/form-data";

function form(entries: [string, string][]): FormData {
  const data = new FormData();
  for (const [key, value] of entries) data.append(key, value);
  return data;
}

describe("formDataToObject refuses prototype paths", () => {
  for (const key of [
    "__proto__.PREVIEW_API_KEY",
    "__proto__.page",
    "__proto__",
    "constructor.prototype.page",
    "privacy.__proto__.email",
    "privacy.constructor",
    "a.prototype",
  ]) {
    it(`refuses the field ${key} with a 400 and pollutes nothing`, () => {
      let thrown: unknown;
      try {
        formDataToObject(form([[key, "pwned"]]));
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(AppError);
      expect((thrown as AppError).code).toBe("VALIDATION");
      expect(({} as Record<string, unknown>).PREVIEW_API_KEY).toBeUndefined();
      expect(({} as Record<string, unknown>).page).toBeUndefined();
    });
  }

  it("still nests ordinary dotted keys", () => {
    expect(
      formDataToObject(
        form([
          ["privacy.email", "true"],
          ["username", "ada"],
        ]),
      ),
    ).toEqual({
      privacy: { email: "true" },
      username: "ada",
    });
  });
});

describe("env() is read once into a frozen object without a prototype", () => {
  afterEach(() => {
    delete (Object.prototype as Record<string, unknown>).PREVIEW_API_KEY;
    resetEnvCache();
  });

  it("cannot be assigned to, and a polluted Object.prototype does not reach unset keys", () => {
    const saved = process.env.PREVIEW_API_KEY;
    delete process.env.PREVIEW_API_KEY;
    resetEnvCache();
    try {
      const config = env();
      expect(Object.isFrozen(config)).toBe(true);
      expect(Object.getPrototypeOf(config)).toBeNull();
      expect(() => {
        (config as Record<string, unknown>).PREVIEW_API_KEY = "changed";
      }).toThrow(TypeError);
      (Object.prototype as Record<string, unknown>).PREVIEW_API_KEY = "pwned";
      expect(env().PREVIEW_API_KEY).toBeUndefined();
      expect(env()).toBe(config);
    } finally {
      if (saved !== undefined) process.env.PREVIEW_API_KEY = saved;
    }
  });
});

describe("query strings cannot set a prototype either", () => {
  it("drops __proto__ keys, keeps the others", () => {
    const query = searchParamsToObject(new URLSearchParams("__proto__=a&__proto__=b&page=2"));
    expect(Object.getPrototypeOf(query)).toBe(Object.prototype);
    expect(query).toEqual({ page: "2" });
  });
});
