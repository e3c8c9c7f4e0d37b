import type { Metadata } from "next";
import { Container } from "@/components/layout/container";
import { GCODE_READ_EXTENSIONS } from "@/lib/gcode/file-types";
import { ViewerWorkbench } from "./_components/viewer-workbench";

export const metadata: Metadata = {
  title: "G-code previewer",
  description:
    `Open a G-code file (${GCODE_READ_EXTENSIONS.join(", ")}) from your computer` +
    " and see its toolpath in 3D, with its size, " +
    "run time and a line-by-line scrubber. The file never leaves your browser.",
  alternates: { canonical: "/viewer" },
};

// GET /viewer?url=<G-code URL>: the standalone previewer; without a URL, pick or drop a local file.
export default async function ViewerPage({
  searchParams,
}: {
  searchParams: Promise<{ url?: string | string[] }>;
}) {
  const { url } = await searchParams;
  const initialUrl = typeof url === "string" && url.trim() !== "" ? url.trim() : null;
  return (
    <Container className="flex flex-col gap-6 py-8">
      <header className="flex flex-col gap-2">
        <h1 className="text-2xl font-semibold text-ink sm:text-3xl">G-code previewer</h1>
        <p className="max-w-2xl text-ink-muted">
          See a toolpath before you cut it: rapids in red, cuts coloured by tool, laser moves shaded by power,
          the job&apos;s size and a slider to step through the program. Your file is read in your browser and
          never uploaded.
        </p>
      </header>
      <ViewerWorkbench initialUrl={initialUrl} />
    </Container>
  );
}
