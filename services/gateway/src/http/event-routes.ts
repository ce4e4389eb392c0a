import { hasIdShape, SERVICE_ERRORS } from "@einvoice/platform";
import type { Router } from "@koa/router";
import { apiError } from "../errors/public-errors.js";
import { EVENT_TYPES } from "../openapi/document-schemas.js";
import { type AuthedState, type GatewayDeps, linkSignerFor, scopeOf } from "./context.js";
import { parseListQuery } from "./list-params.js";
import { presentEvent } from "./presenters.js";

export function eventRoutes(router: Router<AuthedState>, deps: GatewayDeps) {
  router.get("/v1/events", async (ctx) => {
    const query = parseListQuery(ctx.query, "evt", (reader) => ({
      type: reader.oneOf("type", EVENT_TYPES),
      documentId: reader.id("document_id", "doc"),
      created: reader.timeRange("created"),
    }));
    const res = await deps.notification.listEvents({
      scope: scopeOf(ctx.state.caller),
      limit: query.limit,
      type: query.type,
      documentId: query.documentId,
      startingAfter: query.startingAfter,
      endingBefore: query.endingBefore,
      createdGte: query.created.gte,
      createdLte: query.created.lte,
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
    if (!hasIdShape(id, "evt")) throw apiError(SERVICE_ERRORS.resource_missing, `No such event: '${id}'`);
    const res = await deps.notification.getEvent({ scope: scopeOf(ctx.state.caller), id });
    ctx.body = presentEvent(res.event, linkSignerFor(deps, ctx.state));
  });
}
