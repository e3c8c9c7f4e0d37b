import { request as httpRequest, Agent } from "node:http";
import fc from "fast-check";
import {
  type JsonSchema,
  type KnownValues,
  malformedValue,
  nastyString,
  nastyValue,
  overBodyLimit,
  validValue,
} from "./schema-arbitraries";

/** One operation of /api/v1/openapi.json. */
export interface Operation {
  method: string;
  path: string;
  parameters: { name: string; in: "path" | "query" | "header"; required?: boolean; schema: JsonSchema }[];
  body?: JsonSchema;
}

interface OpenApiDocument {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Operation["parameters"];
        requestBody?: { content: Record<string, { schema: JsonSchema }> };
      }
    >
  >;
}

export function operationsOf(document: unknown): Operation[] {
  const result: Operation[] = [];
  for (const [path, methods] of Object.entries((document as OpenApiDocument).paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      result.push({
        method: method.toUpperCase(),
        path,
        parameters: operation.parameters ?? [],
        body: operation.requestBody?.content["application/json"]?.schema,
      });
    }
  }
  return result;
}

/** Who sends the request: the Cookie header is built when the request is sent. */
export type Auth =
  { kind: "none" } | { kind: "user" } | { kind: "user-and-broken-refresh" } | { kind: "raw"; cookie: string };

type Body =
  | { kind: "none" }
  | { kind: "raw"; contentType: string | null; text: string }
  | { kind: "form"; fields: [string, string | { file: string; name: string }][]; contentType?: string };

export interface FuzzRequest {
  /** The operation as the document names it: `GET /api/v1/post/{id}`. */
  operation: string;
  method: string;
  /** The request target exactly as sent: path and query, percent-encoding possibly broken. */
  target: string;
  auth: Auth;
  body: Body;
  sameOrigin: boolean;
}

/** Broken or hostile percent-encodings, sent as they are (never re-encoded). */
const RAW_ENCODINGS = [
  "%",
  "%ZZ",
  "%E0%A4%A",
  "%C0%AE",
  "%00",
  "x%00y",
  "%FF%FE",
  "%25",
  "%2F",
  "%u0041",
  "..",
];
const BROKEN_COOKIES = [
  "access_token=%E0%A4%A",
  "refresh_token=%",
  "access_token=%; refresh_token=%ZZ",
  "access_token=not.a.jwt",
  "access_token=eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.",
  "access_token=",
  "access_token=a=b=c; access_token=d",
  `access_token=${"x".repeat(3_000)}`,
  "=; ; ;=",
  "refresh_token=eyJhbGciOiJIUzI1NiJ9.e30.AAAA",
];
const PAGE_VALUES = [
  "-1",
  "0",
  "1.5",
  "-0.5",
  "1e21",
  "abc",
  "",
  "NaN",
  "Infinity",
  "0x10",
  "9007199254740993",
  "%00",
  "1%00",
];

