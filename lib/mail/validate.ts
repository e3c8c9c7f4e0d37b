import "server-only";
import { z } from "zod";
import { MAIL_KINDS, type MailMessage } from "./types";

// A line break in a header-like field would let one value pose as another header.
const singleLine = z.string().refine((value) => !/[\r\n]/.test(value), "must be a single line");

const mailMessageSchema = z.object({
  to: z.email().pipe(singleLine),
  subject: z.string().trim().min(1).pipe(singleLine),
  text: z.string().min(1),
  html: z.string().min(1),
  kind: z.enum(MAIL_KINDS),
});

/** Throws a plain Error naming the bad fields; a bad message is a programming error, not user input. */
export function assertValidMessage(message: MailMessage): MailMessage {
  const result = mailMessageSchema.safeParse(message);
  if (!result.success) {
    const fields = result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid mail message (${fields.join("; ")})`);
  }
  return result.data;
}
