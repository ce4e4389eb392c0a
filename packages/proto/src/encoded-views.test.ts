import {
  create,
  type DescField,
  type DescMessage,
  type DescService,
  fromBinary,
  ScalarType,
  toBinary,
} from "@bufbuild/protobuf";
import { describe, expect, it } from "vitest";
import { encodedLineCount, NumberingServiceEncoded, TaxServiceEncoded } from "./encoded-views.js";
import { ComputedDocumentSchema } from "./gen/einvoice/documents/v1/computed_document_pb.js";
import {
  EncodedIssueDocumentsRequestSchema,
  IssueDocumentsRequestSchema,
  NumberingService,
} from "./gen/einvoice/numbering/v1/numbering_pb.js";
import {
  ComputeDocumentsResponseSchema,
  ComputeNoteResponseSchema,
  EncodedComputeDocumentsResponseSchema,
  EncodedComputeNoteResponseSchema,
  TaxService,
} from "./gen/einvoice/tax/v1/tax_pb.js";

const computed = create(ComputedDocumentSchema, {
  type: "01",
  series: "F001",
  lines: [{ description: "Widget" }, { description: "Gadget" }, { description: "Gizmo" }],
  amounts: { total: "118.00" },
});

describe("the encoded views", () => {
  it("read a ComputeDocuments answer's documents as the bytes of each ComputedDocument, errors as they are", () => {
    const answer = create(ComputeDocumentsResponseSchema, {
      results: [
        { outcome: { case: "document", value: computed } },
        { outcome: { case: "error", value: { code: 3, message: "bad" } } },
      ],
    });
    const encoded = fromBinary(
      EncodedComputeDocumentsResponseSchema,
      toBinary(ComputeDocumentsResponseSchema, answer),
    );
    const [document, error] = encoded.results.map((r) => r.outcome);
    expect(document?.case).toBe("document");
    expect(fromBinary(ComputedDocumentSchema, document?.value as Uint8Array)).toEqual(computed);
    expect(error).toMatchObject({ case: "error", value: { code: 3, message: "bad" } });
    const note = fromBinary(
      EncodedComputeNoteResponseSchema,
      toBinary(ComputeNoteResponseSchema, create(ComputeNoteResponseSchema, { document: computed })),
    );
    expect(fromBinary(ComputedDocumentSchema, note.document!)).toEqual(computed);
  });

  it("write IssueDocuments requests that numbering reads with their computed documents, empty ones included", () => {
    const empty = create(ComputedDocumentSchema);
    const request = create(EncodedIssueDocumentsRequestSchema, {
      items: [
        {
          scope: { companyId: "cmp_1" },
          idempotencyKey: "k",
          computed: toBinary(ComputedDocumentSchema, computed),
        },
        { scope: { companyId: "cmp_1" }, computed: toBinary(ComputedDocumentSchema, empty) },
        { scope: { companyId: "cmp_1" } },
      ],
    });
    const read = fromBinary(
      IssueDocumentsRequestSchema,
      toBinary(EncodedIssueDocumentsRequestSchema, request),
    );
    expect(read.items.map((i) => i.computed)).toEqual([computed, empty, undefined]);
    expect(read.items[0]).toMatchObject({ scope: { companyId: "cmp_1" }, idempotencyKey: "k" });
  });

  it("call the same methods of the same services", () => {
    const pairs: [DescService, DescService, string[]][] = [
      [TaxServiceEncoded, TaxService, ["computeDocuments", "computeNote"]],
      [NumberingServiceEncoded, NumberingService, ["issueDocuments"]],
    ];
    for (const [view, service, names] of pairs) {
      expect(view.methods.map((m) => m.localName)).toEqual(names);
      for (const method of view.methods) {
        expect(method.parent.typeName).toBe(service.typeName);
        expect(method.name).toBe(service.method[method.localName]?.name);
      }
    }
  });

  it("count an encoded document's lines without decoding it", () => {
    expect(encodedLineCount(toBinary(ComputedDocumentSchema, computed))).toBe(3);
    expect(encodedLineCount(toBinary(ComputedDocumentSchema, create(ComputedDocumentSchema)))).toBe(0);
  });
});

/** A field as the wire sees it, with an encoded ComputedDocument written as the message it stands for. */
function wireField(field: DescField, encodedAs?: DescMessage) {
  const message = field.fieldKind === "message" ? field.message.typeName : undefined;
  const bytesStandIn = field.fieldKind === "scalar" && field.scalar === ScalarType.BYTES && encodedAs;
  return {
    number: field.number,
    name: field.name,
    oneof: field.oneof?.name,
    repeated: field.fieldKind === "list",
    type: bytesStandIn
      ? encodedAs.typeName
      : (message ?? (field.fieldKind === "list" ? field.listKind : field.fieldKind)),
  };
}

describe("each encoded view mirrors its message", () => {
  // The twin must follow its original field for field: a field added to one and not the other would be dropped.
  const twins: [DescMessage, DescMessage][] = [
    [EncodedComputeDocumentsResponseSchema, ComputeDocumentsResponseSchema],
    [EncodedComputeNoteResponseSchema, ComputeNoteResponseSchema],
    [EncodedIssueDocumentsRequestSchema, IssueDocumentsRequestSchema],
  ];
  const pairs = new Map<DescMessage, DescMessage>();
  const collect = (twin: DescMessage, original: DescMessage) => {
    pairs.set(twin, original);
    for (const field of twin.fields) {
      const counterpart = original.field[field.localName];
      if (field.fieldKind === "list" && field.listKind === "message" && counterpart?.fieldKind === "list")
        if (counterpart.listKind === "message" && field.message !== counterpart.message)
          collect(field.message, counterpart.message);
    }
  };
  for (const [twin, original] of twins) collect(twin, original);

  it.each([...pairs].map(([twin, original]) => [twin.typeName, twin, original] as const))(
    "%s",
    (_name, twin, original) => {
      const renamed = (typeName: string) =>
        [...pairs].find(([view]) => view.typeName === typeName)?.[1].typeName ?? typeName;
      const twinFields = twin.fields.map((field) => {
        const wire = wireField(field, ComputedDocumentSchema);
        return { ...wire, type: renamed(wire.type) };
      });
      const originalFields = original.fields.map((field) => wireField(field));
      expect(twinFields).toEqual(originalFields);
    },
  );
});
