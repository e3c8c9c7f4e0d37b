import { describe, expect, it } from "vitest";
import { AppError, isAppError } from "@/lib/errors";

describe("AppError", () => {
  it("carries its code and field issues", () => {
    const error = new AppError("VALIDATION", "Bad input", { issues: [{ path: "a", message: "b" }] });
    expect(isAppError(error)).toBe(true);
    expect(error.code).toBe("VALIDATION");
    expect(error.issues).toEqual([{ path: "a", message: "b" }]);
  });
});
