/** Entities, specs and helpers shared by the store contract suite. */
import type { CollectionSpec, Entity, Store } from "../port.js";

export interface Invoice extends Entity {
  series: string;
  seq: number;
  number: string;
  status: string;
  total: number;
  paid: boolean;
  customer: { ruc: string; name: string };
  externalRef?: string;
  note?: string | null;
  version?: number;
}

export const INVOICES: CollectionSpec = {
  name: "invoices",
  indexes: [
    { fields: ["series", "seq"], unique: true },
    { fields: ["number"], unique: true },
    { fields: ["externalRef"], unique: true },
    { fields: ["status"] },
    { fields: ["customer.ruc"] },
  ],
};

/** A collection without unique indexes, for free-form round-trip and filter documents. */
export interface Thing extends Entity {
  [field: string]: unknown;
}
export const THINGS: CollectionSpec = { name: "things" };

export function invoice(seq: number, overrides: Partial<Invoice> = {}): Invoice {
  return {
    _id: `inv-${String(seq).padStart(3, "0")}`,
    series: "F001",
    seq,
    number: `F001-${seq}`,
    status: "draft",
    total: seq * 10,
    paid: false,
    customer: { ruc: "20100000009", name: "ACME SAC" },
    ...overrides,
  };
}

export interface ContractContext {
  /** The fresh, ensured store of the running test. */
  store(): Store;
}

export interface Deferred<T> {
  promise: Promise<T>;
  resolve(value: T): void;
}

export function deferred<T = void>(): Deferred<T> {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

export const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class Boom extends Error {
  override readonly name = "Boom";
}

/** Ids of the entities, in the order returned. */
export const ids = (entities: Entity[]) => entities.map((e) => e._id);
