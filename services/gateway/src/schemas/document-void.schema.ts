/** JSON Schema of `POST /v1/documents/{id}/void`; numbering checks the reason again (control characters). */
export const documentVoidSchema = {
  $id: "DocumentVoidRequest",
  description: "Why the document is voided.",
  type: "object",
  additionalProperties: false,
  required: ["reason"],
  properties: {
    reason: {
      type: "string",
      minLength: 1,
      maxLength: 100,
      description:
        "Why the document is voided, 1–100 characters (SUNAT's limit for `VoidReasonDescription`), printed in the comunicación de baja; no control characters (line breaks, tabs).",
      examples: ["Error en el RUC del cliente"],
    },
  },
} as const;

export interface DocumentVoidBody {
  reason: string;
}
