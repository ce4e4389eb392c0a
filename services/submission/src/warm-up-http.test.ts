import { describe, expect, it, vi } from "vitest";
import { HttpPoster } from "./adapters/http-post.js";
import { warmUpHttpClient } from "./warm-up-http.js";

describe("warmUpHttpClient", () => {
  it("posts every round to its own loopback server and reads each answer whole", async () => {
    const post = vi.spyOn(HttpPoster.prototype, "post");
    try {
      await expect(warmUpHttpClient(20)).resolves.toBe(20);
      expect(post).toHaveBeenCalledTimes(20);
      for (const [url] of post.mock.calls) expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
    } finally {
      post.mockRestore();
    }
  });
});
