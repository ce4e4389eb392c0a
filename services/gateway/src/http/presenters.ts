// The public JSON of documents and events is shared with the notification service (webhook bodies).
export { type LinkSigner, presentDocument, presentEvent } from "@einvoice/contracts";
