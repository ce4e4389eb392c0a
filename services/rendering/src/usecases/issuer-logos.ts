import { PermanentError } from "@einvoice/broker";
import type { Issuer } from "@einvoice/domain";
import type { ObjectStore } from "@einvoice/objects";
import { type OpenedLogo, openLogo } from "@einvoice/pdf";
import { permanentOnBadInput } from "./render-pdf.js";

/**
 * The logo a document prints: the bytes its issuer snapshot names (`logo_key`, fixed when the document was
 * issued), never the company's current logo; undefined when it was issued without one. Every print of a document
 * (A4, ticket, a later re-render) reads it here.
 *
 * Logo keys name their content (its SHA-256) and a stored logo is never overwritten or deleted, so the bytes read
 * once under a key are the bytes under it for good: they are kept, the most recently printed first, up to
 * `maxBytes` in all, and a company's every PDF after its first reads no file. A changed logo is a new key. A
 * missing logo will not appear on a retry. A logo is opened (checked and decoded) once while its bytes are kept;
 * the decoded copy, not counted in `maxBytes`, goes with them.
 */
export class IssuerLogos {
  /** Key → bytes; a Map iterates in insertion order, so re-inserting on each hit keeps the least recent first. */
  private readonly kept = new Map<string, Uint8Array>();
  private keptBytes = 0;
  /** Each kept logo opened, by its bytes object: dropped with the bytes. */
  private readonly opened = new WeakMap<Uint8Array, Promise<OpenedLogo>>();

  constructor(
    private readonly objects: ObjectStore,
    private readonly maxBytes: number,
  ) {}

  async read(issuer: Issuer): Promise<Uint8Array | undefined> {
    const key = issuer.logo_key;
    if (!key) return undefined;
    const hit = this.kept.get(key);
    if (hit) {
      this.kept.delete(key);
      this.kept.set(key, hit);
      return hit;
    }
    const stored = await this.objects.get(key);
    if (!stored) throw new PermanentError(`the logo ${key} named by the document's issuer is missing`);
    this.keep(key, stored.body);
    return stored.body;
  }

  /**
   * The logo opened for printing, once per kept bytes. A logo that cannot be printed will not print on a retry
   * either: its PdfInputError becomes a PermanentError.
   */
  async open(issuer: Issuer): Promise<OpenedLogo | undefined> {
    const bytes = await this.read(issuer);
    if (!bytes) return undefined;
    let opened = this.opened.get(bytes);
    if (!opened) {
      opened = permanentOnBadInput(openLogo(bytes));
      this.opened.set(bytes, opened);
    }
    return opened;
  }

  /** Bytes currently kept, for the bound's test. */
  get size(): { logos: number; bytes: number } {
    return { logos: this.kept.size, bytes: this.keptBytes };
  }

  private keep(key: string, bytes: Uint8Array): void {
    if (bytes.byteLength > this.maxBytes || this.kept.has(key)) return;
    this.kept.set(key, bytes);
    this.keptBytes += bytes.byteLength;
    for (const [oldest, body] of this.kept) {
      if (this.keptBytes <= this.maxBytes) break;
      this.kept.delete(oldest);
      this.keptBytes -= body.byteLength;
    }
  }
}
