import {
  create,
  type DescField,
  type DescMessage,
  type DescService,
  fromBinary,
  type MessageShape,
  ScalarType,
  toBinary,
} from "@bufbuild/protobuf";
import { describe, expect, it } from "vitest";
import {
  EncodedComputeDocumentsResponseSchema,
  EncodedComputeNoteResponseSchema,
  EncodedIssueDocumentsRequestSchema,
  encodedLineCount,
  NumberingServiceEncoded,
  TaxServiceEncoded,
} from "./encoded-views.js";
import { ComputedDocumentSchema } from "./gen/einvoice/documents/v1/computed_document_pb.js";
import { IssueDocumentsRequestSchema, NumberingService } from "./gen/einvoice/numbering/v1/numbering_pb.js";
import {
  ComputeDocumentsResponseSchema,
  ComputeNoteResponseSchema,
  TaxService,
} from "./gen/einvoice/tax/v1/tax_pb.js";

const computed = create(ComputedDocumentSchema, {
  type: "01",
  series: "F001",
  lines: [{ description: "Widget" }, { description: "Gadget" }, { description: "Gizmo" }],
  amounts: { total: "118.00" },
});
const empty = create(ComputedDocumentSchema);
const encode = (document: MessageShape<typeof ComputedDocumentSchema>) =>
  toBinary(ComputedDocumentSchema, document);

/**
 * The message's bytes read by its view and written again are the same bytes, and the view's own message, written,
 * is read by the real schema as the original.
 */
function expectSameWire<Real extends DescMessage, View extends DescMessage>(
  real: Real,
  view: View,
  original: MessageShape<Real>,
  viewed: MessageShape<View>,
) {
  const bytes = toBinary(real, original);
  expect(toBinary(view, fromBinary(view, bytes))).toEqual(bytes);
  expect(toBinary(view, viewed)).toEqual(bytes);
  expect(fromBinary(real, toBinary(view, viewed))).toEqual(original);
  expect(fromBinary(view, bytes)).toEqual(viewed);
}

describe("the encoded views", () => {
  it("read a ComputeDocuments answer's documents as their bytes, empty ones and item errors included", () => {
    const error = {
      code: 3,
      message: "bad",
      details: [
        {
          typeUrl: "type.googleapis.com/einvoice.common.v1.FieldViolations",
          value: new Uint8Array([10, 1, 120]),
        },
      ],
    };
    expectSameWire(
      ComputeDocumentsResponseSchema,
      EncodedComputeDocumentsResponseSchema,
      create(ComputeDocumentsResponseSchema, {
        results: [
          { outcome: { case: "document", value: computed } },
          { outcome: { case: "document", value: empty } },
          { outcome: { case: "error", value: error } },
          {},
        ],
      }),
      create(EncodedComputeDocumentsResponseSchema, {
        results: [
          { outcome: { case: "document", value: encode(computed) } },
          { outcome: { case: "document", value: encode(empty) } },
          { outcome: { case: "error", value: error } },
          {},
        ],
      }),
    );
  });

  it("read a ComputeNote answer's document as its bytes, present when empty, absent when absent", () => {
    for (const document of [computed, empty, undefined])
      expectSameWire(
        ComputeNoteResponseSchema,
        EncodedComputeNoteResponseSchema,
        create(ComputeNoteResponseSchema, { document }),
        create(EncodedComputeNoteResponseSchema, { document: document && encode(document) }),
      );
  });

  it("write IssueDocuments requests that numbering reads with their computed documents, empty ones included", () => {
    const scope = { companyId: "cmp_1", live: true };
    const issuer = { ruc: "20123456789", legalName: "ACME S.A.C." };
    expectSameWire(
      IssueDocumentsRequestSchema,
      EncodedIssueDocumentsRequestSchema,
      create(IssueDocumentsRequestSchema, {
        items: [{ scope, issuer, idempotencyKey: "k", computed }, { scope, computed: empty }, { scope }],
      }),
      create(EncodedIssueDocumentsRequestSchema, {
        items: [
          { scope, issuer, idempotencyKey: "k", computed: encode(computed) },
          { scope, computed: encode(empty) },
          { scope },
        ],
      }),
    );
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
    expect(encodedLineCount(encode(computed))).toBe(3);
    expect(encodedLineCount(encode(empty))).toBe(0);
  });
});

/** A field as the wire sees it, with an encoded ComputedDocument written as the message it stands for. */
function wireField(field: DescField, views: Map<DescMessage, DescMessage>) {
  const message = field.fieldKind === "message" || field.fieldKind === "list" ? field.message : undefined;
  const bytes = field.fieldKind === "scalar" && field.scalar === ScalarType.BYTES;
  return {
    number: field.number,
    name: field.name,
    oneof: field.oneof?.name,
    repeated: field.fieldKind === "list",
    type: bytes
      ? ComputedDocumentSchema.typeName
      : message
        ? (views.get(message) ?? message).typeName
        : field.fieldKind,
  };
}

describe("each encoded view is its message field for field", () => {
  const views = new Map<DescMessage, DescMessage>();
  const collect = (view: DescMessage, original: DescMessage) => {
    views.set(view, original);
    for (const field of view.fields) {
      const counterpart = original.field[field.localName];
      if (field.message && counterpart?.message && field.message !== counterpart.message)
        collect(field.message, counterpart.message);
    }
  };
  collect(EncodedComputeDocumentsResponseSchema, ComputeDocumentsResponseSchema);
  collect(EncodedComputeNoteResponseSchema, ComputeNoteResponseSchema);
  collect(EncodedIssueDocumentsRequestSchema, IssueDocumentsRequestSchema);

  it.each([...views].map(([view, original]) => [original.typeName, view, original] as const))(
    "%s",
    (_name, view, original) => {
      expect(view.fields.map((field) => wireField(field, views))).toEqual(
        original.fields.map((field) => wireField(field, views)),
      );
    },
  );
});