/** Percent-encodes the UTF-8 bytes (a lone surrogate becomes U+FFFD, where encodeURIComponent throws). */
const encode = (value: unknown): string =>
  [...Buffer.from(typeof value === "string" ? value : (JSON.stringify(value) ?? ""))]
    .map((byte) =>
      /[A-Za-z0-9\-_.~]/.test(String.fromCharCode(byte))
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).toUpperCase().padStart(2, "0")}`,
    )
    .join("");

/** A path or query value: valid for the schema, hostile but well encoded, or broken as sent. */
function parameterValue(schema: JsonSchema, known: KnownValues): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: validValue(schema, known).map(encode) },
    // Cut to 6,000 characters (a cut may break a %XX): most huge values then fit Node's 16 KB
    // header limit and reach the handler; a few requests still exceed it and get the 431 envelope.
    { weight: 2, arbitrary: nastyValue().map((value) => encode(value).slice(0, 6_000)) },
    { weight: 2, arbitrary: fc.constantFrom(...RAW_ENCODINGS) },
    { weight: 1, arbitrary: fc.constantFrom(...known.uuids, ...known.usernames) },
  );
}

function queryString(operation: Operation, known: KnownValues): fc.Arbitrary<string> {
  const queryParameters = operation.parameters.filter((parameter) => parameter.in === "query");
  const pairs = queryParameters.map((parameter) => {
    const isPage = ["page", "limit", "currentPage", "ratings"].includes(parameter.name);
    const value = isPage
      ? fc.oneof(parameterValue(parameter.schema, known), fc.constantFrom(...PAGE_VALUES))
      : parameterValue(parameter.schema, known);
    return fc.option(
      fc
        .array(value, { minLength: 1, maxLength: 2 })
        .map((values) => values.map((item) => `${parameter.name}=${item}`).join("&")),
      { freq: 3 },
    );
  });
  const extra = fc.option(
    fc.oneof(
      fc.constantFrom("%E0%A4%A=1", "%=%", "__proto__=x&__proto__=y", "a=%00", "&&&", "=x"),
      fc
        .tuple(fc.string({ maxLength: 10 }), nastyString())
        .map(([key, value]) => `${encode(key)}=${encode(value).slice(0, 6_000)}`),
    ),
    { freq: 4 },
  );
  return fc.tuple(fc.tuple(...pairs), extra).map(([parts, more]) => {
    const all = [...parts, more].filter((part): part is string => part !== null && part !== "");
    return all.length > 0 ? `?${all.join("&")}` : "";
  });
}

function pathOf(operation: Operation, known: KnownValues): fc.Arbitrary<string> {
  const names = [...operation.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1] as string);
  if (names.length === 0) return fc.constant(operation.path);
  return fc
    .tuple(...names.map(() => parameterValue({ type: "string" }, known)))
    .map((values) =>
      names.reduce((path, name, index) => path.replace(`{${name}}`, values[index] ?? ""), operation.path),
    );
}

const asText = (value: unknown): string =>
  typeof value === "string" ? value : (JSON.stringify(value) ?? "");

/** Multipart fields from an object as the app's forms send them (arrays repeat the key). */
function formFields(value: unknown): [string, string | { file: string; name: string }][] {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return [["value", asText(value)]];
  const fields: [string, string | { file: string; name: string }][] = [];
  for (const [key, item] of Object.entries(value)) {
    const items = Array.isArray(item) ? item : [item];
    for (const entry of items) fields.push([key, asText(entry)]);
  }
  return fields;
}

function bodyOf(operation: Operation, known: KnownValues): fc.Arbitrary<Body> {
  const schema = operation.body ?? { type: "object" };
  const value = malformedValue(schema, known);
  const json = (contentType: string | null) =>
    value.map((item): Body => ({ kind: "raw", contentType, text: JSON.stringify(item) ?? "" }));
  const bodies: fc.Arbitrary<Body>[] = [
    json("application/json"),
    json("application/json"),
    json("application/json; charset=utf-8"),
    json(null),
    json("text/plain"),
    // a body that is not multipart, sent as multipart
    json("multipart/form-data; boundary=----fuzz"),
    json("multipart/form-data"),
    fc.constant<Body>({ kind: "raw", contentType: "application/json", text: "" }),
    fc.constant<Body>({ kind: "raw", contentType: "multipart/form-data; boundary=x", text: "" }),
    fc.constantFrom<Body>(
      { kind: "raw", contentType: "application/json", text: '{"a":' },
      { kind: "raw", contentType: "application/json", text: "\u0000" },
      { kind: "raw", contentType: "application/json", text: '"\\u0000"' },
      { kind: "raw", contentType: "application/x-www-form-urlencoded", text: "a=%E0%A4%A&b=%" },
      { kind: "raw", contentType: "application/octet-stream", text: "\u0000\u0001\u0002" },
      { kind: "raw", contentType: "multipart/form-data; boundary=b", text: "--b\r\nbroken" },
      {
        kind: "raw",
        contentType: "application/json",
        text: JSON.stringify({ huge: overBodyLimit() }),
      },
    ),
    // real multipart and urlencoded bodies from the (broken) fields
    value.map((item): Body => ({ kind: "form", fields: formFields(item) })),
    fc.tuple(value, nastyString()).map(([item, fileName]): Body => ({
      kind: "form",
      fields: [...formFields(item), ["file", { file: "G0 X0\n", name: fileName.slice(0, 300) }]],
    })),
    value.map((item): Body => ({
      kind: "form",
      fields: formFields(item),
      contentType: "application/x-www-form-urlencoded",
    })),
  ];
  return fc.oneof(...bodies);
}

function authOf(): fc.Arbitrary<Auth> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constant<Auth>({ kind: "none" }) },
    { weight: 4, arbitrary: fc.constant<Auth>({ kind: "user" }) },
    { weight: 1, arbitrary: fc.constant<Auth>({ kind: "user-and-broken-refresh" }) },
    {
      weight: 2,
      arbitrary: fc.constantFrom(...BROKEN_COOKIES).map((cookie): Auth => ({ kind: "raw", cookie })),
    },
  );
}

/** Malformed requests for one operation, generated from its parameters and body schema. */
export function requestsFor(operation: Operation, known: KnownValues): fc.Arbitrary<FuzzRequest> {
  const hasBody = !["GET", "HEAD"].includes(operation.method);
  return fc.record({
    operation: fc.constant(`${operation.method} ${operation.path}`),
    method: fc.constant(operation.method),
    target: fc
      .tuple(pathOf(operation, known), queryString(operation, known))
      .map(([path, query]) => path + query),
    auth: authOf(),
    body: hasBody ? bodyOf(operation, known) : fc.constant<Body>({ kind: "none" }),
    // one request in ten from another site (the CSRF check answers those first)
    sameOrigin: fc.nat(9).map((n) => n !== 0),
  });
}

export interface FuzzAnswer {
  /** -1 when the server closed the connection without an answer the client could read. */
  status: number;
  /** Size of the body sent: past the 1 MB limit the server may answer 413 and close mid-upload. */
  sentBytes: number;
  contentType: string;
  text: string;
}

const agent = new Agent({ keepAlive: true, maxSockets: 16 });

async function serialise(body: Body): Promise<{ bytes?: Buffer; contentType?: string | null }> {
  if (body.kind === "none") return {};
  if (body.kind === "raw") return { bytes: Buffer.from(body.text), contentType: body.contentType };
  if (body.contentType === "application/x-www-form-urlencoded") {
    const params = new URLSearchParams();
    for (const [key, value] of body.fields)
      params.append(key, typeof value === "string" ? value : value.file);
    return { bytes: Buffer.from(params.toString()), contentType: body.contentType };
  }
  const form = new FormData();
  for (const [key, value] of body.fields) {
    if (typeof value === "string") form.append(key, value);
    else form.append(key, new Blob([value.file]), value.name);
  }
  const response = new Response(form);
  return {
    bytes: Buffer.from(await response.arrayBuffer()),
    contentType: response.headers.get("content-type"),
  };
}

/**
 * Sends the request with node:http, so the target goes out exactly as generated (fetch would
 * normalise `..` and re-encode). Each request comes from its own address through the trusted
 * proxy, so the per-IP limits answer few 429s and most requests reach validation.
 */
export async function send(
  baseUrl: string,
  request: FuzzRequest,
  context: { cookieFor(auth: Auth): string | undefined; ip: string },
): Promise<FuzzAnswer> {
  const url = new URL(baseUrl);
  const { bytes, contentType } = await serialise(request.body);
  const headers: Record<string, string> = {
    "x-forwarded-for": context.ip,
    "x-requested-with": "cnc-projects",
    origin: request.sameOrigin ? url.origin : "https://evil.example",
  };
  if (contentType) headers["content-type"] = contentType;
  if (bytes) headers["content-length"] = String(bytes.length);
  const cookie = context.cookieFor(request.auth);
  if (cookie) headers.cookie = cookie;
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      { host: url.hostname, port: url.port, path: request.target, method: request.method, headers, agent },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            sentBytes: bytes?.length ?? 0,
            contentType: String(response.headers["content-type"] ?? ""),
            text: Buffer.concat(chunks).toString(),
          }),
        );
        response.on("error", reject);
      },
    );
    outgoing.setTimeout(60_000, () => outgoing.destroy(new Error("timed out")));
    outgoing.on("error", (error) => {
      // The server may answer 413 and close before reading a body over the limit.
      if (
        (error as NodeJS.ErrnoException).code === "EPIPE" ||
        (error as NodeJS.ErrnoException).code === "ECONNRESET"
      )
        resolve({ status: -1, sentBytes: bytes?.length ?? 0, contentType: "", text: String(error) });
      else reject(error);
    });
    outgoing.end(bytes);
  });
}

/** The contract's error envelope (DESIGN.md, lib/http/envelope.ts). */
export function hasErrorEnvelope(answer: FuzzAnswer): boolean {
  if (!answer.contentType.includes("application/json")) return false;
  try {
    const body = JSON.parse(answer.text) as Record<string, unknown>;
    return (
      body.status === "error" && typeof body.errorMessage === "string" && typeof body.message === "string"
    );
  } catch {
    return false;
  }
}

export function describeRequest(request: FuzzRequest): string {
  const body =
    request.body.kind === "none"
      ? ""
      : request.body.kind === "raw"
        ? ` [${request.body.contentType}] ${JSON.stringify(request.body.text.slice(0, 200))}`
        : ` [form${request.body.contentType ? ` ${request.body.contentType}` : ""}] ${JSON.stringify(request.body.fields).slice(0, 200)}`;
  return `${request.method} ${request.target.slice(0, 200)} auth=${request.auth.kind === "raw" ? request.auth.cookie.slice(0, 60) : request.auth.kind}${body}`;
}
