// The interactive API reference at /api/v1/docs: Swagger UI (swagger-ui-dist) rendering the served OpenAPI
// document. Its script, styles and start-up file are the Worker's static assets (public/api-reference/), so
// the page works offline under `wrangler dev` and needs no inline script: the OpenAPI address travels in a
// data- attribute and public/api-reference/init.js reads it.

/** Everything the page loads comes from this origin, nothing inline (checked in Chromium by test/e2e/api-reference.e2e.ts); Swagger UI uses data: icons. */
export const DOCS_PAGE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "font-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join("; ");

const ASSETS = "/api-reference";

function escapeAttribute(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
}

export function docsPage(openapiUrl: string): string {
  const url = escapeAttribute(openapiUrl);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>API reference — Board Documentation Service</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="${ASSETS}/vendor/swagger-ui.css">
</head>
<body>
<div id="swagger-ui" data-openapi-url="${url}"><p>Loading the API reference… The OpenAPI document is at <a href="${url}">${url}</a>.</p></div>
<script src="${ASSETS}/vendor/swagger-ui-bundle.js"></script>
<script src="${ASSETS}/init.js"></script>
</body>
</html>`;
}
