import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { NODE_MAJOR, telemetryEnv } from "@einvoice/platform";
import { loadAll } from "js-yaml";
import { beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";

// The manifests against the code: every check reads the truth from services/*/src (env schemas, main.ts wiring,
// package versions), so a new variable, port or service fails here until deploy/k8s follows.

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const OVERLAYS = ["test", "production"] as const;
const SERVICES = readdirSync(join(ROOT, "services"), { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name)
  .sort();
/** Only test environments run the simulator; production submits to SUNAT. */
const TEST_ONLY = new Set(["sunat-simulator"]);
/** Platform Lifecycle bounds each closer at 10 s; the grace period must cover all of them plus the preStop pause. */
const CLOSE_TIMEOUT_S = 10;

type K8sObject = {
  apiVersion: string;
  kind: string;
  metadata: { name: string; [k: string]: any };
  [k: string]: any;
};

function render(overlay: string): K8sObject[] {
  const yaml = execFileSync("kubectl", ["kustomize", join(ROOT, "deploy/k8s/overlays", overlay)], {
    encoding: "utf8",
  });
  return (loadAll(yaml) as K8sObject[]).filter(Boolean);
}

const find = (objects: K8sObject[], kind: string, name: string) =>
  objects.find((o) => o.kind === kind && o.metadata.name === name);

/** The service's env schema: the exported zod object of its src/env.ts. */
async function envSchema(service: string): Promise<z.ZodObject> {
  const module = await import(join(ROOT, "services", service, "src/env.ts"));
  const schema = Object.entries(module).find(([name]) => name.endsWith("EnvSchema"))?.[1];
  if (!schema) throw new Error(`services/${service}/src/env.ts exports no *EnvSchema`);
  return schema as z.ZodObject;
}

/** Non-test sources of a service except env.ts, to see which settings the code really uses. */
function sources(service: string): string {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") && entry.name !== "env.ts")
        out.push(readFileSync(path, "utf8"));
    }
  };
  walk(join(ROOT, "services", service, "src"));
  return out.join("\n");
}

/** Every variable a container gets, with its value where the manifests hold one. */
function containerEnv(objects: K8sObject[], container: any): Map<string, string | undefined> {
  const env = new Map<string, string | undefined>();
  for (const from of container.envFrom ?? []) {
    const ref = from.configMapRef ?? from.secretRef;
    const source = find(objects, from.configMapRef ? "ConfigMap" : "Secret", ref.name);
    if (!source) throw new Error(`${container.name}: envFrom ${ref.name} is not in the overlay`);
    for (const [k, v] of Object.entries({ ...source.data, ...source.stringData })) env.set(k, String(v));
  }
  for (const e of container.env ?? []) env.set(e.name, e.value);
  return env;
}

const defaultOf = (field: any): unknown => {
  try {
    return field.safeParse(undefined).data;
  } catch {
    return undefined;
  }
};

