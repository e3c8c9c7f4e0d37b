import * as fsPromises from "node:fs/promises";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { resetEnvCache } from "@/lib/env";
import {
  createMailer,
  getMailer,
  resetMailer,
  resolveOutboxDir,
  selectMailDriver,
  sendMail,
} from "@/lib/mail";
import { createOutboxMailer, outboxFileName } from "@/lib/mail/outbox";
import { createResendMailer, MailDeliveryError } from "@/lib/mail/resend";
import { escapeHtml, SITE_NAME } from "@/lib/mail/templates/layout";
import { otpEmail } from "@/lib/mail/templates/otp";
import { passwordResetEmail } from "@/lib/mail/templates/password-reset";
import { projectPublishedEmail, projectSubmittedForReviewEmail } from "@/lib/mail/templates/review";
import type { MailMessage } from "@/lib/mail/types";
import {
  extractOtp,
  extractResetToken,
  extractResetUrl,
  readOutbox,
  waitForMail,
} from "@/tests/support/outbox";

// Pass-through spies, so a test can see how the outbox writes its files.
vi.mock("node:fs/promises", async (importOriginal) => {
  // eslint-disable-next-line @typescript-eslint/consistent-type-imports -- vi.mock needs the module type inline
  const actual = await importOriginal<typeof import("node:fs/promises")>();
  return { ...actual, writeFile: vi.fn(actual.writeFile), rename: vi.fn(actual.rename) };
});

const RESET_URL = "http://127.0.0.1:3000/resetPassword?resetToken=tok_abc-123";
const XSS = `<script>alert("x")</script>&'`;

let tempRoot: string;
beforeAll(async () => {
  tempRoot = await mkdtemp(path.join(tmpdir(), "mail-test-"));
});
afterAll(async () => {
  await rm(tempRoot, { recursive: true, force: true });
});

let dirCount = 0;
/** A fresh outbox path per test, not yet created: the mailer must create it. */
const freshDir = () => path.join(tempRoot, `case-${++dirCount}`, "outbox");

function otpMessage(to = "maker@example.com", code = "AB12CD"): MailMessage {
  return { to, kind: "otp", ...otpEmail({ username: "maker", code, expiresInMinutes: 10 }) };
}

