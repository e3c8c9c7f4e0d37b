"use client";

import dynamic from "next/dynamic";
import type { ToasterProps } from "sonner";

// Rendered in the browser only, once the page's first scripts have run (toast.ts).
const SonnerToaster = dynamic(() => import("sonner").then((module) => module.Toaster), { ssr: false });

/** The site's toasts (sonner's Toaster), loaded after the page. */
export function Toaster(props: ToasterProps) {
  return <SonnerToaster {...props} />;
}
