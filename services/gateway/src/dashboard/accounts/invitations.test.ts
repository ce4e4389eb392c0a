import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { storeConfig } from "@einvoice/platform";
import { openStore, type Store } from "@einvoice/store";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { AcceptInvitation, CreateInvitation } from "./invitations.js";
import { dashboardCollections } from "./records.js";
import { Sessions } from "./sessions.js";
import { SignIn } from "./sign-in.js";

// On a real SQLite store in a fresh directory.
describe("invitations, sessions and sign-in", () => {
  let dir: string;
  let store: Store;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), "dashboard-accounts-"));
    store = await openStore(storeConfig({ DATA_DIR: dir, MONGODB_URL: undefined }, "gateway"));
    await store.ensure(dashboardCollections);
  });

  afterEach(async () => {
    await store.close();
    await rm(dir, { recursive: true, force: true });
  });

  const invite = (email: string) =>
    new CreateInvitation(store).execute({ companyId: "cmp_x", email, role: "viewer", invitedBy: "usr_x" });

  it("should open an account once per link, with the invited role, and refuse an email that has one", async () => {
    const { token } = await invite("Ana@Example.com");
    const accept = new AcceptInvitation(store);
    await expect(accept.execute(token, "short")).rejects.toThrow("at least 12 characters");
    const user = await accept.execute(token, "una clave bastante larga");
    expect(user).toMatchObject({ email: "ana@example.com", role: "viewer", company_id: "cmp_x" });
    expect(await accept.execute(token, "una clave bastante larga")).toBeNull();
    await expect(invite("ana@example.com")).rejects.toThrow("ana@example.com already has an account");
  });

  it("should sign in, throttle an account after 5 failures, and end every session on sign-out everywhere", async () => {
    const { token } = await invite("luis@example.com");
    await new AcceptInvitation(store).execute(token, "una clave bastante larga");
    const signIn = new SignIn(store, { perAddress: 100, perAccount: 5 });
    const ok = await signIn.execute({
      email: "LUIS@example.com",
      password: "una clave bastante larga",
      address: "a",
    });
    expect(ok.outcome).toBe("signed_in");
    if (ok.outcome !== "signed_in") return;
    const sessions = new Sessions(store);
    const one = await sessions.open(ok.user);
    const two = await sessions.open(ok.user);
    expect(one.token).not.toBe(two.token);
    expect((await sessions.find(one.token))?.user.email).toBe("luis@example.com");
    await sessions.closeEverywhere(ok.user);
    expect(await sessions.find(one.token)).toBeNull();
    expect(await sessions.find(two.token)).toBeNull();

    for (let i = 0; i < 5; i++)
      expect(
        (await signIn.execute({ email: "luis@example.com", password: "x", address: `b${i}` })).outcome,
      ).toBe("refused");
    const after = await signIn.execute({
      email: "luis@example.com",
      password: "una clave bastante larga",
      address: "c",
    });
    expect(after.outcome).toBe("throttled");
  });
});
