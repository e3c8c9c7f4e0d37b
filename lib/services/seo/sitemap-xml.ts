/** The sitemaps.org XML of a sitemap file and of the index. Pure. */
export interface SitemapEntry {
  /** Absolute address. */
  loc: string;
  /** W3C datetime (ISO 8601, UTC) of the page's last change, when known. */
  lastmod?: string;
}

const XML_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&apos;",
};

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => XML_ESCAPES[character] ?? character);
}

function entryXml(tag: "url" | "sitemap", entry: SitemapEntry): string {
  const lastmod = entry.lastmod ? `<lastmod>${escapeXml(entry.lastmod)}</lastmod>` : "";
  return `<${tag}><loc>${escapeXml(entry.loc)}</loc>${lastmod}</${tag}>`;
}

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';
const SITEMAP_NAMESPACE = "http://www.sitemaps.org/schemas/sitemap/0.9";

export function renderUrlSet(entries: readonly SitemapEntry[]): string {
  const body = entries.map((entry) => entryXml("url", entry)).join("\n");
  return `${XML_DECLARATION}\n<urlset xmlns="${SITEMAP_NAMESPACE}">\n${body}\n</urlset>\n`;
}

export function renderSitemapIndex(entries: readonly SitemapEntry[]): string {
  const body = entries.map((entry) => entryXml("sitemap", entry)).join("\n");
  return `${XML_DECLARATION}\n<sitemapindex xmlns="${SITEMAP_NAMESPACE}">\n${body}\n</sitemapindex>\n`;
}
