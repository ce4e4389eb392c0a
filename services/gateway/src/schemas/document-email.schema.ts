/** JSON Schema of `POST /v1/documents/{id}/email`; the notification service checks the addresses again. */
const addresses = (description: string, minItems: number) =>
  ({
    type: "array",
    minItems,
    maxItems: 10,
    items: { type: "string", format: "email", maxLength: 254 },
    description,
    examples: [["compras@cliente.com.pe"]],
  }) as const;

export const documentEmailSchema = {
  $id: "DocumentEmailRequest",
  description: "Who receives the document by email.",
  type: "object",
  additionalProperties: false,
  required: ["to"],
  properties: {
    to: addresses("The recipients: 1 to 10 email addresses.", 1),
    cc: addresses("Copies: up to 10 email addresses. Default none.", 0),
  },
} as const;

export interface DocumentEmailBody {
  to: string[];
  cc?: string[];
}
