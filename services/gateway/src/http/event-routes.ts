import { hasIdShape } from "@einvoice/platform";
import type { Router } from "@koa/router";
import { ApiError } from "../errors/public-errors.js";
import { type AuthedState, type GatewayDeps, linkSignerFor, scopeOf } from "./context.js";
import { presentEvent } from "./presenters.js";

const MAX_LIMIT = 100;

function queryString(value: unknown, param: string): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== "string" || value === "") {
    throw new ApiError(
      400,
      "invalid_request_error",
      "parameter_invalid",
      `${param} must be a single non-empty value.`,
      param,
    );
  }
  return value;
}

export function eventRoutes(router: Router<AuthedState>, deps: GatewayDeps) {
  router.get("/v1/events", async (ctx) => {
    const limitText = queryString(ctx.query.limit, "limit");
    const limit = limitText === undefined ? 10 : Number(limitText);
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT) {
      throw new ApiError(
        400,
        "invalid_request_error",
        "parameter_invalid",
        `limit must be an integer from 1 to ${MAX_LIMIT}.`,
        "limit",
      );
    }
    const type = queryString(ctx.query.type, "type");
    const documentId = queryString(ctx.query.document_id, "document_id");
    const startingAfter = queryString(ctx.query.starting_after, "starting_after");
    const res = await deps.notification.listEvents({
      scope: scopeOf(ctx.state.caller),
      limit,
      type: type ?? "",
      documentId: documentId ?? "",
      startingAfter: startingAfter ?? "",
    });
    ctx.body = {
      object: "list",
      url: "/v1/events",
      has_more: res.hasMore,
      data: res.events.map((event) => presentEvent(event, linkSignerFor(deps, ctx.state))),
    };
  });

  router.get("/v1/events/:id", async (ctx) => {
    const id = ctx.params.id!;
    if (!hasIdShape(id, "evt"))
      throw new ApiError(404, "invalid_request_error", "resource_missing", `No such event: '${id}'`, "id");
    const res = await deps.notification.getEvent({ scope: scopeOf(ctx.state.caller), id });
    ctx.body = presentEvent(res.event, linkSignerFor(deps, ctx.state));
  });
}
