import { create } from "@bufbuild/protobuf";
import { Code } from "@connectrpc/connect";
import { api, CertificateSchema, DocumentSchema, EmailSchema, EventSchema } from "@einvoice/proto";
import { describe, expect, it } from "vitest";
import {
  presentAs,
  presentCertificate,
  presentDocument,
  presentEmail,
  presentEvent,
  presentWebhookDelivery,
  presentWebhookEndpoint,
} from "./public-resources.js";

const document = create(DocumentSchema, {
  id: "doc_1",
  object: "document",
  livemode: false,
  type: "01",
  series: "F001",
  number: 7,
  status: "accepted",
  issueDate: "2026-11-28",
  currency: "PEN",
  total: "118.00",
  customer: { documentType: "6", documentNumber: "20100070970", name: "CLIENTE SAC" },
  sunat: { code: "0", description: "La Factura F001-7 ha sido aceptada", simulated: true },
  links: { pdf: "https://files.test/doc_1/pdf" },
  createdAt: "2026-11-28T15:00:00.000Z",
  updatedAt: "2026-11-28T15:00:01.000Z",
});

const email = create(EmailSchema, {
  id: "eml_1",
  object: "email",
  documentId: "doc_1",
  to: ["cliente@example.com"],
  status: "sent",
  attempts: 1,
  livemode: false,
  createdAt: "2026-11-28T15:01:00.000Z",
  updatedAt: "2026-11-28T15:01:02.000Z",
});

const signed = (url: string) => `${url}?signature=s`;

describe("public resources", () => {
  it("should present a document with every key, null where unknown, and its links signed", () => {
    const json = presentDocument(document, signed);
    expect(json).toMatchObject({
      id: "doc_1",
      object: "document",
      total: "118.00",
      amounts: null,
      customer: {
        document_type: "6",
        document_number: "20100070970",
        name: "CLIENTE SAC",
        address: null,
        country_code: null,
      },
      sunat: { code: "0", description: "La Factura F001-7 ha sido aceptada", notes: [], simulated: true },
      status_details: null,
      hash: null,
      links: { pdf: "https://files.test/doc_1/pdf?signature=s", xml: null, cdr: null },
      despatch: null,
      reference: null,
      reason: null,
      notes: [],
      void: null,
      submission: null,
    });
  });

  it("should present an event with its document under data.object, links signed as the document's", () => {
    const event = create(EventSchema, {
      id: "evt_1",
      object: "event",
      type: "document.accepted",
      createdAt: "2026-11-28T15:00:01.000Z",
      livemode: false,
      data: { object: { case: "document", value: document } },
    });
    expect(presentEvent(event, signed)).toEqual({
      id: "evt_1",
      object: "event",
      type: "document.accepted",
      created_at: "2026-11-28T15:00:01.000Z",
      livemode: false,
      data: { object: presentDocument(document, signed) },
    });
  });

  it("should present an email event with the email under data.object", () => {
    const event = create(EventSchema, {
      id: "evt_2",
      object: "event",
      type: "email.sent",
      createdAt: "2026-11-28T15:01:02.000Z",
      livemode: false,
      data: { object: { case: "email", value: email } },
    });
    expect(presentEvent(event).data).toEqual({
      object: {
        id: "eml_1",
        object: "email",
        document_id: "doc_1",
        to: ["cliente@example.com"],
        cc: [],
        status: "sent",
        last_error: null,
        attempts: 1,
        livemode: false,
        created_at: "2026-11-28T15:01:00.000Z",
        updated_at: "2026-11-28T15:01:02.000Z",
      },
    });
  });

  it("should present an event without a resource as data.object null", () => {
    const event = create(EventSchema, { id: "evt_3", object: "event", type: "document.accepted" });
    expect(presentEvent(event).data).toEqual({ object: null });
  });

  it("should present an email's last error, and refuse a missing resource", () => {
    expect(
      presentEmail(create(EmailSchema, { ...email, status: "failed", lastError: "550 no mailbox" })),
    ).toMatchObject({ status: "failed", last_error: "550 no mailbox" });
    expect(() => presentEmail(undefined)).toThrow(/without its email/);
    expect(() => presentEvent(undefined)).toThrow(/without its event/);
  });
});

