/** localStorage key remembering that the visitor dismissed the welcome banner (spec name). */
export const HIDE_WELCOME_KEY = "hideWelcomeMessage";

// Runs while the HTML is parsed, before first paint, so a dismissed banner never flashes;
// globals.css hides the banner on this flag.
const script = `try{if(localStorage.getItem(${JSON.stringify(HIDE_WELCOME_KEY)})==="true")document.documentElement.setAttribute("data-hide-welcome","")}catch(e){}`;

/**
 * Render first thing in the root layout's <body>. The script travels as inner HTML: the browser
 * runs it from the server HTML, while React never creates a <script> element itself (which it
 * warns about when the root re-renders on the client, e.g. after an error).
 */
export function WelcomeBannerScript() {
  return <div hidden dangerouslySetInnerHTML={{ __html: `<script>${script}</script>` }} />;
}
