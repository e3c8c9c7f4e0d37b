/** localStorage key remembering that the visitor dismissed the welcome banner (spec name). */
export const HIDE_WELCOME_KEY = "hideWelcomeMessage";

/**
 * The one inline script of the root layout (components/layout/welcome-banner-script.tsx): it runs
 * while the HTML is parsed, before first paint, so a dismissed banner never flashes. It carries no
 * nonce (the root layout is shared with the cached guest page), so the pages' Content-Security-Policy
 * allows exactly this text by its SHA-256 (lib/http/security-headers.ts): change it in one place only.
 */
export const WELCOME_BANNER_SCRIPT = `try{if(localStorage.getItem(${JSON.stringify(HIDE_WELCOME_KEY)})==="true")document.documentElement.setAttribute("data-hide-welcome","")}catch(e){}`;
