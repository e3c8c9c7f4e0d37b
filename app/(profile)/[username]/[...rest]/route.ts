// Any address of two or more segments that no other route takes (issue 19, ADR 014). Without this
// handler such addresses got Next's prerendered `/_not-found` page, whose scripts carry no CSP
// nonce and are refused under the pages' policy. This answers 404 for every method instead, with
// a small page without scripts (unknown /api/ paths too, as Next's own 404 page did).

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

function notFound(request: Request): Response {
  return new Response(request.method === "HEAD" ? null : PAGE, {
    status: 404,
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" },
  });
}

export const GET = notFound;
export const HEAD = notFound;
export const POST = notFound;
export const PUT = notFound;
export const PATCH = notFound;
export const DELETE = notFound;
