import { BEFORE_PAINT_SCRIPT } from "@/lib/utils/before-paint";

export { HIDE_WELCOME_KEY } from "@/lib/utils/before-paint";

/**
 * Render first thing in the root layout's <body>: marks <html> before first paint (a dismissed
 * welcome banner, a probable member on a cached page; globals.css acts on the marks). The pages'
 * CSP allows it by its hash. The script travels as inner HTML: the browser runs it from the server
 * HTML, while React never creates a <script> element itself (which it warns about when the root
 * re-renders on the client, e.g. after an error).
 */
export function BeforePaintScript() {
  return <div hidden dangerouslySetInnerHTML={{ __html: `<script>${BEFORE_PAINT_SCRIPT}</script>` }} />;
}
