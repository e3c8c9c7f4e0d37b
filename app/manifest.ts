import type { MetadataRoute } from "next";

// GET /manifest.webmanifest: the web app manifest (name, icons from public/, the brand colour).
export default function manifest(): MetadataRoute.Manifest {
  return {
    name: "CNC Projects",
    short_name: "CNC Projects",
    description: "CNC project designs shared by makers: G-code, design files, photos and job settings.",
    start_url: "/",
    scope: "/",
    display: "standalone",
    background_color: "#f6f4ef",
    theme_color: "#136f6a",
    icons: [
      { src: "/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
      { src: "/icon.svg", sizes: "any", type: "image/svg+xml", purpose: "any" },
    ],
  };
}
