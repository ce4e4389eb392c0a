import { describe, expect, it } from "vitest";
import type { WebhookDeliveryRecord } from "../adapters/webhook-repository.js";
import { deliveryMessage } from "./webhook-deliveries.js";

const record = (attempts: WebhookDeliveryRecord["attempts"]): WebhookDeliveryRecord => ({
  _id: "wd_1",
  company_id: "co_1",
  livemode: false,
  endpoint_id: "we_1",
  event_id: "evt_1",
  event_type: "document.accepted",
  status: "pending",
  attempts,
  next_attempt_at: "2026-12-06T10:00:00.000Z",
  lease_until: "",
  created_at: "2026-12-06T09:00:00.000Z",
  updated_at: "2026-12-06T09:00:00.000Z",
});

describe("deliveryMessage", () => {
  it("should leave the response status unset when nothing was attempted yet", () => {
    const message = deliveryMessage(record([]));
    expect(message.object).toBe("webhook_delivery");
    expect(message.responseStatus).toBeUndefined();
    expect(message.lastError).toBeUndefined();
    expect(message.attempts).toEqual([]);
  });

  it("should leave the response status unset for an attempt no HTTP answer came to, and keep its error", () => {
    const message = deliveryMessage(
      record([
        {
          at: "2026-12-06T09:00:01.000Z",
          response_status: 500,
          duration_ms: 40,
          response_body_excerpt: "oops",
          error: null,
        },
        {
          at: "2026-12-06T09:00:31.000Z",
          response_status: null,
          duration_ms: 10_000,
          response_body_excerpt: "",
          error: "timed out after 10000 ms",
        },
      ]),
    );
    expect(message.responseStatus).toBeUndefined();
    expect(message.lastError).toBe("timed out after 10000 ms");
    expect(message.attempts.map((attempt) => attempt.responseStatus)).toEqual([500, undefined]);
    expect(message.nextAttemptAt).toBe("2026-12-06T10:00:00.000Z");
  });
});
