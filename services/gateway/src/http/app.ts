import { renderMetrics, withIncomingSpan } from "@einvoice/platform";
import Koa from "koa";
import { DEFAULT_SIGNIN_THROTTLE, dashboard } from "../dashboard/dashboard.js";
import { GATEWAY_ERRORS } from "../errors/gateway-errors.js";
import { apiError } from "../errors/public-errors.js";
import { buildOpenApiDocument, OPENAPI_PATH } from "../openapi/openapi-document.js";
import { operationRouters } from "../operations/operation-routers.js";
import { OPERATIONS } from "../operations/operations.js";
import { Authenticate, KEY_RECHECK_MS } from "../usecases/authenticate.js";
import { IdempotencyGate } from "../usecases/idempotency-gate.js";
import type { GatewayDeps } from "./context.js";
import { docsPage } from "./docs-page.js";
import { idempotency } from "./idempotency.js";
import { issuingUseCases } from "./issuing-use-cases.js";
import { authentication, errorHandling, jsonBody } from "./middleware.js";
import { rateLimits } from "./rate-limits.js";

/** The public REST API: health, the OpenAPI document and its reference page (no key), then authentication, then /v1 routes. */
export function createApp(deps: GatewayDeps): Koa {
  const app = new Koa();
  // The routers are built from the one list of operations, which the OpenAPI document describes too.
  const routers = operationRouters(OPERATIONS, {
    deps,
    issuing: issuingUseCases(deps),
    openApi: buildOpenApiDocument(),
  });
  // One SERVER span per request (a no-op without OTEL_EXPORTER_OTLP_ENDPOINT): the root of a document's trace.
  app.use((ctx, next) =>
    withIncomingSpan("gateway", `${ctx.method} ${ctx.path}`, ctx.headers, async (span) => {
      await next();
      if (ctx._matchedRoute) span.updateName(`${ctx.method} ${String(ctx._matchedRoute)}`);
      span.setAttribute("http.response.status_code", ctx.status);
    }),
  );
  app.use(errorHandling(deps.logger));
  app.use(async (ctx, next) => {
    if (ctx.path === "/healthz") {
      ctx.body = { status: "ok", service: "gateway", node: process.version };
      return;
    }
    if (ctx.path === "/readyz") {
      try {
        await deps.readiness();
        ctx.body = { status: "ready", service: "gateway" };
      } catch (error) {
        ctx.status = 503;
        ctx.body = { status: "not_ready", service: "gateway", reason: (error as Error).message };
      }
      return;
    }
    // Prometheus scrapes it inside the cluster; the production Ingress routes only /v1 and /docs here.
    if (ctx.path === "/metrics") {
      const { contentType, body } = await renderMetrics();
      ctx.type = contentType;
      ctx.body = body;
      return;
    }
    await next();
  });
  // Operations served without a key (the OpenAPI document).
  app.use(routers.public.routes());
  // The web dashboard: its own session authentication, before the API's key authentication.
  app.use(dashboard(deps, deps.dashboard ?? { signInThrottle: DEFAULT_SIGNIN_THROTTLE }));
  app.use(docsPage(OPENAPI_PATH));
  const limits = rateLimits(deps.rateLimits);
  app.use(limits.guardAuthentication);
  app.use(
    authentication(
      new Authenticate(deps.store, deps.apiKeyHasher, undefined, KEY_RECHECK_MS),
      deps.fileLinks,
    ),
  );
  app.use(limits.limitCaller);
  // Operations whose body is not JSON (the logo's image).
  app.use(routers.raw.routes());
  app.use(jsonBody(deps.maxBodyBytes));
  // A request may hold its key for the longest wait plus the time to issue before a retry can take over.
  app.use(idempotency(new IdempotencyGate(deps.store, (deps.maxWaitSeconds + 30) * 1000)));
  // Every other operation, then 405 for a known path with another method.
  const router = routers.api;
  app.use(router.routes());
  app.use(
    router.allowedMethods({
      throw: true,
      notImplemented: () => apiError(GATEWAY_ERRORS.not_implemented),
      methodNotAllowed: () => apiError(GATEWAY_ERRORS.method_not_allowed),
    }),
  );
  app.use((ctx) => {
    throw apiError(GATEWAY_ERRORS.route_missing, `Unrecognized request URL (${ctx.method} ${ctx.path}).`);
  });
  return app;
}
