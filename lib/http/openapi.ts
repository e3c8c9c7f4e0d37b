import { z } from "zod";
import * as attachments from "@/lib/validation/attachments";
import * as auth from "@/lib/validation/auth";
import * as catalogue from "@/lib/validation/catalogue";
import * as collections from "@/lib/validation/collections";
import * as comments from "@/lib/validation/comments";
import * as downloadLogs from "@/lib/validation/download-logs";
import * as feeds from "@/lib/validation/feeds";
import * as follows from "@/lib/validation/follows";
import * as makes from "@/lib/validation/makes";
import * as notifications from "@/lib/validation/notifications";
import * as postAuthoring from "@/lib/validation/post-authoring";
import * as posts from "@/lib/validation/posts";
import * as remixes from "@/lib/validation/remixes";
import * as review from "@/lib/validation/review";
import * as sendToMachine from "@/lib/validation/send-to-machine";
import * as taxonomy from "@/lib/validation/taxonomy";
import * as users from "@/lib/validation/users";
import {
  CLIENT_MARKER_HEADER,
  CLIENT_MARKER_VALUE,
  type Endpoint,
  isEndpoint,
} from "@/lib/validation/endpoint";

/** Every validation module that declares endpoints; add a module here when an area gains calls. */
const ENDPOINT_MODULES: Record<string, unknown>[] = [
  catalogue,
  taxonomy,
  posts,
  postAuthoring,
  remixes,
  comments,
  collections,
  follows,
  notifications,
  makes,
  feeds,
  attachments,
  sendToMachine,
  downloadLogs,
  review,
  auth,
  users,
];

type JsonSchema = Record<string, unknown>;

const toSchema = (schema: z.ZodType, io: "input" | "output"): JsonSchema => {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: "any" }) as JsonSchema;
  return rest;
};

const errorBody: JsonSchema = {
  type: "object",
  required: ["status", "errorMessage", "message"],
  properties: {
    status: { const: "error" },
    errorMessage: { type: "string" },
    message: { type: "string" },
    issues: {
      type: "array",
      items: {
        type: "object",
        required: ["path", "message"],
        properties: { path: { type: "string" }, message: { type: "string" } },
      },
    },
  },
};

function parameters(endpoint: Endpoint): JsonSchema[] {
  const result: JsonSchema[] = [];
  for (const match of endpoint.path.matchAll(/\{(\w+)\}/g)) {
    result.push({ name: match[1], in: "path", required: true, schema: { type: "string" } });
  }
  if (endpoint.query) {
    const schema = toSchema(endpoint.query, "input");
    const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
    const required = new Set((schema.required ?? []) as string[]);
    for (const [name, property] of Object.entries(properties)) {
      result.push({
        name,
        in: "query",
        required: required.has(name),
        schema: property,
        style: "form",
        explode: true,
      });
    }
  }
  // The spec's state-changing GETs answer only the app's own client (lib/http/origin.ts).
  if (endpoint.stateChangingGet) {
    result.push({
      name: CLIENT_MARKER_HEADER,
      in: "header",
      required: true,
      description: `Must be \`${CLIENT_MARKER_VALUE}\`: this GET changes state, so it is refused without the header (a link or a navigation cannot send it).`,
      schema: { type: "string", const: CLIENT_MARKER_VALUE },
    });
  }
  return result;
}

function operation(endpoint: Endpoint): JsonSchema {
  const responses: JsonSchema = {
    [String(endpoint.successStatus ?? 200)]: {
      description: "Success",
      content: {
        "application/json": {
          schema: {
            type: "object",
            required: ["status", "data"],
            properties: { status: { const: "success" }, data: toSchema(endpoint.response, "output") },
          },
        },
      },
    },
    "400": { description: "Invalid input", content: { "application/json": { schema: errorBody } } },
  };
  if (endpoint.auth !== "none") {
    responses["401"] = {
      description: "Not signed in",
      content: { "application/json": { schema: errorBody } },
    };
    responses["403"] = {
      description: "Access token expired (refresh and retry) or not allowed",
      content: { "application/json": { schema: errorBody } },
    };
  }
  return {
    summary: endpoint.summary,
    tags: [endpoint.tag],
    parameters: parameters(endpoint),
    ...(endpoint.body
      ? {
          requestBody: {
            required: true,
            content: { "application/json": { schema: toSchema(endpoint.body, "input") } },
          },
        }
      : {}),
    ...(endpoint.auth !== "none" ? { security: [{ cookieSession: [] }] } : {}),
    responses,
  };
}

export function allEndpoints(): Endpoint[] {
  return ENDPOINT_MODULES.flatMap((module) => Object.values(module).filter(isEndpoint));
}

/** The OpenAPI 3.1 document of /api/v1, generated from the same zod schemas the handlers parse with. */
export function buildOpenApiDocument(): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const endpoint of allEndpoints()) {
    paths[endpoint.path] ??= {};
    (paths[endpoint.path] as Record<string, JsonSchema>)[endpoint.method.toLowerCase()] = operation(endpoint);
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "CNC Projects API",
      version: "1.0.0",
      description:
        "Cookie-authenticated JSON API. Success: { status: 'success', data }. Error: { status: 'error', errorMessage, message, issues? }.",
    },
    servers: [{ url: "/" }],
    components: {
      securitySchemes: { cookieSession: { type: "apiKey", in: "cookie", name: "access_token" } },
    },
    paths,
  };
}
