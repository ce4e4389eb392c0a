import { afterEach, describe, expect, it } from "vitest";
import { startTestGateway, type TestGateway } from "../../test-support/test-gateway.js";

describe("rate limits", () => {
  let gateway: TestGateway | undefined;

  afterEach(async () => {
    await gateway?.stop();
  });

  const slow = { capacity: 3, refillPerSecond: 0.01 };
  const roomy = { capacity: 1_000, refillPerSecond: 1_000 };
  const get = (key: string) =>
    fetch(`${gateway!.baseUrl}/v1/company`, { headers: { authorization: `Bearer ${key}` } });

  it("should announce each caller's allowance and answer 429 with Retry-After past it", async () => {
    gateway = await startTestGateway({ rateLimits: { perCaller: slow, authFailures: roomy } });
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await get(gateway.apiKey));
    expect(answers.slice(0, 3).map((r) => r.status)).toEqual([200, 200, 200]);
    expect(answers[0]!.headers.get("ratelimit-limit")).toBe("3");
    expect(answers[2]!.headers.get("ratelimit-remaining")).toBe("0");
    const refused = answers[3]!;
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("rate_limit_exceeded");
  });

  it("should refuse an address that keeps sending invalid keys, even with a valid key, for a while", async () => {
    gateway = await startTestGateway({ rateLimits: { perCaller: roomy, authFailures: slow } });
    const bad = "sk_test_00000000000000000000000000000000";
    expect([(await get(bad)).status, (await get(bad)).status, (await get(bad)).status]).toEqual([
      401, 401, 401,
    ]);
    const locked = await get(gateway.apiKey);
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});