describe("outbox driver", () => {
  it("writes one file in the DESIGN.md format, logs it, and the OTP extracts", async () => {
    const dir = freshDir();
    const lines: string[] = [];
    const mailer = createOutboxMailer({ dir, log: (line) => lines.push(line) });
    const message = otpMessage("maker@example.com", "Q7X2M9");

    const { id } = await mailer.send(message);

    expect(mailer.driver).toBe("outbox");
    const names = await readdir(dir);
    expect(names).toEqual([`${id}.json`]);
    const name = names[0] ?? "";
    expect(name).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z-[0-9a-f]{12}\.json$/);

    const stored: unknown = JSON.parse(await readFile(path.join(dir, name), "utf8"));
    expect(Object.keys(stored as object).sort()).toEqual([
      "createdAt",
      "html",
      "kind",
      "subject",
      "text",
      "to",
    ]);
    const { createdAt, ...rest } = stored as Record<string, string>;
    expect(rest).toEqual(message);
    expect(new Date(createdAt ?? "").toISOString()).toBe(createdAt);
    expect(name.startsWith(`${createdAt?.replace(/[:.]/g, "-")}-`)).toBe(true);

    expect(lines).toEqual([`[mail] outbox: otp to maker@example.com -> ${path.join(dir, name)}`]);

    const [read] = await readOutbox(dir);
    expect(read?.to).toBe("maker@example.com");
    expect(extractOtp(read ?? { text: "" })).toBe("Q7X2M9");
  });

  it("names files so that name order is send order, even within one millisecond", async () => {
    const dir = freshDir();
    const times = ["2025-03-01T09:59:59.999Z", "2025-03-01T10:00:00.000Z", "2025-03-01T10:00:00.000Z"];
    let call = 0;
    const mailer = createOutboxMailer({
      dir,
      log: () => {},
      now: () => new Date(times[Math.min(call++, times.length - 1)] ?? 0),
    });
    const recipients = ["a@example.com", "b@example.com", "c@example.com", "d@example.com"];
    for (const to of recipients) await mailer.send(otpMessage(to));

    const names = await readdir(dir);
    expect(names).toHaveLength(4);
    const byName = await Promise.all(
      [...names]
        .sort()
        .map(async (name) => JSON.parse(await readFile(path.join(dir, name), "utf8")) as MailMessage),
    );
    expect(byName.map((m) => m.to)).toEqual(recipients);
    expect((await readOutbox(dir)).map((m) => m.to)).toEqual(recipients);
    expect([...names].sort()[0]).toMatch(/^2025-03-01T09-59-59-999Z-/);
  });

  it("formats file names from the ISO timestamp", () => {
    expect(outboxFileName(new Date("2025-01-02T03:04:05.678Z"), "abc123")).toBe(
      "2025-01-02T03-04-05-678Z-abc123.json",
    );
  });

  it("writes a hidden temp file and renames it into place", async () => {
    const dir = freshDir();
    const mailer = createOutboxMailer({ dir, log: () => {} });
    vi.mocked(fsPromises.writeFile).mockClear();
    vi.mocked(fsPromises.rename).mockClear();

    const { id } = await mailer.send(otpMessage());

    const writes = vi.mocked(fsPromises.writeFile).mock.calls.map(([file]) => String(file));
    expect(writes).toHaveLength(1);
    const temp = writes[0] ?? "";
    expect(path.dirname(temp)).toBe(dir);
    expect(path.basename(temp).startsWith(".")).toBe(true);
    expect(temp.endsWith(".json")).toBe(false);
    expect(vi.mocked(fsPromises.rename).mock.calls).toEqual([[temp, path.join(dir, `${id}.json`)]]);
  });

  it("never shows a reader half a file, and leaves no temp files", async () => {
    const dir = freshDir();
    const mailer = createOutboxMailer({ dir, log: () => {} });
    const sends = Promise.all(
      Array.from({ length: 40 }, (_, i) => mailer.send(otpMessage(`user${i}@example.com`))),
    );
    let done = false;
    void sends.finally(() => {
      done = true;
    });
    while (!done) await readOutbox(dir); // throws on a partial JSON file
    await sends;
    const names = await readdir(dir);
    expect(names).toHaveLength(40);
    expect(names.every((name) => name.endsWith(".json") && !name.startsWith("."))).toBe(true);
  });

  it("refuses a malformed message without writing anything", async () => {
    const dir = freshDir();
    const mailer = createOutboxMailer({ dir, log: () => {} });
    await expect(mailer.send({ ...otpMessage(), to: "a@example.com\nBcc: x@example.com" })).rejects.toThrow(
      /Invalid mail message/,
    );
    await expect(mailer.send({ ...otpMessage(), to: "not-an-address" })).rejects.toThrow(/to/);
    expect(await readOutbox(dir)).toEqual([]);
  });
});

describe("outbox test helpers", () => {
  it("waitForMail returns the newest match once it arrives, and times out otherwise", async () => {
    const dir = freshDir();
    const mailer = createOutboxMailer({ dir, log: () => {} });
    await mailer.send(otpMessage("late@example.com", "OLD111"));
    const waiting = waitForMail(dir, (m) => m.to === "late@example.com" && m.text.includes("NEW222"), 5_000);
    setTimeout(() => void mailer.send(otpMessage("late@example.com", "NEW222")), 150);
    expect(extractOtp(await waiting)).toBe("NEW222");

    const newest = await waitForMail(dir, (m) => m.to === "late@example.com", 1_000);
    expect(extractOtp(newest)).toBe("NEW222");

    await expect(waitForMail(dir, (m) => m.to === "nobody@example.com", 200)).rejects.toThrow(
      /No matching mail/,
    );
  });

  it("extract helpers throw when the mail lacks the value", () => {
    expect(() => extractOtp({ text: "Hi,\ncode: AB12CD\n" })).toThrow(/No OTP/);
    expect(() => extractResetUrl({ text: `see ${RESET_URL}` })).toThrow(/No reset link/);
  });
});

