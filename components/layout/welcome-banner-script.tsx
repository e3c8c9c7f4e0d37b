import { WELCOME_BANNER_SCRIPT } from "@/lib/utils/welcome-banner";

export { HIDE_WELCOME_KEY } from "@/lib/utils/welcome-banner";

// Runs while the HTML is parsed, before first paint, so a dismissed banner never flashes;
// globals.css hides the banner on this flag. The pages' CSP allows it by its hash.
const script = WELCOME_BANNER_SCRIPT;

/**
 * Render first thing in the root layout's <body>. The script travels as inner HTML: the browser
 * runs it from the server HTML, while React never creates a <script> element itself (which it
 * warns about when the root re-renders on the client, e.g. after an error).
 */
export function WelcomeBannerScript() {
  return <div hidden dangerouslySetInnerHTML={{ __html: `<script>${script}</script>` }} />;
}
