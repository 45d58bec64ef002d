/* global window */
// Renders /openapi.json with the Swagger UI bundle served beside this file; no network
// beyond this server (the online validator badge is turned off).
window.ui = window.SwaggerUIBundle({
  url: new URL('openapi.json', window.location.href).href,
  dom_id: '#swagger-ui',
  validatorUrl: null,
  deepLinking: false,
});
