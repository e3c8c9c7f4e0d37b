import { describe, expect, it } from "vitest";
import { preflightStepOf } from "@/components/wizard/preflight";
import { acceptedExtensions, pickedFileRefusal, uploadFileProblem } from "@/lib/validation/attachments";

const MB = 1024 * 1024;

describe("files refused when picked or dropped in the wizard", () => {
  it("names the file and the accepted extensions for a type the spec refuses", () => {
    expect(pickedFileRefusal("postModel", { name: "raster.gco", size: 2000 })).toBe(
      "raster.gco can't be uploaded: models must be .gcode, .nc or .ngc.",
    );
    expect(pickedFileRefusal("postThumbnail", { name: "cover.gif", size: 10 })).toBe(
      "cover.gif can't be uploaded: thumbnails must be .jpg, .jpeg, .png, .webp or .svg.",
    );
    // The same type rule as the server's upload URL call.
    expect(uploadFileProblem("postModel", { name: "raster.gco", size: 2000 })?.field).toBe("fileName");
  });

  it("refuses an empty file and one above its kind's limit, and accepts the rest", () => {
    expect(pickedFileRefusal("postModel", { name: "pocket.nc", size: 0 })).toBe(
      "pocket.nc is empty (Upload a valid model (invalid file size)).",
    );
    expect(pickedFileRefusal("postModel", { name: "big.nc", size: 101 * MB })).toBe(
      "big.nc is too large: models may be at most 100 MB.",
    );
    expect(pickedFileRefusal("postMedia", { name: "photo.jpg", size: 6 * MB })).toBe(
      "photo.jpg is too large: media may be at most 5 MB.",
    );
    expect(pickedFileRefusal("postMedia", { name: "plan.dxf", size: 6 * MB })).toBeNull();
    expect(pickedFileRefusal("postModel", { name: "POCKET.NC", size: 10 })).toBeNull();
  });

  it("offers only the accepted extensions in the picker", () => {
    expect(acceptedExtensions("postModel")).toBe(".gcode,.nc,.ngc");
    expect(acceptedExtensions("postThumbnail")).toBe(".jpg,.jpeg,.png,.webp,.svg");
  });
});

describe("the step that fixes a pre-flight finding", () => {
  it("sends tool findings to step 4, job setup ones to step 6, the file's own to step 3", () => {
    expect(preflightStepOf("No tool is mapped to this model in step 4.")).toBe(4);
    expect(preflightStepOf("The file looks like a laser job, but step 4 maps an endmill to it.")).toBe(4);
    expect(preflightStepOf("The file is in inches (G20) but the job setup says MM.")).toBe(6);
    expect(preflightStepOf("The cuts cover 80 x 70 mm, more than the job size (50 x 50 mm).")).toBe(6);
    expect(
      preflightStepOf(
        "The deepest cut (6 mm) is deeper than the job thickness (3 mm): the bit will cut into the spoilboard.",
      ),
    ).toBe(6);
    expect(
      preflightStepOf("The first cut (line 12) comes before the spindle is switched on (M3 or M4)."),
    ).toBe(3);
    expect(
      preflightStepOf(
        "The file does not set its units (no G20 or G21): the machine will run it in whatever units it was left in.",
      ),
    ).toBe(3);
  });
});
