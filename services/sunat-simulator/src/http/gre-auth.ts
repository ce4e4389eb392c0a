import { randomBytes } from "node:crypto";
import type http from "node:http";
import type { GreToken } from "../adapters/gre-tokens.js";
import type { SimulatorContext } from "./context.js";
import { type HttpReply, jsonReply } from "./http-io.js";

/** The scope SUNAT's GRE API tokens are issued for (Manual de Servicios GRE; Greenter ApiFactory). */
const CPE_SCOPE = "https://api-cpe.sunat.gob.pe";

/**
 * `POST /v1/clientessol/{client_id}/oauth2/token/` (api-seguridad.sunat.gob.pe), password grant. Errors use
 * the OAuth2 shape: an unknown client or a wrong secret is 401 `invalid_client` "cliente no autorizado",
 * what users of the real service report (Lycet #595/#605/#613); a wrong grant or scope is 400. The SOL user
 * and password are only checked for shape (an 11-digit RUC followed by the user; a password): the
 * simulator keeps no SOL accounts.
 */
export async function issueToken(
  ctx: SimulatorContext,
  pathClientId: string,
  body: string,
): Promise<HttpReply> {
  const form = new URLSearchParams(body);
  const clientId = form.get("client_id") ?? "";
  const secret = form.get("client_secret") ?? "";
  if (form.get("grant_type") !== "password") {
    return jsonReply(400, {
      error: "unsupported_grant_type",
      error_description: "grant_type debe ser password",
    });
  }
  if (
    clientId === "" ||
    secret === "" ||
    clientId !== pathClientId ||
    !clientAllowed(ctx, clientId, secret)
  ) {
    return jsonReply(401, { error: "invalid_client", error_description: "cliente no autorizado" });
  }
  if ((form.get("scope") ?? "").replace(/\/$/, "") !== CPE_SCOPE) {
    return jsonReply(400, { error: "invalid_scope", error_description: `scope debe ser ${CPE_SCOPE}` });
  }
  const username = form.get("username") ?? "";
  if (!/^[12]\d{10}\S+$/.test(username) || (form.get("password") ?? "") === "") {
    return jsonReply(400, { error: "invalid_grant", error_description: "Usuario o contraseña incorrectos" });
  }
  const now = ctx.clock();
  const token: GreToken = {
    _id: randomBytes(32).toString("base64url"),
    client_id: clientId,
    ruc: username.slice(0, 11),
    expires_at: new Date(now.getTime() + ctx.greTokenTtlSeconds * 1000).toISOString(),
  };
  await ctx.greTokens.save(token);
  return jsonReply(200, {
    access_token: token._id,
    token_type: "Bearer",
    expires_in: ctx.greTokenTtlSeconds,
  });
}

function clientAllowed(ctx: SimulatorContext, clientId: string, secret: string): boolean {
  return ctx.greClients ? ctx.greClients.get(clientId) === secret : true;
}

/** The token of a `Authorization: Bearer …` request, or the 401 to answer. */
export async function authenticate(
  ctx: SimulatorContext,
  req: http.IncomingMessage,
): Promise<{ ok: true; token: GreToken } | { ok: false; reply: HttpReply }> {
  const match = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? "");
  const token = match ? await ctx.greTokens.valid(match[1]!, ctx.clock()) : null;
  if (!token) return { ok: false, reply: jsonReply(401, { cod: "401", msg: "No autorizado" }) };
  return { ok: true, token };
}
