import type { DescMessage, DescMethod, DescService } from "@bufbuild/protobuf";
import type { GenService } from "@bufbuild/protobuf/codegenv2";
import { BinaryReader } from "@bufbuild/protobuf/wire";
import { ComputedDocumentSchema } from "./gen/einvoice/documents/v1/computed_document_pb.js";
import {
  EncodedIssueDocumentsRequestSchema,
  IssueDocumentsResponseSchema,
  NumberingService,
} from "./gen/einvoice/numbering/v1/numbering_pb.js";
import {
  ComputeDocumentsRequestSchema,
  ComputeNoteRequestSchema,
  EncodedComputeDocumentsResponseSchema,
  EncodedComputeNoteResponseSchema,
  TaxService,
} from "./gen/einvoice/tax/v1/tax_pb.js";

type MessageViews = Record<string, { input: DescMessage; output: DescMessage }>;

/**
 * Some of a service's unary methods, called with other messages of the same wire format (a message field read or
 * written as its encoded bytes). The methods keep their parent service, so a client calls the same paths; the
 * view's type is that of a generated service with these methods.
 */
function viewOf<Views extends MessageViews>(
  service: DescService,
  views: Views,
): GenService<{ [Name in keyof Views]: { methodKind: "unary" } & Views[Name] }> {
  const methods = Object.entries(views).map(([localName, { input, output }]): DescMethod => {
    const method = service.method[localName];
    if (method?.methodKind !== "unary")
      throw new Error(`${service.typeName} has no unary method ${localName}`);
    return { ...method, input, output };
  });
  const view = { ...service, methods, method: Object.fromEntries(methods.map((m) => [m.localName, m])) };
  return view as unknown as GenService<{ [Name in keyof Views]: { methodKind: "unary" } & Views[Name] }>;
}

/**
 * TaxService for a caller that only forwards the computed documents: ComputeDocuments and ComputeNote answer each
 * document as its encoded ComputedDocument.
 */
export const TaxServiceEncoded = viewOf(TaxService, {
  computeDocuments: { input: ComputeDocumentsRequestSchema, output: EncodedComputeDocumentsResponseSchema },
  computeNote: { input: ComputeNoteRequestSchema, output: EncodedComputeNoteResponseSchema },
});

/** NumberingService for a caller that forwards encoded computed documents: IssueDocuments takes them as bytes. */
export const NumberingServiceEncoded = viewOf(NumberingService, {
  issueDocuments: { input: EncodedIssueDocumentsRequestSchema, output: IssueDocumentsResponseSchema },
});

const LINES_FIELD = ComputedDocumentSchema.field.lines.number;

/** The number of lines of an encoded ComputedDocument, read by skipping over its top-level fields. */
export function encodedLineCount(computed: Uint8Array): number {
  const reader = new BinaryReader(computed);
  let lines = 0;
  while (reader.pos < reader.len) {
    const [fieldNo, wireType] = reader.tag();
    if (fieldNo === LINES_FIELD) lines++;
    reader.skip(wireType, fieldNo);
  }
  return lines;
}
