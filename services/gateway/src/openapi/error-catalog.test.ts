import type { ErrorEntry } from "@einvoice/domain";
import {
  Code,
  ConnectError,
  SERVICE_ERRORS,
  type ServiceError,
  serviceError,
  violationsError,
} from "@einvoice/platform";
import { computeDocument, TAX_ERRORS } from "@einvoice/tax-engine";
import { describe, expect, it } from "vitest";
import { GATEWAY_ERRORS } from "../errors/gateway-errors.js";
import { apiError, publicErrorFromConnect } from "../errors/public-errors.js";
import { ERROR_CATALOG, ERROR_TABLES } from "./error-catalog.js";

/**
 * The public catalog against the error tables the code raises from (typed entries, so a code cannot exist
 * outside a table): every entry of every table is in the catalog once and nothing else is; the services' entries
 * answer, through the gateway's single Connect table, exactly the status, type and code they declare.
 */

const key = (e: { status: number; code: string }) => `${e.status} ${e.code}`;
const tableEntries = Object.entries(ERROR_TABLES).flatMap(([table, entries]) =>
  Object.entries(entries).map(([name, entry]) => ({ table, name, entry })),
);

describe("the error catalog", () => {
  it("has one entry per status and code, each with when and how to fix", () => {
    expect(new Set(ERROR_CATALOG.map(key)).size).toBe(ERROR_CATALOG.length);
    for (const e of ERROR_CATALOG) {
      expect(e.when.length, e.code).toBeGreaterThan(10);
      expect(e.fix.length, e.code).toBeGreaterThan(5);
    }
  });

  it("is exactly the entries of the error tables, each once", () => {
    for (const { table, name, entry } of tableEntries) {
      expect(entry.code, `${table}.${name}`).toBe(name);
      expect(
        ERROR_CATALOG.filter((e) => key(e) === key(entry)),
        `${table}.${name}`,
      ).toEqual([{ ...entry, section: expect.any(String) }]);
    }
    expect(ERROR_CATALOG.length).toBe(tableEntries.length);
  });

  it("states a family that matches each status", () => {
    const family = (status: number): ErrorEntry["type"] =>
      status === 401 || status === 403
        ? "authentication_error"
        : status === 409
          ? "conflict_error"
          : status === 429 || status === 500 || status === 503
            ? "api_error"
            : "invalid_request_error";
    for (const e of ERROR_CATALOG) expect(e.type, key(e)).toBe(family(e.status));
  });

  it("answers every service reason with the status, type and code its table declares", () => {
    const services = Object.values(SERVICE_ERRORS) as ServiceError[];
    expect(services.length).toBeGreaterThan(10);
    for (const entry of services) {
      const thrown =
        entry.status === 422
          ? violationsError([{ param: "x", code: entry.code, message: "m" }])
          : serviceError(entry, "m");
      const answer = publicErrorFromConnect(thrown);
      expect([answer.status, answer.type, answer.code], entry.code).toEqual([
        entry.status,
        entry.type,
        entry.code,
      ]);
    }
  });

  it("answers every Connect code without a reason with a catalog entry", () => {
    const codes = Object.values(Code).filter((c): c is Code => typeof c === "number");
    for (const code of codes) {
      const answer = publicErrorFromConnect(new ConnectError("x", code));
      expect(ERROR_CATALOG.find((e) => key(e) === key(answer))?.type, `${Code[code]} → ${key(answer)}`).toBe(
        answer.type,
      );
    }
  });

  it("sends a gateway entry's fixed message and field as the table states them", () => {
    for (const entry of Object.values(GATEWAY_ERRORS) as ErrorEntry[]) {
      if (!entry.message) continue;
      const body = apiError(entry as ErrorEntry & { message: string }).toBody().error;
      expect(body).toEqual({
        type: entry.type,
        code: entry.code,
        message: entry.message,
        param: entry.param ?? null,
      });
    }
  });

  it("lists every tax engine code as a 422, and the engine answers with them", () => {
    const tax = Object.values(TAX_ERRORS);
    expect(tax.length).toBeGreaterThan(50);
    for (const entry of tax)
      expect([entry.status, entry.type], entry.code).toEqual([422, "invalid_request_error"]);
    const refused = computeDocument(
      {
        series: "X1",
        currency: "EUR",
        items: [{ quantity: "-1", unit_price: "1.123", tax_affectation: "99" }],
      } as never,
      { type: "01", today: "2026-06-01", igvRegime: "general" },
    );
    expect(refused.ok).toBe(false);
    const codes = refused.ok ? [] : refused.errors.map((e) => e.code);
    expect(codes.length).toBeGreaterThan(3);
    for (const code of codes) expect(TAX_ERRORS, code).toHaveProperty(code);
  });
});
