"use client";

import dynamic from "next/dynamic";
import { Spinner } from "@/components/ui/spinner";

/** The 3D viewer (three.js and the parser's worker): loaded in the browser only, when first shown. */
export const LazyGcodeViewer = dynamic(() => import("./gcode-viewer").then((module) => module.GcodeViewer), {
  ssr: false,
  loading: () => (
    <div className="flex size-full items-center justify-center">
      <Spinner label="Loading the 3D viewer" />
    </div>
  ),
});
