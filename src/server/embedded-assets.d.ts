// Swagger UI's files are imported `with { type: "file" }` (see openapi.ts): the value is a path
// Bun.file can open, inside the compiled binary too.
declare module "swagger-ui-dist/swagger-ui-bundle.js" {
  const path: string;
  export default path;
}
declare module "swagger-ui-dist/swagger-ui.css" {
  const path: string;
  export default path;
}