describe("templates", () => {
  it("OTP: the code is the only 6-character line, and the mail says it expires in 10 minutes", () => {
    const mail = otpEmail({ username: "maker", code: "K3P9Z1", expiresInMinutes: 10 });
    expect(mail.text.match(/^[A-Z0-9]{6}$/gm)).toEqual(["K3P9Z1"]);
    expect(mail.text).toContain("expires in 10 minutes");
    expect(mail.html).toContain(">K3P9Z1</p>");
    expect(mail.subject).toContain(SITE_NAME);
    expect(mail.subject).not.toContain("K3P9Z1");
  });

  it("OTP: a username cannot forge a code line", () => {
    const mail = otpEmail({ username: "eve\nZZZZZZ\r\n", code: "AB12CD", expiresInMinutes: 10 });
    expect(extractOtp(mail)).toBe("AB12CD");
    expect(mail.text.match(/^[A-Z0-9]{6}$/gm)).toEqual(["AB12CD"]);
  });

  it("OTP: rejects a code that readers could not find", () => {
    expect(() => otpEmail({ username: "maker", code: "12345", expiresInMinutes: 10 })).toThrow();
    expect(() => otpEmail({ username: "maker", code: "abcdef", expiresInMinutes: 10 })).toThrow();
  });

  it("password reset: the URL is a line of the text and the button's href", () => {
    const mail = passwordResetEmail({ username: "maker", resetUrl: RESET_URL, expiresInMinutes: 60 });
    expect(extractResetUrl(mail)).toBe(RESET_URL);
    expect(extractResetToken(mail)).toBe("tok_abc-123");
    expect(mail.text.split("\n")).toContain(RESET_URL);
    expect(mail.html).toContain(`<a href="${RESET_URL}"`);
    expect(mail.html).toContain(">Reset password</a>");
    expect(mail.text).toContain("expires in 1 hour");
  });

  it("password reset: escapes ampersands in the href and refuses non-http links", () => {
    const url = "https://cnc.example/resetPassword?resetToken=a&b=<c>";
    const mail = passwordResetEmail({ username: "maker", resetUrl: url, expiresInMinutes: 60 });
    expect(mail.html).toContain('href="https://cnc.example/resetPassword?resetToken=a&amp;b=&lt;c&gt;"');
    expect(mail.html).not.toContain("<c>");
    for (const bad of ["javascript:alert(1)", "data:text/html,hi", "/resetPassword?resetToken=x"]) {
      expect(() => passwordResetEmail({ username: "maker", resetUrl: bad, expiresInMinutes: 60 })).toThrow();
    }
  });

  it("review mails carry the spec's sentence, the title and the project link", () => {
    const input = {
      username: "maker",
      projectTitle: "Walnut coaster set",
      projectUrl: "http://127.0.0.1:3000/model/42",
    };
    const submitted = projectSubmittedForReviewEmail(input);
    expect(submitted.text).toContain("Your project will be published once the review is done.");
    expect(submitted.html).toContain("Your project will be published once the review is done.");
    expect(submitted.subject).toContain("Walnut coaster set");
    expect(submitted.text.split("\n")).toContain(input.projectUrl);
    expect(submitted.html).toContain(`href="${input.projectUrl}"`);

    const published = projectPublishedEmail(input);
    expect(published.subject).toMatch(/published/);
    expect(published.text).toContain("Walnut coaster set");
    expect(published.html).toContain(`href="${input.projectUrl}"`);
    expect(() => projectPublishedEmail({ ...input, projectUrl: "javascript:alert(1)" })).toThrow();
  });

  it("every template escapes interpolated values in the HTML", () => {
    const mails = [
      otpEmail({ username: XSS, code: "AB12CD", expiresInMinutes: 10 }),
      passwordResetEmail({ username: XSS, resetUrl: RESET_URL, expiresInMinutes: 60 }),
      projectSubmittedForReviewEmail({ username: XSS, projectTitle: XSS, projectUrl: RESET_URL }),
      projectPublishedEmail({ username: XSS, projectTitle: XSS, projectUrl: RESET_URL }),
    ];
    for (const mail of mails) {
      expect(mail.html).not.toContain("<script");
      expect(mail.html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;&#39;");
      expect(mail.text).toContain(XSS);
    }
  });

  it("user values cannot add lines to the subject or the text", () => {
    const title = "Sign\nBcc: x@example.com\u2028WXYZ12";
    const mail = projectSubmittedForReviewEmail({
      username: "a\nb",
      projectTitle: title,
      projectUrl: RESET_URL,
    });
    expect(mail.subject).not.toMatch(/[\r\n\u2028]/);
    expect(mail.subject).toContain("Sign Bcc: x@example.com WXYZ12");
    expect(mail.text).toContain("Hi a b,");
    expect(mail.text.split("\n").some((line) => line.startsWith("Bcc:"))).toBe(false);
  });

  it("the layout is a complete, labelled document", () => {
    const mail = passwordResetEmail({ username: "maker", resetUrl: RESET_URL, expiresInMinutes: 60 });
    expect(mail.html).toMatch(/^<!DOCTYPE html>\n<html lang="en"/);
    expect(mail.html).toContain(`<title>${escapeHtml(mail.subject)}</title>`);
    expect(mail.html).toContain('role="presentation"');
    expect(mail.html).toContain(SITE_NAME);
    expect(mail.text).toContain(`The ${SITE_NAME} team`);
  });

  it("escapeHtml covers the five special characters", () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      "&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;",
    );
  });
});

