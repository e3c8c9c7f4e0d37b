import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import { Toaster } from "@/components/ui/toaster";
import { BeforePaintScript } from "@/components/layout/before-paint-script";
import { env } from "@/lib/env";
import "./globals.css";

/** Read per render, so PUBLIC_BASE_URL is the running server's: relative canonical addresses resolve against it. */
export function generateMetadata(): Metadata {
  return {
    metadataBase: new URL(env().PUBLIC_BASE_URL),
    title: {
      template: "%s · CNC Projects",
      default: "CNC Projects",
    },
    description:
      "A community where CNC makers and Onefinity CNC owners share project designs: G-code models, design files, photos and job settings.",
    applicationName: "CNC Projects",
    // Files in public/, drawn by scripts/make-icons.ts; the manifest is app/manifest.ts.
    icons: {
      icon: [
        { url: "/favicon.ico", sizes: "48x48" },
        { url: "/icon.svg", type: "image/svg+xml" },
      ],
      apple: { url: "/apple-touch-icon.png", sizes: "180x180" },
    },
  };
}

export const viewport: Viewport = {
  width: "device-width",
  initialScale: 1,
  themeColor: "#136f6a",
  colorScheme: "light",
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    // BeforePaintScript may set data attributes on <html> before React hydrates.
    <html lang="en" suppressHydrationWarning>
      <body className="min-h-dvh bg-canvas font-sans text-ink antialiased">
        <BeforePaintScript />
        {children}
        {/* The spec's toasts: top-right, 1000 ms; below the 64 px header, so a toast never covers
            its buttons (a pointer resting on a toast pauses it, and it stayed over 'Log in'); on a
            phone also below the wizard's step dots, and clear of its bottom buttons. */}
        <Toaster
          position="top-right"
          duration={1000}
          richColors
          closeButton
          offset={{ top: 76, right: 24 }}
          mobileOffset={{ top: 128, right: 16, left: 16 }}
        />
      </body>
    </html>
  );
}
