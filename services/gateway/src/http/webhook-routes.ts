// Kept for importers outside the operations list (the dashboard's webhook pages).
export { presentDelivery, presentEndpoint } from "./webhook-presenters.js";
