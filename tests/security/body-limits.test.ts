import { request as httpRequest } from "node:http";
import { describe, expect, inject, it } from "vitest";
import { Browser } from "../api/auth-support";

// Bodies are counted while they stream in, for every content type, and the
// answer (413 with the envelope) comes as soon as the limit is passed: the bodies below never
// end by themselves, so an answer at all proves the server did not wait to read them whole.

interface Answer {
  status: number;
  body: { status?: string; errorMessage?: string };
  sentBytes: number;
}

/** POSTs a chunked body (no Content-Length) that keeps sending until the server answers. */
function endlessChunkedPost(pathname: string, contentType: string, prefix = ""): Promise<Answer> {
  const url = new URL(pathname, inject("baseUrl"));
  return new Promise((resolve, reject) => {
    let sentBytes = 0;
    let answered = false;
    const request = httpRequest(url, {
      method: "POST",
      headers: { "content-type": contentType, "transfer-encoding": "chunked", origin: inject("baseUrl") },
    });
    const chunk = Buffer.alloc(64 * 1024, 0x61);
    const pump = () => {
      // Stop after 40 MB at most: far above every limit, so a server reading on would time out.
      while (!answered && sentBytes < 40 * 1024 * 1024) {
        sentBytes += chunk.length;
        if (!request.write(chunk)) return void request.once("drain", pump);
      }
    };
    request.on("response", (response) => {
      answered = true;
      let text = "";
      response.on("data", (data: Buffer) => (text += data.toString()));
      response.on("end", () => {
        request.destroy();
        resolve({ status: response.statusCode ?? 0, body: JSON.parse(text || "{}"), sentBytes });
      });
    });
    request.on("error", (error) => (answered ? undefined : reject(error)));
    if (prefix) {
      sentBytes += Buffer.byteLength(prefix);
      request.write(prefix);
    }
    pump();
  });
}

describe("request bodies are limited while they stream", () => {
  it("a chunked JSON body to POST /api/v1/auth/login is refused with 413 just after 1 MB", async () => {
    const answer = await endlessChunkedPost("/api/v1/auth/login", "application/json", '{"email":"');
    expect(answer.status).toBe(413);
    expect(answer.body).toMatchObject({ status: "error", errorMessage: "The request body is too large." });
    expect(answer.sentBytes).toBeLessThan(40 * 1024 * 1024);
  });

  it("a chunked urlencoded body is refused with 413", async () => {
    const answer = await endlessChunkedPost(
      "/api/v1/auth/login",
      "application/x-www-form-urlencoded",
      "email=",
    );
    expect(answer.status).toBe(413);
    expect(answer.body.status).toBe("error");
  });

  it("a chunked anonymous multipart body to register is refused with 413 past the endpoint's limit", async () => {
    const answer = await endlessChunkedPost(
      "/api/v1/auth/register",
      "multipart/form-data; boundary=XyZ",
      '--XyZ\r\nContent-Disposition: form-data; name="username"\r\n\r\n',
    );
    expect(answer.status).toBe(413);
    expect(answer.body).toMatchObject({ status: "error", errorMessage: "The request body is too large." });
  });

  it("a declared Content-Length above the limit is refused at once", async () => {
    const response = await fetch(`${inject("baseUrl")}/api/v1/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: inject("baseUrl") },
      body: JSON.stringify({ email: "a".repeat(1_100_000), password: "x" }),
    });
    expect(response.status).toBe(413);
  });

  it("a body sent as multipart that is not multipart is a 400 with the envelope, not a 500", async () => {
    for (const contentType of ["multipart/form-data", "multipart/form-data; boundary=abc"]) {
      const result = await new Browser().call("/api/v1/auth/register", {
        method: "POST",
        headers: { "content-type": contentType },
      });
      // No body at all, then a body that is not multipart.
      expect(result.status, contentType).toBe(400);
      const response = await fetch(`${inject("baseUrl")}/api/v1/auth/register`, {
        method: "POST",
        headers: { "content-type": contentType, origin: inject("baseUrl") },
        body: "definitely not multipart",
      });
      expect(response.status, contentType).toBe(400);
      expect(await response.json()).toMatchObject({
        status: "error",
        errorMessage: "The request body is not a valid form.",
      });
    }
  });
});
