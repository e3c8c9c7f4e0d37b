// @marbec/web-auto-extractor and @adobe/structured-data-validator ship no types; the SEO tests
// need the parser's output and the validator's issues only.
declare module "@marbec/web-auto-extractor" {
  export interface ExtractedData {
    jsonld: Record<string, Record<string, unknown>[]>;
    microdata: Record<string, unknown[]>;
    rdfa: Record<string, unknown[]>;
    metatags: Record<string, string[]>;
  }
  export default class WebAutoExtractor {
    constructor(options?: { addLocation?: boolean; embedSource?: boolean | string[] });
    parse(html: string): ExtractedData;
  }
}

declare module "@adobe/structured-data-validator" {
  export interface ValidationIssue {
    issueMessage: string;
    severity: "ERROR" | "WARNING";
    path: unknown[];
    fieldNames?: string[];
  }
  export default class Validator {
    constructor(schemaOrgJson?: unknown);
    validate(data: unknown): Promise<ValidationIssue[]>;
  }
}
