import {
  computedDocuments,
  despatchAdvices,
  documentContract,
  invoiceRequests,
  issuers,
} from "@einvoice/contracts";
import { describe, expect, it } from "vitest";
import { subjects, verdictSubject } from "./catalog.js";
import { MessagePayload } from "./payload.js";

// Contracts compile their JSON Schemas on first use (not at import, which cost every service's start-up), so a
// schema ajv refuses would only surface on its first message: compile every one of them here.
describe("the contracts of every subject and document", () => {
  const contracts = [
    ...Object.values(subjects).map((subject) => {
      if (!(subject.payload instanceof MessagePayload))
        throw new Error(`${subject.subject}: not a proto payload`);
      return subject.payload.contract;
    }),
    ...[invoiceRequests, computedDocuments, despatchAdvices, issuers].map((domain) => domain.contract),
    documentContract,
  ];

  it.each(contracts.map((contract) => [contract.desc.typeName, contract] as const))(
    "%s compiles in both modes and names what an empty object lacks",
    (_name, contract) => {
      for (const mode of ["strict", "tolerant"] as const) {
        expect(() => contract.check({}, mode)).not.toThrow();
        expect(Array.isArray(contract.check({}, mode))).toBe(true);
      }
    },
  );
});

describe("verdictSubject", () => {
  it("puts despatch advices' verdicts on their own subject, every other document's on documents.verdict", () => {
    expect(verdictSubject("09")).toBe(subjects.documentDespatchVerdict);
    expect(verdictSubject("31")).toBe(subjects.documentDespatchVerdict);
    for (const type of ["01", "03", "07", "08"]) expect(verdictSubject(type)).toBe(subjects.documentVerdict);
  });
});
