import { randomBytes } from "node:crypto";
import { createClient, createRouterTransport } from "@connectrpc/connect";
import { Code, ConnectError, readViolations } from "@einvoice/platform";
import { SubmissionService } from "@einvoice/proto";
import { openStore, type Store } from "@einvoice/store";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  type GreCredentialRecord,
  GreCredentialStore,
  greCredentialsCollection,
} from "../adapters/gre-credential-repository.js";
import { SolCredentialStore, solCredentialsCollection } from "../adapters/sol-credential-repository.js";
import { submissionsCollection } from "../adapters/submission-repository.js";
import { GetSubmission } from "../usecases/get-submission.js";
import { SetGreCredentials } from "../usecases/gre-credentials.js";
import { GetSubmissionSetup, SetSolCredentials } from "../usecases/sol-credentials.js";
import { submissionRoutes } from "./submission-routes.js";

const live = { companyId: "cmp_1", livemode: true };
let store: Store;
let sol: SolCredentialStore;
let gre: GreCredentialStore;
let client: ReturnType<typeof createClient<typeof SubmissionService>>;

beforeEach(async () => {
  store = await openStore({ engine: "sqlite", file: ":memory:" });
  await store.ensure([submissionsCollection, solCredentialsCollection, greCredentialsCollection]);
  const masterKey = randomBytes(32);
  sol = new SolCredentialStore(store, masterKey);
  gre = new GreCredentialStore(store, masterKey);
  client = createClient(
    SubmissionService,
    createRouterTransport(
      submissionRoutes({
        getSubmission: new GetSubmission(store),
        setSolCredentials: new SetSolCredentials(sol),
        getSubmissionSetup: new GetSubmissionSetup(sol),
        setGreCredentials: new SetGreCredentials(gre),
        greClientId: (scope) => gre.findClientId(scope.companyId, scope.livemode),
      }),
    ),
  );
});

afterEach(async () => {
  await store.close();
});

describe("SubmissionService SOL credentials", () => {
  it("should store the pair for the scope and report the user, never the password", async () => {
    expect(await client.getSubmissionSetup({ scope: live })).toMatchObject({
      hasSolCredentials: false,
      solUser: "",
    });
    expect(
      await client.setSolCredentials({ scope: live, user: "EMPRESA01", password: "clave" }),
    ).toMatchObject({
      solUser: "EMPRESA01",
    });
    const setup = await client.getSubmissionSetup({ scope: live });
    expect(setup).toMatchObject({ hasSolCredentials: true, solUser: "EMPRESA01" });
    expect(JSON.stringify(setup)).not.toContain("clave");
    expect(await sol.find("cmp_1", true)).toEqual({ user: "EMPRESA01", password: "clave" });
    // The other mode is separate.
    expect((await client.getSubmissionSetup({ scope: { ...live, livemode: false } })).hasSolCredentials).toBe(
      false,
    );
  });

  it("should refuse bad values with violations naming user and password", async () => {
    const error = await client
      .setSolCredentials({ scope: live, user: "NOT VALID", password: "" })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectError);
    expect((error as ConnectError).code).toBe(Code.InvalidArgument);
    expect(readViolations(error as ConnectError).map((v) => v.param)).toEqual(["user", "password"]);
    expect(await sol.find("cmp_1", true)).toBeNull();
  });

  it("should require a scope", async () => {
    const error = await client.getSubmissionSetup({}).catch((e: unknown) => e);
    expect((error as ConnectError).code).toBe(Code.InvalidArgument);
  });
});

describe("SubmissionService GRE credentials", () => {
  it("should store the pair sealed for the scope and report the client id, never the secret", async () => {
    expect(await client.getSubmissionSetup({ scope: live })).toMatchObject({
      hasGreCredentials: false,
      greClientId: "",
    });
    const clientId = "7d3f7c6e-1b2a-4c5d-9e8f-0a1b2c3d4e5f";
    expect(
      await client.setGreCredentials({ scope: live, clientId, clientSecret: "s3cr3t+/=" }),
    ).toMatchObject({
      clientId,
    });
    const setup = await client.getSubmissionSetup({ scope: live });
    expect(setup).toMatchObject({ hasGreCredentials: true, greClientId: clientId });
    expect(JSON.stringify(setup)).not.toContain("s3cr3t");
    expect(await gre.find("cmp_1", true)).toEqual({ clientId, clientSecret: "s3cr3t+/=" });
    const stored = await store.collection<GreCredentialRecord>(greCredentialsCollection).findOne({});
    expect(stored?.client_secret_box).not.toContain("s3cr3t");
    expect((await client.getSubmissionSetup({ scope: { ...live, livemode: false } })).hasGreCredentials).toBe(
      false,
    );
  });

  it("should refuse bad values with violations naming client_id and client_secret", async () => {
    const error = await client
      .setGreCredentials({ scope: live, clientId: "not valid", clientSecret: "" })
      .catch((e: unknown) => e);
    expect((error as ConnectError).code).toBe(Code.InvalidArgument);
    expect(readViolations(error as ConnectError).map((v) => v.param)).toEqual(["client_id", "client_secret"]);
    expect(await gre.find("cmp_1", true)).toBeNull();
  });
});