describe.each(OVERLAYS)("deploy/k8s overlay %s", (overlay) => {
  let objects: K8sObject[];
  const expected = SERVICES.filter((s) => overlay === "test" || !TEST_ONLY.has(s));

  beforeAll(() => {
    objects = render(overlay);
  });

  it("should render with kubectl kustomize into one namespace", () => {
    expect(objects.length).toBeGreaterThan(50);
    const namespaced = objects.filter((o) => o.kind !== "Namespace");
    const namespaces = new Set(namespaced.map((o) => o.metadata.namespace));
    expect([...namespaces]).toEqual([overlay === "test" ? "einvoice-test" : "einvoice"]);
  });

  it("should hold only objects that validate against the Kubernetes schema", async () => {
    for (const object of objects) {
      const group = object.apiVersion.includes("/") ? object.apiVersion : object.apiVersion;
      const module = await import(`kubernetes-models/${group}/${object.kind}`);
      const Model = module[object.kind];
      expect(Model, `${object.apiVersion} ${object.kind}`).toBeTypeOf("function");
      expect(() => new Model(object).validate(), `${object.kind}/${object.metadata.name}`).not.toThrow();
    }
  });

  it("should have a Deployment and a Service for every service under services/", () => {
    for (const service of expected) {
      expect(find(objects, "Deployment", service), service).toBeDefined();
      expect(find(objects, "Service", service), service).toBeDefined();
    }
    const deployments = objects.filter((o) => o.kind === "Deployment").map((o) => o.metadata.name);
    expect(deployments.sort()).toEqual(expected);
  });

  it("should set every variable a service needs and none its env.ts does not read", async () => {
    for (const service of expected) {
      const schema = await envSchema(service);
      // runService reads the OpenTelemetry settings for every service (see @einvoice/platform telemetry.ts).
      const fields = { ...telemetryEnv, ...(schema.shape as Record<string, any>) };
      const [container] = find(objects, "Deployment", service)!.spec.template.spec.containers;
      const env = containerEnv(objects, container);
      const unread = [...env.keys()].filter((k) => !(k in fields));
      expect(unread, `${service} gets variables its env.ts does not read`).toEqual([]);
      for (const [key, value] of env) {
        const parsed = fields[key].safeParse(value);
        // Placeholders (CHANGE_ME…) are strings too; what must parse is each value's type (ports, booleans…).
        expect(parsed.success, `${service} ${key}=${value}`).toBe(true);
      }

      const code = sources(service);
      const required = new Set<string>(["HOST"]);
      // The test-only simulator keeps its sandbox state under DATA_DIR (/tmp) instead of a database.
      if (code.includes("openStore(") && !TEST_ONLY.has(service)) required.add("MONGODB_URL");
      if (code.includes("openObjectStore(")) {
        for (const k of ["MINIO_ENDPOINT", "MINIO_ACCESS_KEY", "MINIO_SECRET_KEY"]) required.add(k);
      }
      for (const [key, field] of Object.entries(fields)) {
        const fallback = defaultOf(field);
        // A default that points at this machine is never right in a pod.
        if (typeof fallback === "string" && /127\.0\.0\.1|localhost/.test(fallback)) required.add(key);
        // An optional setting the code branches on (master keys, SMTP…) must be decided, not left to embedded mode.
        if (fallback === undefined && !key.startsWith("SIM_") && new RegExp(`env\\.${key}\\b`).test(code))
          required.add(key);
      }
      if ("NATS_STREAM_REPLICAS" in fields) required.add("NATS_STREAM_REPLICAS");
      const missing = [...required].filter((k) => k in fields && !env.has(k));
      expect(missing, `${service} lacks variables`).toEqual([]);
      expect(env.get("HOST"), service).toBe("0.0.0.0");
    }
  });

  it("should agree with the code on images, ports, probes and drain time", async () => {
    for (const service of expected) {
      const deployment = find(objects, "Deployment", service)!;
      const pod = deployment.spec.template.spec;
      const [container] = pod.containers;
      const env = containerEnv(objects, container);
      const fields = (await envSchema(service)).shape as Record<string, any>;
      const portOf = (key: string) => Number(env.get(key) ?? defaultOf(fields[key]));

      const version = JSON.parse(
        readFileSync(join(ROOT, "services", service, "package.json"), "utf8"),
      ).version;
      expect(container.image, service).toMatch(
        new RegExp(`(^|/)einvoice/${service}:${version.replace(/\./g, "\\.")}$`),
      );

      const ports = Object.fromEntries(container.ports.map((p: any) => [p.name, p.containerPort]));
      const healthPort = "OPS_PORT" in fields ? "ops" : "http";
      expect(ports[healthPort], service).toBe(portOf(healthPort === "ops" ? "OPS_PORT" : "PORT"));
      if ("RPC_PORT" in fields && sources(service).includes("serveRpcAndOps(")) {
        expect(ports.rpc, service).toBe(portOf("RPC_PORT"));
      }
      expect(container.readinessProbe.httpGet, service).toEqual({ path: "/readyz", port: healthPort });
      expect(container.livenessProbe.httpGet, service).toEqual({ path: "/healthz", port: healthPort });
      const svc = find(objects, "Service", service)!;
      for (const port of svc.spec.ports)
        expect(ports[port.targetPort], `${service} ${port.name}`).toBe(port.port);

      expect(pod.securityContext.runAsNonRoot, service).toBe(true);
      expect(container.securityContext.readOnlyRootFilesystem, service).toBe(true);
      const tmp = container.volumeMounts.find((m: any) => m.mountPath === "/tmp");
      expect(pod.volumes.find((v: any) => v.name === tmp?.name)?.emptyDir, service).toBeDefined();
      expect(container.resources.requests && container.resources.limits, service).toBeTruthy();

      const main = readFileSync(join(ROOT, "services", service, "src/main.ts"), "utf8");
      const closers =
        (main.match(/lifecycle\.(add|onShutdown)\(/g)?.length ?? 0) +
        (main.includes("serveRpcAndOps(") ? 3 : 0);
      const preStop = Number(container.lifecycle?.preStop?.exec?.command?.[1] ?? 0);
      expect(pod.terminationGracePeriodSeconds, service).toBeGreaterThanOrEqual(
        closers * CLOSE_TIMEOUT_S + preStop,
      );
    }
  });

  it("should keep workers available through disruptions and scale only the stateless ones", () => {
    for (const service of expected.filter((s) => !TEST_ONLY.has(s))) {
      const pdb = objects.find(
        (o) =>
          o.kind === "PodDisruptionBudget" &&
          o.spec.selector.matchLabels["app.kubernetes.io/name"] === service,
      );
      expect(pdb, service).toBeDefined();
      const deployment = find(objects, "Deployment", service)!;
      expect(deployment.spec.replicas, service).toBeGreaterThanOrEqual(2);
      const hpa = objects.find(
        (o) => o.kind === "HorizontalPodAutoscaler" && o.spec.scaleTargetRef.name === service,
      );
      // The stateful workers own a database and consume JetStream work; the others scale on CPU.
      const code = sources(service);
      const stateless = !(code.includes("openStore(") && code.includes("startConsumer("));
      expect(Boolean(hpa), `${service} HPA`).toBe(stateless);
    }
  });

  it("should run NATS as a three-node JetStream cluster with the streams replicated as configured", () => {
    const nats = find(objects, "StatefulSet", "nats")!;
    expect(nats.spec.replicas).toBe(3);
    const conf = find(objects, "ConfigMap", "nats-config")!.data["nats.conf"] as string;
    expect(conf).toContain("jetstream");
    expect(conf.match(/nats:\/\/nats-\d\.nats-headless:6222/g)).toHaveLength(3);
    const replicas = Number(find(objects, "ConfigMap", "einvoice-jetstream")!.data.NATS_STREAM_REPLICAS);
    expect(replicas).toBeGreaterThan(1);
    expect(replicas).toBeLessThanOrEqual(nats.spec.replicas);
    // The server itself accepts the configuration (nats-server -t parses it and exits).
    const dir = mkdtempSync(join(tmpdir(), "nats-conf-"));
    try {
      writeFileSync(join(dir, "nats.conf"), conf);
      const check = spawnSync("nats-server", ["-t", "-c", join(dir, "nats.conf")], {
        encoding: "utf8",
        env: { ...process.env, POD_NAME: "nats-0" },
      });
      expect(check.status, check.stderr).toBe(0);
      expect(check.stdout + check.stderr).toContain("is valid");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("should give each service that stores data its own MongoDB replica set", () => {
    for (const service of expected.filter((s) => sources(s).includes("openStore(") && !TEST_ONLY.has(s))) {
      const set = find(objects, "StatefulSet", `mongodb-${service}`);
      expect(set, service).toBeDefined();
      expect(set!.spec.template.spec.containers[0].args).toContain("--replSet");
      const [container] = find(objects, "Deployment", service)!.spec.template.spec.containers;
      const url = containerEnv(objects, container).get("MONGODB_URL")!;
      expect(url, service).toContain(`mongodb-${service}-0.mongodb-${service}`);
      expect(url, service).toContain("replicaSet=rs0");
    }
  });

  it("should let traffic in only to the gateway and out to the internet only from submission and notification", () => {
    const policies = objects.filter((o) => o.kind === "NetworkPolicy");
    const denyAll = policies.find((p) => p.metadata.name === "default-deny")!;
    expect(denyAll.spec.podSelector).toEqual({});
    expect(denyAll.spec.policyTypes).toEqual(["Ingress", "Egress"]);
    const selected = (p: K8sObject) => p.spec.podSelector.matchLabels?.["app.kubernetes.io/name"];
    const openIngress = policies.filter((p) => (p.spec.ingress ?? []).some((rule: any) => !rule.from));
    expect(openIngress.map(selected)).toEqual(["gateway"]);
    const internet = policies.filter((p) =>
      (p.spec.egress ?? []).some((rule: any) => (rule.to ?? []).some((peer: any) => peer.ipBlock)),
    );
    expect(internet.map(selected).sort()).toEqual(["notification", "submission"]);
    const egressPeers = (name: string) =>
      policies
        .filter((p) => selected(p) === name)
        .flatMap((p) => p.spec.egress ?? [])
        .flatMap((rule: any) => rule.to ?? [])
        .map((peer: any) => peer.podSelector?.matchLabels?.["app.kubernetes.io/name"])
        .filter(Boolean);
    // Each service reaches only its own database.
    for (const service of expected) {
      const databases = egressPeers(service).filter((n: string) => n.startsWith("mongodb-"));
      const ownsDatabase = sources(service).includes("openStore(") && !TEST_ONLY.has(service);
      expect(databases, service).toEqual(ownsDatabase ? [`mongodb-${service}`] : []);
    }
    if (overlay === "test") expect(egressPeers("submission")).toContain("sunat-simulator");
    else expect(egressPeers("submission")).not.toContain("sunat-simulator");
  });

  it("should route the API, its reference and the dashboard to the gateway over TLS, and nothing else", () => {
    const ingresses = objects.filter((o) => o.kind === "Ingress");
    if (overlay !== "production") return expect(ingresses).toEqual([]);
    const [ingress] = ingresses;
    expect(ingress!.spec.tls).toHaveLength(1);
    const paths = ingress!.spec.rules.flatMap((rule: any) => rule.http.paths);
    expect(paths.map((p: any) => [p.path, p.backend.service.name])).toEqual([
      ["/v1", "gateway"],
      ["/docs", "gateway"],
      ["/dashboard", "gateway"],
    ]);
  });
});

describe("the Dockerfile", () => {
  const dockerfile = readFileSync(join(ROOT, "Dockerfile"), "utf8");

  it("should build any service by SERVICE on the pinned Node major and run it from dist as a non-root user", () => {
    expect(dockerfile).toMatch(new RegExp(`^ARG NODE_IMAGE=node:${NODE_MAJOR}[.-]`, "m"));
    expect(dockerfile).toMatch(/^ARG SERVICE$/m);
    expect(dockerfile).toMatch(/npm run build -- "\$\{SERVICE\}"/);
    expect(dockerfile).toContain("npm ci --omit=dev");
    expect(dockerfile).toMatch(/^USER 1000:1000$/m);
    // The same V8 flags as the launcher's SERVICE_V8_FLAGS (packages/launcher/src/runtime.ts).
    expect(dockerfile).toContain(
      'CMD ["node", "--max-semi-space-size=32", "--initial-old-space-size=192", "--no-lazy-feedback-allocation", "--v8-pool-size=2", "--enable-source-maps", "dist/main.js"]',
    );
    expect(dockerfile).not.toMatch(/--import[ =]tsx|tsx src\//);
    const build = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")).scripts.build;
    expect(build).toBe("node scripts/build.mjs");
  });
});

describe("the Grafana dashboard", () => {
  it("should chart only metrics the services export", async () => {
    const { metricsRegistry } = await import("@einvoice/platform");
    const known = new Set<string>();
    for (const metric of await metricsRegistry.getMetricsAsJSON()) {
      known.add(metric.name);
      if (metric.type === "histogram")
        for (const s of ["_bucket", "_count", "_sum"]) known.add(metric.name + s);
    }
    const dashboard = JSON.parse(readFileSync(join(ROOT, "deploy/grafana-dashboard.json"), "utf8"));
    const used = dashboard.panels
      .flatMap((panel: any) => panel.targets.map((t: any) => t.expr as string))
      .flatMap((expr: string) => expr.match(/\b(einvoice|nodejs|process)_[a-z0-9_]+/g) ?? []);
    expect(used.length).toBeGreaterThan(10);
    expect(used.filter((name: string) => !known.has(name))).toEqual([]);
    for (const name of [
      "einvoice_documents_total",
      "einvoice_dead_letters_total",
      "einvoice_sse_connections",
    ])
      expect(used).toContain(name);
  });
});
