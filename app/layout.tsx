import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import { Toaster } from "@/components/ui/toaster";
import { WelcomeBannerScript } from "@/components/layout/welcome-banner-script";
import "./globals.css";

export const metadata: Metadata = {
  title: {
    template: "%s · CNC Projects",
    default: "CNC Projects",
  },
  description:
    "A community where CNC makers and Onefinity CNC owners share project designs: G-code models, design files, photos and job settings.",
  applicationName: "CNC Projects",
  icons: { icon: "/logo.svg" },
};

export const viewport: Viewport = {
  width: "device-width",
  initialScale: 1,
  themeColor: "#136f6a",
  colorScheme: "light",
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    // WelcomeBannerScript may set a data attribute on <html> before React hydrates.
    <html lang="en" suppressHydrationWarning>
      <body className="min-h-dvh bg-canvas font-sans text-ink antialiased">
        <WelcomeBannerScript />
        {children}
        {/* The spec's toasts: top-right, 1000 ms. */}
        <Toaster position="top-right" duration={1000} richColors closeButton />
      </body>
    </html>
  );
}
