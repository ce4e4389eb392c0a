// The public JSON of documents and events is shared with the notification service (webhook bodies).
export { presentDocument, presentEmail, presentEvent } from "@einvoice/contracts";