interface RecordedRequest {
  method: string | undefined;
  url: string | undefined;
  headers: IncomingMessage["headers"];
  body: unknown;
}

describe("resend driver against a local fake of the Resend API", () => {
  let server: Server;
  let baseUrl: string;
  const requests: RecordedRequest[] = [];
  let answer: { status: number; body: string } = { status: 200, body: "{}" };

  beforeAll(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        requests.push({
          method: req.method,
          url: req.url,
          headers: req.headers,
          body: raw ? JSON.parse(raw) : null,
        });
        res.writeHead(answer.status, { "content-type": "application/json" });
        res.end(answer.body);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });
  beforeEach(() => {
    requests.length = 0;
    answer = { status: 200, body: JSON.stringify({ id: "email_123" }) };
  });

  it("POSTs /emails with the key as a bearer token and the message as JSON", async () => {
    const mailer = createResendMailer({
      apiKey: "re_test_123",
      from: "CNC Projects <no-reply@cnc.example>",
      baseUrl,
    });
    const message = otpMessage("maker@example.com", "AB12CD");

    await expect(mailer.send(message)).resolves.toEqual({ id: "email_123" });

    expect(mailer.driver).toBe("resend");
    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request?.method).toBe("POST");
    expect(request?.url).toBe("/emails");
    expect(request?.headers.authorization).toBe("Bearer re_test_123");
    expect(request?.headers["content-type"]).toBe("application/json");
    expect(request?.body).toEqual({
      from: "CNC Projects <no-reply@cnc.example>",
      to: "maker@example.com",
      subject: message.subject,
      text: message.text,
      html: message.html,
      tags: [{ name: "kind", value: "otp" }],
    });
  });

  it("accepts a base URL with a trailing slash", async () => {
    const mailer = createResendMailer({
      apiKey: "re_test_123",
      from: "a@cnc.example",
      baseUrl: `${baseUrl}/`,
    });
    await mailer.send(otpMessage());
    expect(requests[0]?.url).toBe("/emails");
  });

  it("turns an error answer into a thrown MailDeliveryError", async () => {
    answer = {
      status: 422,
      body: JSON.stringify({ statusCode: 422, name: "validation_error", message: "Invalid `to` field." }),
    };
    const mailer = createResendMailer({ apiKey: "re_test_123", from: "a@cnc.example", baseUrl });
    const error: unknown = await mailer.send(otpMessage()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MailDeliveryError);
    expect(error).toMatchObject({ statusCode: 422, reason: "validation_error", kind: "otp" });
    expect((error as Error).message).toBe(
      'Resend did not send the "otp" e-mail: validation_error (HTTP 422): Invalid `to` field.',
    );
  });

  it("throws on a non-JSON server error and when nobody answers", async () => {
    answer = { status: 502, body: "<html>Bad gateway</html>" };
    const mailer = createResendMailer({ apiKey: "re_test_123", from: "a@cnc.example", baseUrl });
    await expect(mailer.send(otpMessage())).rejects.toThrow(/application_error \(HTTP 502\)/);

    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const deadUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise((resolve) => closed.close(resolve));
    const unreachable = createResendMailer({
      apiKey: "re_test_123",
      from: "a@cnc.example",
      baseUrl: deadUrl,
    });
    await expect(unreachable.send(otpMessage())).rejects.toThrow(/no answer/);
  });

  it("createMailer picks Resend from RESEND_API_KEY and uses RESEND_BASE_URL and MAIL_FROM", async () => {
    const mailer = createMailer({
      MAIL_DRIVER: undefined,
      RESEND_API_KEY: "re_from_env",
      RESEND_BASE_URL: baseUrl,
      MAIL_FROM: "Env Sender <env@cnc.example>",
      MAIL_OUTBOX_DIR: undefined,
      DATA_DIR: tempRoot,
    });
    expect(mailer.driver).toBe("resend");
    await mailer.send(otpMessage());
    expect(requests[0]?.headers.authorization).toBe("Bearer re_from_env");
    expect(requests[0]?.body).toMatchObject({ from: "Env Sender <env@cnc.example>" });
  });
});

