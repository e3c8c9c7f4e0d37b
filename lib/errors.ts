/**
 * The one error type services throw. lib/http maps `code` to an HTTP status once;
 * `message` is a sentence for a person and `issues` carries per-field validation messages.
 */
export type AppErrorCode =
  | "VALIDATION"
  | "UNAUTHENTICATED"
  | "FORBIDDEN"
  | "NOT_FOUND"
  | "CONFLICT"
  | "RATE_LIMITED"
  | "PAYLOAD_TOO_LARGE"
  | "UNAVAILABLE";

export interface FieldIssue {
  path: string;
  message: string;
}

export class AppError extends Error {
  readonly code: AppErrorCode;
  readonly issues: FieldIssue[] | undefined;
  /** Seconds until a rate-limited caller may try again. */
  readonly retryAfterSeconds: number | undefined;

  constructor(
    code: AppErrorCode,
    message: string,
    options: { issues?: FieldIssue[]; retryAfterSeconds?: number; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = "AppError";
    this.code = code;
    this.issues = options.issues;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

export const isAppError = (error: unknown): error is AppError => error instanceof AppError;