describe("the resources of einvoice.api.v1", () => {
  // As the notification service answers it, its constant `object` set.
  const endpoint = create(api.WebhookEndpointSchema, {
    id: "we_1",
    object: "webhook_endpoint",
    url: "https://hooks.example.com/in",
    events: ["*"],
    enabled: true,
    livemode: false,
    createdAt: "2026-11-28T15:00:00.000Z",
    updatedAt: "2026-11-28T15:00:00.000Z",
  });

  it("should present an endpoint with its object, and its secret only when the answer carries one", () => {
    const read = presentWebhookEndpoint(endpoint);
    expect(read).toEqual({
      id: "we_1",
      object: "webhook_endpoint",
      url: "https://hooks.example.com/in",
      events: ["*"],
      enabled: true,
      description: "",
      livemode: false,
      created_at: "2026-11-28T15:00:00.000Z",
      updated_at: "2026-11-28T15:00:00.000Z",
    });
    expect(read).not.toHaveProperty("secret");
    expect(
      presentWebhookEndpoint(create(api.WebhookEndpointSchema, { ...endpoint, secret: "whsec_abc" })).secret,
    ).toBe("whsec_abc");
    // An answer of a notification service on the other side of the renumbering: retryable, never misread.
    expect(() => presentWebhookEndpoint(undefined)).toThrow(
      expect.objectContaining({
        code: Code.Unavailable,
        rawMessage: expect.stringMatching(/without the endpoint/),
      }),
    );
    expect(() => presentWebhookDelivery(undefined)).toThrow(
      expect.objectContaining({ code: Code.Unavailable }),
    );
  });

  it("should present a delivery's and its attempts' missing HTTP answer as null", () => {
    const delivery = presentWebhookDelivery(
      create(api.WebhookDeliverySchema, {
        id: "wd_1",
        object: "webhook_delivery",
        endpointId: "we_1",
        eventId: "evt_1",
        eventType: "document.accepted",
        status: "pending",
        attempts: [
          { at: "2026-11-28T15:00:01.000Z", durationMs: 10_000, error: "timeout" },
          { at: "2026-11-28T15:00:06.000Z", responseStatus: 500, durationMs: 12, error: "answered 500" },
        ],
        createdAt: "2026-11-28T15:00:00.000Z",
      }),
    );
    expect(delivery).toMatchObject({ object: "webhook_delivery", response_status: null, last_error: null });
    expect(delivery.attempts.map((a) => a.response_status)).toEqual([null, 500]);
    expect(delivery.next_attempt_at).toBeNull();
  });

  it("should keep only the public message's fields of a record, and null its unset optional ones", () => {
    const certificate = presentCertificate(
      create(CertificateSchema, { subject: "CN=X", serialNumber: "5A", source: "uploaded" }),
      true,
    );
    expect(certificate).toMatchObject({
      object: "certificate",
      livemode: true,
      subject: "CN=X",
      serial_number: "5A",
    });
    expect(certificate).not.toHaveProperty("source");
    const record = { _id: "cmp_1", id: "cmp_1", trade_name: null, certificate: null };
    const company = presentAs(api.CompanySchema, record);
    expect(company).not.toHaveProperty("_id");
    expect(company).toMatchObject({
      id: "cmp_1",
      object: "company",
      trade_name: null,
      certificate: null,
      logo: null,
    });
  });

  it("should leave an empty list out where the rules say absent_when_unset", () => {
    const error = { type: "api_error", code: "x", message: "m", param: null };
    expect(presentAs(api.ErrorSchema, { error: { ...error, errors: [] } }).error).toEqual(error);
    const violation = { param: "a", code: "b", message: "c" };
    expect(presentAs(api.ErrorSchema, { error: { ...error, errors: [violation] } }).error.errors).toEqual([
      violation,
    ]);
  });

  it("should present a constant the rules give (bool_const, a single closed value) without being told", () => {
    const deleted = presentAs(api.WebhookEndpointDeletedSchema, { id: "we_1" });
    expect(JSON.stringify(deleted)).toBe('{"id":"we_1","object":"webhook_endpoint","deleted":true}');
  });
});
