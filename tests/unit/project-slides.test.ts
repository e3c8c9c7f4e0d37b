import { describe, expect, it } from "vitest";
import { fitsMachine, formatSize } from "@/components/project/machine-fit";
import { formatDuration } from "@/lib/utils/format";
import { downloadableFiles, slideKind, toSlides, youtubeId } from "@/components/project/slides";
import type { PostAttachment, PostMachine } from "@/lib/validation/posts";

type Analysis = NonNullable<PostAttachment["gcodeAnalysis"]>;

function file(fileName: string, category: string, resourceType: string): PostAttachment {
  return {
    _id: `${category}-${fileName}`,
    fileName,
    category,
    resourceType,
    url: resourceType === "youtube" ? fileName : `/files/${fileName}`,
    fileSize: 10,
    downloadCount: 0,
    gcodeAnalysis: null,
  };
}

function analysis(size: [number, number, number], units: "mm" | "inch" = "mm"): Analysis {
  return {
    units,
    lineCount: 10,
    segmentCount: 9,
    // Rapids retract 5 mm (0.2 in) above the work: the Z travel a program uses includes it.
    bounds: { min: [0, 0, -size[2]], max: [size[0], size[1], units === "inch" ? 0.2 : 5] },
    cutBounds: { min: [0, 0, -size[2]], max: [size[0], size[1], 0] },
    cutDistance: 100,
    rapidDistance: 10,
    estimatedSeconds: 600,
    tools: [1],
    spindleSpeeds: [18000],
    isLaser: false,
    unknownWords: 0,
  };
}

const machine = (xMm: number, yMm: number, zMm: number | null): PostMachine => ({
  _id: `m-${xMm}`,
  name: "X-35 rails",
  modelName: "Woodworker",
  brandName: "Onefinity",
  link: null,
  workArea: { xMm, yMm, zMm },
  rapidMmPerMin: null,
});

describe("project carousel slides", () => {
  it("orders thumbnail, models, then media, and leaves the zip bundle out", () => {
    const slides = toSlides([
      file("clip.mp4", "postMedia", "youtube"),
      file("bundle.zip", "postZip", "zip"),
      file("part.nc", "postModel", "model"),
      file("thumb.webp", "postThumbnail", "thumbnail"),
      file("photo.jpg", "postMedia", "image"),
    ]);
    expect(slides.map((slide) => slide.attachment.fileName)).toEqual([
      "thumb.webp",
      "part.nc",
      "clip.mp4",
      "photo.jpg",
    ]);
  });

  it("tells each kind apart by resource type and extension", () => {
    expect(slideKind(file("a.png", "postMedia", "image"))).toBe("image");
    expect(slideKind(file("logo.SVG", "postMedia", "image"))).toBe("svg");
    expect(slideKind(file("part.ngc", "postMedia", "other"))).toBe("model");
    expect(slideKind(file("https://youtu.be/abcdefghijk", "postMedia", "youtube"))).toBe("youtube");
    expect(slideKind(file("sign.crv3d", "postMedia", "other"))).toBe("design");
    expect(slideKind(file("sign.art", "postMedia", "other"))).toBe("design");
    expect(slideKind(file("notes.pdf", "postMedia", "other"))).toBe("unsupported");
  });

  it("reads YouTube ids from watch, short, embed and shorts links only", () => {
    expect(youtubeId("https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=4")).toBe("dQw4w9WgXcQ");
    expect(youtubeId("https://youtu.be/dQw4w9WgXcQ")).toBe("dQw4w9WgXcQ");
    expect(youtubeId("https://m.youtube.com/shorts/dQw4w9WgXcQ")).toBe("dQw4w9WgXcQ");
    expect(youtubeId("https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ")).toBe("dQw4w9WgXcQ");
    expect(youtubeId("https://evil.example/watch?v=dQw4w9WgXcQ")).toBeNull();
    expect(youtubeId("https://youtu.be/<script>")).toBeNull();
    expect(youtubeId("not a url")).toBeNull();
    expect(youtubeId(null)).toBeNull();
  });

  it("lists for download every file but the zip bundle and video links", () => {
    const files = downloadableFiles([
      file("bundle.zip", "postZip", "zip"),
      file("clip", "postMedia", "youtube"),
      file("part.nc", "postModel", "model"),
      file("thumb.webp", "postThumbnail", "thumbnail"),
    ]);
    expect(files.map((item) => item.fileName)).toEqual(["part.nc", "thumb.webp"]);
  });
});

describe("machine fit of a model", () => {
  it("fits when the cut is within the work area either way round, and Z within travel", () => {
    expect(fitsMachine(analysis([800, 400, 10]), machine(816, 816, 133))).toBe(true);
    expect(fitsMachine(analysis([400, 1200, 10]), machine(1220, 816, 133))).toBe(true);
    expect(fitsMachine(analysis([900, 400, 10]), machine(816, 816, 133))).toBe(false);
    expect(fitsMachine(analysis([100, 100, 150]), machine(816, 816, 133))).toBe(false);
    expect(fitsMachine(analysis([100, 100, 150]), machine(816, 816, null))).toBe(true);
  });

  it("converts inch programs before comparing", () => {
    // 33 in = 838.2 mm: too large for 816 mm, although 33 < 816.
    expect(fitsMachine(analysis([33, 10, 0.5], "inch"), machine(816, 816, 133))).toBe(false);
    expect(fitsMachine(analysis([32, 10, 0.5], "inch"), machine(816, 816, 133))).toBe(true);
  });

  it("formats sizes in the program's units and durations in minutes", () => {
    expect(formatSize(analysis([100, 50, 6]))).toBe("100.0 × 50.0 × 6.0 mm");
    expect(formatSize(analysis([4, 2, 0.25], "inch"))).toBe("4.00 × 2.00 × 0.25 in");
    expect(formatDuration(20)).toBe("20 s");
    expect(formatDuration(540)).toBe("9 min");
    expect(formatDuration(3900)).toBe("1 h 5 min");
  });
});
