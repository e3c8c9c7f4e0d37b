/**
 * The scriptless 'Oops! Page not found' page, answered with 404 where no React page can be rendered
 * with its CSP nonce: addresses of two or more segments that no route takes
 * (app/(profile)/[username]/[...rest]/route.ts, ADR 014) and project addresses whose id cannot be a
 * post's (proxy.ts).
 */
const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Page not found · CNC Projects</title>
<style>
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;font-family:system-ui,sans-serif;background:#f6f7f7;color:#1c2321;text-align:center}
p.code{font:700 4.5rem ui-monospace,monospace;color:#136f6a;margin:0}
h1{font-size:1.75rem;margin:1rem 0 .75rem}
p{color:#5b6664;max-width:28rem;margin:0 auto}
a{display:inline-block;margin-top:2rem;padding:.75rem 1.25rem;border-radius:.5rem;background:#136f6a;color:#fff;text-decoration:none;font-weight:600}
</style>
</head>
<body>
<main>
<p class="code" aria-hidden="true">404</p>
<h1>Oops! Page not found</h1>
<p>The page you are looking for doesn't exist, was moved, or is not available any more.</p>
<a href="/">Go back home</a>
</main>
</body>
</html>
`;

export function notFoundPage(method: string): Response {
  return new Response(method === "HEAD" ? null : PAGE, {
    status: 404,
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" },
  });
}
