import {
  clone,
  create,
  createFileRegistry,
  type DescMessage,
  type DescMethod,
  type DescService,
  type Message,
} from "@bufbuild/protobuf";
import type { GenMessage, GenService } from "@bufbuild/protobuf/codegenv2";
import { BinaryReader } from "@bufbuild/protobuf/wire";
import {
  type DescriptorProto,
  DescriptorProtoSchema,
  FieldDescriptorProto_Label,
  FieldDescriptorProto_Type,
  FileDescriptorProtoSchema,
  OneofDescriptorProtoSchema,
} from "@bufbuild/protobuf/wkt";
import {
  type ComputedDocument,
  ComputedDocumentSchema,
} from "./gen/einvoice/documents/v1/computed_document_pb.js";
import {
  type IssueDocumentsRequest,
  IssueDocumentsRequestSchema,
  IssueDocumentsResponseSchema,
  NumberingService,
} from "./gen/einvoice/numbering/v1/numbering_pb.js";
import {
  ComputeDocumentsRequestSchema,
  type ComputeDocumentsResponse,
  ComputeDocumentsResponseSchema,
  ComputeNoteRequestSchema,
  type ComputeNoteResponse,
  ComputeNoteResponseSchema,
  TaxService,
} from "./gen/einvoice/tax/v1/tax_pb.js";

/** Whether a ComputedDocument is reachable through the type's fields. */
type Carries<T> = T extends ComputedDocument
  ? true
  : T extends readonly (infer Item)[]
    ? Carries<Item>
    : T extends Uint8Array
      ? false
      : T extends object
        ? true extends { [Key in keyof T]-?: Carries<T[Key]> }[keyof T]
          ? true
          : false
        : false;

/**
 * A message as its encoded view reads it: every ComputedDocument in it is the bytes of its encoding; a message that
 * carries none is the message itself.
 */
export type Encoded<T> = T extends ComputedDocument
  ? Uint8Array
  : T extends readonly (infer Item)[]
    ? Encoded<Item>[]
    : Carries<T> extends true
      ? { [Key in keyof T]: Key extends "$typeName" ? string : Encoded<T[Key]> }
      : T;

/** Whether a ComputedDocument is reachable through the message's fields (no cycle reaches one here). */
function carries(message: DescMessage, seen = new Set<DescMessage>()): boolean {
  if (seen.has(message)) return false;
  seen.add(message);
  return message.fields.some(
    (field) =>
      field.message !== undefined &&
      (field.message === ComputedDocumentSchema || carries(field.message, seen)),
  );
}

const viewName = (message: DescMessage) => `Encoded${message.name}`;

/**
 * The message's descriptor with every ComputedDocument field declared as bytes (and every message carrying one as
 * its own view): the same field numbers and wire types, so the same bytes on the wire, while the document stays
 * the bytes of its encoding, neither decoded nor re-encoded. A singular field keeps its presence (proto3
 * `optional`), so an empty document is still written, as a present empty message would be.
 */
function viewProtos(root: DescMessage): DescriptorProto[] {
  const views = new Map<DescMessage, DescriptorProto>();
  const visit = (message: DescMessage) => {
    if (views.has(message)) return;
    if (message.file !== root.file)
      throw new Error(`${message.typeName} carries a ComputedDocument outside ${root.file.name}`);
    const view = clone(DescriptorProtoSchema, message.proto);
    view.name = viewName(message);
    views.set(message, view);
    message.fields.forEach((field, index) => {
      const proto = view.field[index];
      if (!proto || !field.message || !(field.message === ComputedDocumentSchema || carries(field.message)))
        return;
      if (field.message !== ComputedDocumentSchema) {
        visit(field.message);
        proto.typeName = `.${field.message.file.proto.package}.${viewName(field.message)}`;
        return;
      }
      proto.type = FieldDescriptorProto_Type.BYTES;
      proto.typeName = "";
      if (field.oneof === undefined && proto.label !== FieldDescriptorProto_Label.REPEATED) {
        proto.proto3Optional = true;
        proto.oneofIndex =
          view.oneofDecl.push(create(OneofDescriptorProtoSchema, { name: `_${proto.name}` })) - 1;
      }
    });
  };
  visit(root);
  return [...views.values()];
}

/**
 * The encoded view of a message that carries ComputedDocuments, derived from its generated descriptor: nothing
 * restates a field, so a field added to the message is in its view.
 */
function encodedView<Shape extends Message>(root: GenMessage<Shape>): GenMessage<Encoded<Shape> & Message> {
  const source = root.file;
  const file = create(FileDescriptorProtoSchema, {
    name: `${source.proto.name}.encoded/${root.name}`,
    package: source.proto.package,
    syntax: source.proto.syntax,
    dependency: [source.proto.name],
    messageType: viewProtos(root),
  });
  const registry = createFileRegistry(file, (name) => (name === source.proto.name ? source : undefined));
  const view = registry.getMessage(`${source.proto.package}.${viewName(root)}`);
  if (!view) throw new Error(`no encoded view of ${root.typeName}`);
  return view as unknown as GenMessage<Encoded<Shape> & Message>;
}

/** ComputeDocumentsResponse with each computed document as the bytes of its encoding. */
export const EncodedComputeDocumentsResponseSchema: GenMessage<Encoded<ComputeDocumentsResponse> & Message> =
  encodedView(ComputeDocumentsResponseSchema);
/** ComputeNoteResponse with its computed document as the bytes of its encoding. */
export const EncodedComputeNoteResponseSchema: GenMessage<Encoded<ComputeNoteResponse> & Message> =
  encodedView(ComputeNoteResponseSchema);
/** IssueDocumentsRequest with each computed document as the bytes of its encoding. */
export const EncodedIssueDocumentsRequestSchema: GenMessage<Encoded<IssueDocumentsRequest> & Message> =
  encodedView(IssueDocumentsRequestSchema);

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
