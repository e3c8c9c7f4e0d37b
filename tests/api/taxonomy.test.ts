import { describe, expect, it } from "vitest";
import type { CncBrand, CncModel, CncVariant } from "@/lib/validation/catalogue";
import type { Category, Partner, Tag } from "@/lib/validation/taxonomy";
import { createCatalogue, createCategory, createPartner, createTag } from "../support/factories";
import { api, type Envelope } from "../support/http";

describe("GET /api/v1/cncBrand/getBrands", () => {
  it("lists brands in the success envelope", async () => {
    const { brand } = await createCatalogue();
    const { status, body } = await api<Envelope<{ brands: CncBrand[] }>>("/api/v1/cncBrand/getBrands");
    expect(status).toBe(200);
    expect(body.status).toBe("success");
    expect(body.data.brands).toContainEqual({ _id: brand.id, name: brand.name, link: brand.link });
  });
});

describe("GET /api/v1/cncModel/getModels", () => {
  it("filters by one or several repeated brandId values", async () => {
    const first = await createCatalogue();
    const second = await createCatalogue();
    const one = await api<Envelope<{ models: CncModel[] }>>(
      `/api/v1/cncModel/getModels?brandId=${first.brand.id}`,
    );
    expect(one.status).toBe(200);
    expect(one.body.data.models).toEqual([
      {
        _id: first.model.id,
        name: first.model.name,
        link: first.model.link,
        cncBrand: { _id: first.brand.id, name: first.brand.name },
      },
    ]);
    const both = await api<Envelope<{ models: CncModel[] }>>(
      `/api/v1/cncModel/getModels?brandId=${first.brand.id}&brandId=${second.brand.id}`,
    );
    expect(both.body.data.models.map((model) => model._id).sort()).toEqual(
      [first.model.id, second.model.id].sort(),
    );
  });

  it("answers 400 with the field issue for a malformed brandId", async () => {
    const { status, body } = await api<Envelope<unknown>>("/api/v1/cncModel/getModels?brandId=not-an-id");
    expect(status).toBe(400);
    expect(body).toMatchObject({ status: "error", errorMessage: "Invalid id", message: "Invalid id" });
    expect(body.issues).toEqual([{ path: "brandId", message: "Invalid id" }]);
  });
});

describe("GET /api/v1/cncVariant/getVariants", () => {
  it("returns variants of the given models with brand, model and work area", async () => {
    const { brand, model, variants } = await createCatalogue();
    const { status, body } = await api<Envelope<{ variants: CncVariant[] }>>(
      `/api/v1/cncVariant/getVariants?modelId=${model.id}`,
    );
    expect(status).toBe(200);
    expect(body.data.variants).toHaveLength(2);
    const x35 = body.data.variants.find((variant) => variant.name === "X-35");
    expect(x35).toEqual({
      _id: variants[0]!.id,
      name: "X-35",
      cncModel: model.id,
      brandName: brand.name,
      modelName: model.name,
      brandLink: brand.link,
      modelLink: model.link,
      variantLink: null,
      workArea: { xMm: 816, yMm: 816, zMm: 133 },
      isConfirmed: true,
    });
  });

  it("unites repeated modelId and variantId filters", async () => {
    const first = await createCatalogue();
    const second = await createCatalogue();
    const { body } = await api<Envelope<{ variants: CncVariant[] }>>(
      `/api/v1/cncVariant/getVariants?modelId=${first.model.id}&variantId=${second.variants[1]!.id}&variantId=${second.variants[0]!.id}`,
    );
    const ids = body.data.variants.map((variant) => variant._id).sort();
    expect(ids).toEqual([...first.variants, ...second.variants].map((variant) => variant.id).sort());
  });

  it("answers 400, not 500, for a bad variantId among good ones", async () => {
    const { model } = await createCatalogue();
    const { status, body } = await api<Envelope<unknown>>(
      `/api/v1/cncVariant/getVariants?modelId=${model.id}&variantId=x'%20OR%201=1`,
    );
    expect(status).toBe(400);
    expect(body.issues?.[0]?.path).toBe("variantId");
  });
});

describe("GET /api/v1/category/getCategories", () => {
  it("lists categories of type post", async () => {
    const category = await createCategory();
    const { status, body } = await api<Envelope<{ categories: Category[] }>>(
      "/api/v1/category/getCategories?type=post",
    );
    expect(status).toBe(200);
    expect(body.data.categories).toContainEqual({ _id: category.id, name: category.name, type: "post" });
  });

  it("refuses an unknown type with 400", async () => {
    const { status, body } = await api<Envelope<unknown>>("/api/v1/category/getCategories?type=video");
    expect(status).toBe(400);
    expect(body.issues).toEqual([{ path: "type", message: "type must be one of: post" }]);
  });
});

describe("GET /api/v1/tag/getTags", () => {
  it("lists tags of type post", async () => {
    const tag = await createTag();
    const { status, body } = await api<Envelope<{ tags: Tag[] }>>("/api/v1/tag/getTags?type=post");
    expect(status).toBe(200);
    expect(body.data.tags).toContainEqual({ _id: tag.id, name: tag.name, type: "post" });
  });
});

describe("GET /api/v1/partner/getPartners", () => {
  it("lists partners with colour and user", async () => {
    const { partner, user } = await createPartner({ color: "#C0FFEE" });
    const { status, body } = await api<Envelope<{ partners: Partner[] }>>("/api/v1/partner/getPartners");
    expect(status).toBe(200);
    expect(body.data.partners).toContainEqual({
      _id: partner.id,
      name: partner.name,
      color: "#C0FFEE",
      user: { _id: user.id, username: user.username },
    });
  });
});

describe("GET /api/v1/openapi.json", () => {
  it("documents every taxonomy call with its parameters", async () => {
    const { status, body } = await api<{
      openapi: string;
      paths: Record<string, Record<string, { parameters: { name: string }[] }>>;
    }>("/api/v1/openapi.json");
    expect(status).toBe(200);
    expect(body.openapi).toBe("3.1.0");
    for (const path of [
      "/api/v1/cncBrand/getBrands",
      "/api/v1/cncModel/getModels",
      "/api/v1/cncVariant/getVariants",
      "/api/v1/category/getCategories",
      "/api/v1/tag/getTags",
      "/api/v1/partner/getPartners",
    ]) {
      expect(body.paths[path]?.get, path).toBeDefined();
    }
    const variantParams = body.paths["/api/v1/cncVariant/getVariants"]!.get!.parameters.map((p) => p.name);
    expect(variantParams).toEqual(["modelId", "variantId"]);
  });
});
