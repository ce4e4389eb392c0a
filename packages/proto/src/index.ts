export * from "./gen/einvoice/common/v1/common_pb.js";
export * from "./gen/einvoice/notification/v1/notification_pb.js";
export * from "./gen/einvoice/numbering/v1/numbering_pb.js";
export * from "./gen/einvoice/signing/v1/signing_pb.js";
export * from "./gen/einvoice/submission/v1/submission_pb.js";
export * from "./gen/einvoice/tax/v1/tax_pb.js";
