import { createHash } from "node:crypto";
import {
  inspectLogo,
  LOGO_CONTENT_TYPES,
  type LogoFormat,
  logoObjectKey,
  type Scope,
} from "@einvoice/domain";
import type { ObjectStore } from "@einvoice/objects";
import type { Store } from "@einvoice/store";
import { CompanyLogoRepository } from "../adapters/company-logo-repository.js";
import type { CompanyLogo } from "../adapters/company-settings-repository.js";

/**
 * The file cannot be the logo. `unsupported`: neither a PNG nor a JPEG; `too_large`: over a limit in bytes or
 * pixels; `invalid`: damaged, not what its Content-Type says, or a kind a PDF cannot embed.
 */
export class LogoRefused extends Error {
  override readonly name = "LogoRefused";
  constructor(
    readonly problem: "unsupported" | "too_large" | "invalid",
    message: string,
  ) {
    super(message);
  }
}

const NAMES: Record<LogoFormat, string> = { png: "PNG", jpeg: "JPEG" };

/**
 * Makes the bytes the company's logo in the mode: checked (type by magic bytes, structure, size in bytes and
 * pixels), stored under a key named by their SHA-256 (so a logo an issued document prints is never
 * overwritten), then recorded as the logo documents issued from now on print.
 */
export class SetCompanyLogo {
  constructor(private readonly deps: { store: Store; objects: ObjectStore; clock?: () => Date }) {}

  /** `declared`: the format the sender's Content-Type names. */
  async execute(scope: Scope, declared: LogoFormat, body: Buffer): Promise<CompanyLogo> {
    const inspection = inspectLogo(body);
    if (!inspection.ok) throw new LogoRefused(inspection.problem, inspection.message);
    if (inspection.format !== declared)
      throw new LogoRefused(
        "invalid",
        `The Content-Type says ${LOGO_CONTENT_TYPES[declared]} but the body is a ${NAMES[inspection.format]} image: send it with 'Content-Type: ${inspection.contentType}'.`,
      );
    const sha256 = createHash("sha256").update(body).digest("hex");
    const key = logoObjectKey(scope, sha256, inspection.format);
    if (!(await this.deps.objects.exists(key)))
      await this.deps.objects.put(key, body, inspection.contentType);
    const logo: CompanyLogo = {
      key,
      format: inspection.format,
      content_type: inspection.contentType,
      size: body.length,
      width: inspection.width,
      height: inspection.height,
      sha256,
      updated_at: (this.deps.clock ?? (() => new Date()))().toISOString(),
    };
    await new CompanyLogoRepository(this.deps.store).save(scope, logo);
    return logo;
  }
}
