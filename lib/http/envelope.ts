import "server-only";
import { ZodError } from "zod";
import { AppError, type AppErrorCode, type FieldIssue, isAppError } from "@/lib/errors";
import { isDatabaseUnavailable } from "./database-unavailable";
import { errorForLog } from "./log-error";

const DATABASE_UNAVAILABLE = "The service is briefly unavailable. Please try again in a few seconds.";

/** The response bodies of DESIGN.md's /api/v1 contract. */
export interface SuccessBody<T> {
  status: "success";
  data: T;
}
export interface ErrorBody {
  status: "error";
  errorMessage: string;
  message: string;
  issues?: FieldIssue[];
}

const STATUS_BY_CODE: Record<AppErrorCode, number> = {
  VALIDATION: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  UNAVAILABLE: 503,
};

/** The success envelope as JSON text (for answers that hash their bytes, lib/http/shared-cache.ts). */
export function successBody<T>(data: T): string {
  const body: SuccessBody<T> = { status: "success", data };
  return JSON.stringify(body);
}

export function success<T>(data: T, init: { status?: number; headers?: HeadersInit } = {}): Response {
  const body: SuccessBody<T> = { status: "success", data };
  return Response.json(body, { status: init.status ?? 200, headers: init.headers });
}

export function failure(
  status: number,
  message: string,
  issues?: FieldIssue[],
  headers?: HeadersInit,
): Response {
  const body: ErrorBody = { status: "error", errorMessage: message, message, ...(issues ? { issues } : {}) };
  return Response.json(body, { status, headers });
}

/** zod issues as the contract's `issues`: dotted paths and the schema's (spec's) messages. */
export function fieldIssues(error: ZodError): FieldIssue[] {
  return error.issues.map((issue) => ({ path: issue.path.map(String).join("."), message: issue.message }));
}

export function validationError(error: ZodError): AppError {
  const issues = fieldIssues(error);
  return new AppError("VALIDATION", issues[0]?.message ?? "Invalid request", { issues });
}

/** The one place where errors become HTTP answers. Unknown errors are logged and answered generically. */
export function errorResponse(error: unknown): Response {
  if (error instanceof ZodError) return errorResponse(validationError(error));
  if (isAppError(error)) {
    const headers: Record<string, string> = {};
    if (error.retryAfterSeconds !== undefined)
      headers["Retry-After"] = String(Math.ceil(error.retryAfterSeconds));
    return failure(STATUS_BY_CODE[error.code], error.message, error.issues, headers);
  }
  if (isDatabaseUnavailable(error)) {
    console.error("[api] database unavailable:", errorForLog(error));
    return failure(503, DATABASE_UNAVAILABLE, undefined, { "Retry-After": "2" });
  }
  console.error("[api] unexpected error:", errorForLog(error));
  return failure(500, "Something went wrong on our side. Please try again.");
}
