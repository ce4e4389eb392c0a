import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Broker } from "@einvoice/broker";
import type { Issuer } from "@einvoice/domain";
import { FilesystemObjectStore } from "@einvoice/objects";
import { SqliteStore } from "@einvoice/store";
import type { XmlSigner } from "@einvoice/ubl";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SignatureRepository, signaturesCollection } from "../adapters/signature-repository.js";
import type { CredentialVault } from "./credential-vault.js";
import { type SignOnceDeps, type SignOnceSubject, signOnceAndAnnounce } from "./sign-once.js";

const subject: SignOnceSubject = {
  documentId: "doc_01JZ8X3P0A2B4C6D8E0F2G4H6J",
  companyId: "cmp_0000000000000000000000000A",
  livemode: false,
  number: 12,
  issuer: { ruc: "20000000001" } as Issuer,
  type: "01",
  series: "F001",
  issueDate: "2026-11-26",
  buildUnsignedXml: (issueTime) => `<Invoice><IssueTime>${issueTime}</IssueTime></Invoice>`,
};

describe("signing a document once", () => {
  let dir: string;
  let store: SqliteStore;
  let deps: SignOnceDeps;
  let signings: number;
  let announced: { msgId?: string; hash: string; xmlKey: string }[];
  let clock: Date;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), "sign-once-"));
    store = SqliteStore.open(":memory:");
    await store.ensure([signaturesCollection]);
    signings = 0;
    announced = [];
    clock = new Date("2026-11-26T15:00:00.000Z");
    // Each signing digests what it signs: a second signing at another time gives another digest.
    const signer: XmlSigner = {
      sign: (xml) => {
        signings++;
        const digestValue = Buffer.from(xml).toString("base64").slice(-12);
        return { xml: `${xml}<ds:DigestValue>${digestValue}</ds:DigestValue>`, digestValue };
      },
    };
    const broker = {
      js: {
        publish: async (_subject: string, body: string, options: { msgID?: string }) => {
          announced.push({ msgId: options.msgID, ...JSON.parse(body) });
          return { seq: announced.length, duplicate: false, stream: "DOCUMENTS" };
        },
      },
    } as unknown as Broker;
    deps = {
      signatures: new SignatureRepository(store),
      objects: await FilesystemObjectStore.open(join(dir, "objects")),
      broker,
      vault: { forIssuer: async () => ({}) } as unknown as CredentialVault,
      signer,
      clock: () => clock,
    };
  });
  afterEach(async () => {
    store.close();
    await rm(dir, { recursive: true, force: true });
  });

  it("a redelivery republishes the stored signature without signing again", async () => {
    await signOnceAndAnnounce(deps, subject);
    clock = new Date("2026-11-26T15:05:00.000Z");
    await signOnceAndAnnounce(deps, subject);
    expect(signings).toBe(1);
    expect(announced).toHaveLength(2);
    expect(announced[1]).toEqual(announced[0]);
  });

  it("a signature row lost (a power cut) is rebuilt from the stored XML: the same digest, no second signing", async () => {
    await signOnceAndAnnounce(deps, subject);
    await store.collection(signaturesCollection).deleteOne({ _id: subject.documentId });
    clock = new Date("2026-11-26T15:05:00.000Z");
    await signOnceAndAnnounce(deps, subject);
    expect(signings).toBe(1);
    expect(announced[1]).toEqual(announced[0]);
    const stored = await deps.signatures.find(subject.companyId, subject.livemode, subject.documentId);
    expect(stored?.hash).toBe(announced[0]!.hash);
    expect((await deps.objects.get(stored!.xml_key))?.body.toString()).toContain(
      `<ds:DigestValue>${announced[0]!.hash}</ds:DigestValue>`,
    );
  });
});
