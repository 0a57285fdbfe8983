// Starts Swagger UI (vendor/, copied from swagger-ui-dist by scripts/copy-api-reference.mjs) on the page of
// /api/v1/docs. A file of its own, loaded by src, so the page runs under a Content-Security-Policy without
// inline script; the page passes the OpenAPI address in a data- attribute.
const root = document.getElementById("swagger-ui");
window.ui = window.SwaggerUIBundle({
  url: root.dataset.openapiUrl,
  domNode: root,
  deepLinking: true,
  docExpansion: "list",
  displayRequestDuration: true,
  filter: true,
  // "Try it out" sends real requests to the server in the document's `servers`; a key is set with "Authorize".
  tryItOutEnabled: false,
  persistAuthorization: false,
});
