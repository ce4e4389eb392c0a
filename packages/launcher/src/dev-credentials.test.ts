import { mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ensureDevCredentials } from "./dev-credentials.js";

// Each call runs the gateway's real entry on a real SQLite store in a fresh data dir.
describe("ensureDevCredentials", () => {
  let dataDir: string;
  const file = () => join(dataDir, "dev-credentials.json");

  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), "einvoice-launcher-"));
  });

  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it("should create a test company and key on an empty data dir, keep them in a 0600 file and reuse them", async () => {
    const first = await ensureDevCredentials(dataDir, undefined);
    expect(first.company_id).toMatch(/^cmp_/);
    expect(first.api_key).toMatch(/^sk_test_/);
    // The first dashboard admin of the test company, with a random password of 120 bits.
    expect(first.dashboard_email).toBe("admin@example.com");
    expect(first.dashboard_password).toMatch(/^[A-Za-z0-9_-]{20}$/);
    expect(JSON.parse(await readFile(file(), "utf8"))).toEqual(first);
    expect((await stat(file())).mode & 0o777).toBe(0o600);
    expect(await stat(join(dataDir, "gateway.sqlite"))).toBeTruthy();

    expect(await ensureDevCredentials(dataDir, undefined)).toEqual(first);
  });

  it("should replace a saved key the store does not know with a new key for the same company", async () => {
    const first = await ensureDevCredentials(dataDir, undefined);
    const stale = { ...first, api_key: "sk_test_0000000000000000000000000000" };
    await writeFile(file(), JSON.stringify(stale), { mode: 0o644 });

    const second = await ensureDevCredentials(dataDir, undefined);
    expect(second.company_id).toBe(first.company_id);
    expect(second.api_key).not.toBe(stale.api_key);
    expect(JSON.parse(await readFile(file(), "utf8"))).toEqual(second);
    expect((await stat(file())).mode & 0o777).toBe(0o600);
  });

  it("should name the file and the remedy when the saved file is not credentials", async () => {
    await writeFile(file(), "{not json");
    await expect(ensureDevCredentials(dataDir, undefined)).rejects.toThrow(
      `${file()} is not {"company_id": "cmp_…", "api_key": "sk_test_…"}; delete it`,
    );
  });

  it("should pass MONGODB_URL on and report the gateway's own words when it cannot open that store", async () => {
    await expect(ensureDevCredentials(dataDir, "bogus://nowhere")).rejects.toThrow(
      /dev-credentials-main\.ts exited with code 1: error: .*mongodb/i,
    );
  });
});
