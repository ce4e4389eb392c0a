import { create } from "@bufbuild/protobuf";
import { subjects } from "@einvoice/broker";
import { EmailSchema } from "@einvoice/proto";
import { describe, expect, it, vi } from "vitest";
import { sampleDocument } from "../../test-support/sample-document.js";
import type { EventRecord } from "../adapters/event-repository.js";
import { eventJsonOf, eventMessageOf, storedEmailOf, storedObjectOf } from "./event-message.js";

const accepted = sampleDocument({
  customer: { documentType: "6", documentNumber: "20100070970", name: "CLIENTE SAC" },
  sunat: {
    code: "0",
    description: "La Factura numero F001-12, ha sido aceptada",
    notes: [],
    simulated: true,
  },
  hash: "qk3+d3eX0v1mQ1p8Yp3JkS8H2nE=",
  links: {
    xml: "https://files.example/v1/documents/doc_01JZ8X3P0A2B4C6D8E0F2G4H6J/xml",
    cdr: "https://files.example/v1/documents/doc_01JZ8X3P0A2B4C6D8E0F2G4H6J/cdr",
  },
  createdAt: "2026-11-26T15:00:00.000Z",
  updatedAt: "2026-11-26T15:00:01.000Z",
});

const record = (object: EventRecord["object"], extra: Partial<EventRecord> = {}): EventRecord => ({
  _id: "evt_01JZ8X3P0A2B4C6D8E0F2G4H6K",
  company_id: "cmp_1",
  livemode: false,
  type: "document.accepted",
  created_at: "2026-11-26T15:00:01.500Z",
  document_id: accepted.id,
  source_key: `${accepted.id}:document.accepted`,
  object,
  ...extra,
});

describe("eventJsonOf", () => {
  it("composes a document event without the message, equal to the message's encoding", () => {
    const event = record(storedObjectOf(accepted));
    const check = vi.spyOn(subjects.event.payload, "encode");
    try {
      const json = eventJsonOf(event);
      expect(check).not.toHaveBeenCalled();
      expect(json).toEqual(subjects.event.payload.encode(eventMessageOf(event)));
    } finally {
      check.mockRestore();
    }
  });

  it("composes an email event equal to the message's encoding", () => {
    const email = create(EmailSchema, {
      id: "eml_01JZ8X3P0A2B4C6D8E0F2G4H6M",
      object: "email",
      livemode: false,
      documentId: accepted.id,
      to: ["cliente@example.com"],
      status: "sent",
      attempts: 1,
      createdAt: "2026-11-26T15:00:02.000Z",
      updatedAt: "2026-11-26T15:00:03.000Z",
    });
    const event = record(storedEmailOf(email), { type: "email.sent", object_kind: "email" });
    expect(eventJsonOf(event)).toEqual(subjects.event.payload.encode(eventMessageOf(event)));
  });

  it("goes through the message for a record an older version stored with nulls", () => {
    const stored = storedObjectOf(accepted) as Record<string, unknown>;
    const event = record({ ...stored, hash: null, sunat: null } as EventRecord["object"]);
    const json = eventJsonOf(event);
    expect(json).toEqual(subjects.event.payload.encode(eventMessageOf(event)));
    expect(json).toMatchObject({ data: { document: { id: accepted.id } } });
    expect((json as { data: { document: Record<string, unknown> } }).data.document).not.toHaveProperty(
      "hash",
    );
  });
});

describe("storedObjectOf", () => {
  it("keeps the received JSON of a document when it is canonical, equal to the message's encoding", () => {
    const canonical = storedObjectOf(accepted);
    const received = structuredClone(canonical);
    const stored = storedObjectOf(accepted, { json: received, strict: false });
    expect(stored).toBe(received);
    expect(stored).toEqual(canonical);
  });

  it("keeps the received JSON unchecked when the whole message passed the strict schema at consume", () => {
    const received = structuredClone(storedObjectOf(accepted));
    expect(storedObjectOf(accepted, { json: received, strict: true })).toBe(received);
  });

  it("encodes the message when the received JSON is not canonical", () => {
    const canonical = storedObjectOf(accepted) as Record<string, unknown>;
    const newer = { ...canonical, field_of_a_newer_publisher: "x" };
    expect(storedObjectOf(accepted, { json: newer, strict: false })).toEqual(canonical);
    expect(storedObjectOf(accepted, { json: { ...canonical, hash: null }, strict: false })).toEqual(
      canonical,
    );
  });
});
