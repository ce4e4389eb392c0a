import { LOGO_LIMITS } from "@einvoice/domain";
import type { Context } from "koa";
import { LogoRefused } from "../usecases/set-company-logo.js";
import { logoRefusal } from "./logo-resource.js";

/** The body, up to the logo's limit in bytes; past it a 422 naming the limit (the rest is not read). */
export async function readLogoBody(ctx: Context): Promise<Buffer> {
  const tooLarge = () => {
    // The rest of the body is still on the wire: close after answering so a keep-alive client is not stuck.
    ctx.set("Connection", "close");
    return logoRefusal(
      new LogoRefused("too_large", `The logo may be at most ${LOGO_LIMITS.maxBytes} bytes (512 KiB).`),
    );
  };
  if (Number(ctx.get("content-length")) > LOGO_LIMITS.maxBytes) throw tooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req) {
    size += (chunk as Buffer).length;
    if (size > LOGO_LIMITS.maxBytes) throw tooLarge();
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}
