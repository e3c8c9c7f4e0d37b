import { describe, expect, it } from "vitest";
import { uploadedText } from "@/app/(studio)/project/_components/save-step";
import { updateUserFieldsSchema } from "@/lib/validation/users";

const file = (name: string) => new File(["x"], name);

describe("the upload toast names what was uploaded", () => {
  it("says the kind and the file names", () => {
    expect(uploadedText([{ category: "postThumbnail", file: file("cover.png") }])).toBe(
      "Thumbnail uploaded: cover.png",
    );
    expect(
      uploadedText([
        { category: "postModel", file: file("a.nc") },
        { category: "postModel", file: file("b.gcode") },
      ]),
    ).toBe("Models uploaded: a.nc, b.gcode");
  });
});

describe("a website typed without a scheme", () => {
  const website = (value: string) =>
    updateUserFieldsSchema.pick({ website: true }).safeParse({ website: value });

  it("is read as https, and a real address or an empty one is kept", () => {
    expect(website("maker.example/shop").data?.website).toBe("https://maker.example/shop");
    expect(website("http://maker.example").data?.website).toBe("http://maker.example");
    expect(website("").data?.website).toBe("");
    expect(website("not a url").success).toBe(false);
  });
});
