import fc from "fast-check";

/** The subset of JSON Schema that lib/http/openapi.ts emits (z.toJSONSchema of the endpoint schemas). */
export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  default?: unknown;
}

/** Real ids and names of the fuzz run's own rows, so some requests get past "not found" into the services. */
export interface KnownValues {
  uuids: string[];
  usernames: string[];
}

const HUGE = "A".repeat(200_000);
/** Over the 1 MB body limit once serialised: the answer must be a 413 with the envelope. */
const OVER_BODY_LIMIT = "B".repeat(1_100_000);

/** Strings that broke, or could break, a layer below validation. */
const NASTY_STRINGS = [
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "%00",
  "%",
  "%E0%A4%A",
  "%ZZ",
  "\uD800",
  "\uDFFF\uD800",
  "🙂".repeat(60),
  "'; DROP TABLE users; --",
  "../../../../etc/passwd",
  "<script>alert(1)</script>",
  "\r\nSet-Cookie: a=b",
  "null",
  "undefined",
  "NaN",
  "-1",
  "1e309",
  "00000000-0000-0000-0000-000000000000",
  "ffffffff-ffff-ffff-ffff-ffffffffffff",
  "__proto__",
  "x".repeat(5_000),
];

/** Values of the wrong type, or at the edges of their type. */
const NASTY_VALUES: unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  1.5,
  -0.5,
  1e308,
  -1e308,
  Number.MAX_SAFE_INTEGER + 2,
  {},
  [],
  [null],
  [[[]]],
  JSON.parse('{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}'),
];

export const nastyString = (): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
    { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
    { weight: 1, arbitrary: fc.string({ unit: "grapheme", maxLength: 40 }) },
    { weight: 1, arbitrary: fc.constant(HUGE) },
    { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 8 }).map((s) => `a\u0000${s}`) },
  );

export const nastyValue = (): fc.Arbitrary<unknown> =>
  fc.oneof(
    { weight: 3, arbitrary: nastyString() },
    { weight: 3, arbitrary: fc.constantFrom(...NASTY_VALUES) },
    { weight: 1, arbitrary: fc.integer() },
    { weight: 1, arbitrary: fc.double() },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
    { weight: 1, arbitrary: fc.array(nastyString(), { maxLength: 60 }) },
  );

export const overBodyLimit = () => OVER_BODY_LIMIT;

function stringArbitrary(schema: JsonSchema, known: KnownValues): fc.Arbitrary<string> {
  if (schema.format === "uuid") return fc.oneof(fc.constantFrom(...known.uuids), fc.uuid());
  if (schema.format === "email") return fc.emailAddress();
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.min(schema.maxLength ?? 60, minLength + 60);
  return fc.oneof(
    { weight: 4, arbitrary: fc.string({ minLength, maxLength }) },
    { weight: 1, arbitrary: fc.constantFrom(...known.usernames) },
  );
}

/** Values that satisfy the schema (most of the time): the base the mutations start from. */
export function validValue(schema: JsonSchema, known: KnownValues, depth = 0): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives && alternatives.length > 0) {
    return fc.oneof(...alternatives.map((alternative) => validValue(alternative, known, depth + 1)));
  }
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case "string":
      return stringArbitrary(schema, known);
    case "integer":
      return fc.integer({
        min: Math.max(schema.minimum ?? -1000, -1_000_000),
        max: Math.min(schema.maximum ?? 1000, 1_000_000),
      });
    case "number":
      return fc.double({ min: schema.minimum ?? -1000, max: schema.maximum ?? 1000, noNaN: true });
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "array":
      if (depth > 4) return fc.constant([]);
      return fc.array(validValue(schema.items ?? {}, known, depth + 1), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 4, (schema.minItems ?? 0) + 4),
      });
    case "object": {
      if (depth > 4) return fc.constant({});
      const properties = schema.properties ?? {};
      const entries = Object.fromEntries(
        Object.entries(properties).map(([key, property]) => [key, validValue(property, known, depth + 1)]),
      );
      return fc.record(entries, { requiredKeys: schema.required ?? [] });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/**
 * A body or value derived from the schema, then broken: a field of the wrong type, a required
 * field missing, extra fields, NUL bytes, huge strings, or not an object at all.
 */
export function malformedValue(schema: JsonSchema, known: KnownValues): fc.Arbitrary<unknown> {
  const base = validValue(schema, known);
  const properties = Object.keys(schema.properties ?? {});
  const required = schema.required ?? [];
  const mutations: fc.Arbitrary<unknown>[] = [base, nastyValue(), fc.array(base, { maxLength: 3 })];
  if (properties.length > 0) {
    mutations.push(
      // one field of the wrong type
      fc
        .tuple(base, fc.constantFrom(...properties), nastyValue())
        .map(([value, key, bad]) => ({ ...(value as object), [key]: bad })),
      // every field of the wrong type
      fc
        .tuple(...properties.map(() => nastyValue()))
        .map((values) => Object.fromEntries(properties.map((key, index) => [key, values[index]]))),
      // extra fields
      fc
        .tuple(base, fc.dictionary(fc.string({ maxLength: 12 }), nastyValue(), { maxKeys: 4 }))
        .map(([value, extra]) => ({ ...extra, ...(value as object) })),
    );
  }
  if (required.length > 0) {
    mutations.push(
      fc.tuple(base, fc.constantFrom(...required)).map(([value, key]) => {
        const copy = { ...(value as Record<string, unknown>) };
        delete copy[key];
        return copy;
      }),
    );
  }
  return fc.oneof(...mutations);
}
