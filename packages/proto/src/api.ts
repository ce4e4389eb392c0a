// The public resources (`einvoice.api.v1`), under their own namespace: their names are the API's, which internal
// messages may also use (`Certificate`).
export * from "./gen/einvoice/api/v1/company_pb.js";
export * from "./gen/einvoice/api/v1/errors_pb.js";
export * from "./gen/einvoice/api/v1/webhooks_pb.js";
