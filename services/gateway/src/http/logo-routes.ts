// Kept for importers outside the operations list (the dashboard's brand page, company-schemas.ts).
export { logoRefusal, logoResource } from "./logo-resource.js";
