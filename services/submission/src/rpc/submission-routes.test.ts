import { randomBytes } from "node:crypto";
import { createClient, createRouterTransport } from "@connectrpc/connect";
import { Code, ConnectError, readViolations } from "@einvoice/platform";
import { SubmissionService } from "@einvoice/proto";
import { openStore, type Store } from "@einvoice/store";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SolCredentialStore, solCredentialsCollection } from "../adapters/sol-credential-repository.js";
import { submissionsCollection } from "../adapters/submission-repository.js";
import { GetSubmission } from "../usecases/get-submission.js";
import { GetSubmissionSetup, SetSolCredentials } from "../usecases/sol-credentials.js";
import { submissionRoutes } from "./submission-routes.js";

const live = { companyId: "cmp_1", livemode: true };
let store: Store;
let sol: SolCredentialStore;
let client: ReturnType<typeof createClient<typeof SubmissionService>>;

beforeEach(async () => {
  store = await openStore({ engine: "sqlite", file: ":memory:" });
  await store.ensure([submissionsCollection, solCredentialsCollection]);
  sol = new SolCredentialStore(store, randomBytes(32));
  client = createClient(
    SubmissionService,
    createRouterTransport(
      submissionRoutes({
        getSubmission: new GetSubmission(store),
        setSolCredentials: new SetSolCredentials(sol),
        getSubmissionSetup: new GetSubmissionSetup(sol),
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