describe("driver selection", () => {
  it("MAIL_DRIVER wins; else resend with an API key; else outbox", () => {
    expect(selectMailDriver({ MAIL_DRIVER: undefined, RESEND_API_KEY: undefined })).toBe("outbox");
    expect(selectMailDriver({ MAIL_DRIVER: undefined, RESEND_API_KEY: "re_x" })).toBe("resend");
    expect(selectMailDriver({ MAIL_DRIVER: "outbox", RESEND_API_KEY: "re_x" })).toBe("outbox");
    expect(selectMailDriver({ MAIL_DRIVER: "resend", RESEND_API_KEY: "re_x" })).toBe("resend");
  });

  it("MAIL_DRIVER=resend without a key is a configuration error", () => {
    expect(() =>
      createMailer({
        MAIL_DRIVER: "resend",
        RESEND_API_KEY: undefined,
        RESEND_BASE_URL: undefined,
        MAIL_FROM: "a@cnc.example",
        MAIL_OUTBOX_DIR: undefined,
        DATA_DIR: tempRoot,
      }),
    ).toThrow(/RESEND_API_KEY/);
  });

  it("the outbox lives in MAIL_OUTBOX_DIR, else <DATA_DIR>/outbox", () => {
    expect(resolveOutboxDir({ MAIL_OUTBOX_DIR: "/tmp/box", DATA_DIR: "/data" })).toBe("/tmp/box");
    expect(resolveOutboxDir({ MAIL_OUTBOX_DIR: undefined, DATA_DIR: "/data" })).toBe("/data/outbox");
    expect(resolveOutboxDir({ MAIL_OUTBOX_DIR: undefined, DATA_DIR: ".data" })).toBe(
      path.resolve(".data", "outbox"),
    );
  });

  describe("getMailer and sendMail read the environment once", () => {
    afterEach(() => {
      vi.unstubAllEnvs();
      vi.restoreAllMocks();
      resetEnvCache();
      resetMailer();
    });

    it("default: outbox under DATA_DIR, one instance per process", async () => {
      const dataDir = path.join(tempRoot, "data-default");
      vi.stubEnv("MAIL_DRIVER", "");
      vi.stubEnv("RESEND_API_KEY", "");
      vi.stubEnv("MAIL_OUTBOX_DIR", "");
      vi.stubEnv("DATA_DIR", dataDir);
      resetEnvCache();
      resetMailer();
      const info = vi.spyOn(console, "info").mockImplementation(() => {});

      const mailer = getMailer();
      expect(mailer.driver).toBe("outbox");
      expect(getMailer()).toBe(mailer);

      await sendMail(otpMessage("env@example.com", "ENV123"));
      const [stored] = await readOutbox(path.join(dataDir, "outbox"));
      expect(stored?.to).toBe("env@example.com");
      expect(extractOtp(stored ?? { text: "" })).toBe("ENV123");
      expect(info).toHaveBeenCalledWith(
        expect.stringMatching(/^\[mail\] outbox: otp to env@example\.com -> /),
      );
    });

    it("MAIL_DRIVER=outbox overrides a configured Resend key", () => {
      vi.stubEnv("MAIL_DRIVER", "outbox");
      vi.stubEnv("RESEND_API_KEY", "re_present");
      resetEnvCache();
      resetMailer();
      expect(getMailer().driver).toBe("outbox");
    });

    it("an API key alone selects Resend", () => {
      vi.stubEnv("MAIL_DRIVER", "");
      vi.stubEnv("RESEND_API_KEY", "re_present");
      resetEnvCache();
      resetMailer();
      expect(getMailer().driver).toBe("resend");
    });
  });
});
