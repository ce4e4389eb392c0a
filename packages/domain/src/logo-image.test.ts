import { crc32 } from "node:zlib";
import { testJpeg, testPng } from "@einvoice/testkit";
import { describe, expect, it } from "vitest";
import { inspectLogo, LOGO_LIMITS, logoObjectKey } from "./logo-image.js";

/** The PNG with its IHDR's width and height replaced (the checksum made right again). */
function withHeaderSize(png: Buffer, width: number, height: number): Buffer {
  const out = Buffer.from(png);
  out.writeUInt32BE(width, 16);
  out.writeUInt32BE(height, 20);
  out.writeUInt32BE(crc32(out.subarray(12, 29)), 29);
  return out;
}

describe("inspectLogo", () => {
  it("reads the type from the bytes and the size in pixels, of PNGs with and without alpha and of JPEGs", () => {
    expect(inspectLogo(testPng(600, 200))).toEqual({
      ok: true,
      format: "png",
      contentType: "image/png",
      width: 600,
      height: 200,
    });
    expect(inspectLogo(testPng(40, 120, { alpha: true }))).toMatchObject({
      ok: true,
      width: 40,
      height: 120,
    });
    expect(inspectLogo(testJpeg(300, 90))).toEqual({
      ok: true,
      format: "jpeg",
      contentType: "image/jpeg",
      width: 300,
      height: 90,
    });
  });

  it("calls anything else unsupported, whatever it claims to be", () => {
    expect(inspectLogo(Buffer.from("GIF89a\x01\x00\x01\x00"))).toMatchObject({
      ok: false,
      problem: "unsupported",
    });
    expect(inspectLogo(Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>"))).toMatchObject({
      problem: "unsupported",
    });
    expect(inspectLogo(Buffer.alloc(0))).toMatchObject({ problem: "unsupported" });
  });

  it("refuses a file over the byte limit, and sides over or under the pixel limits, saying the figures", () => {
    const big = Buffer.concat([testPng(20, 20), Buffer.alloc(LOGO_LIMITS.maxBytes)]);
    expect(inspectLogo(big)).toMatchObject({
      problem: "too_large",
      message: expect.stringContaining("524288"),
    });
    const wide = inspectLogo(testPng(2001, 40));
    expect(wide).toMatchObject({ problem: "too_large", message: expect.stringContaining("2001×40") });
    expect(inspectLogo(testPng(2000, 16)).ok).toBe(true);
    expect(inspectLogo(testPng(15, 100))).toMatchObject({
      problem: "invalid",
      message: expect.stringContaining("16"),
    });
  });

  it("refuses damaged PNGs: cut short, a failed checksum, pixel data that does not match the header", () => {
    const png = testPng(64, 32);
    expect(inspectLogo(png.subarray(0, png.length - 20))).toMatchObject({ problem: "invalid" });
    const flipped = Buffer.from(png);
    flipped[45] = (flipped[45] as number) ^ 0xff;
    expect(inspectLogo(flipped)).toMatchObject({
      problem: "invalid",
      message: expect.stringMatching(/checksum/),
    });
    expect(inspectLogo(withHeaderSize(png, 64, 33))).toMatchObject({
      problem: "invalid",
      message: expect.stringMatching(/does not match its width and height/),
    });
  });

  it("refuses a JPEG cut before its end", () => {
    const jpeg = testJpeg(100, 50);
    expect(inspectLogo(jpeg.subarray(0, jpeg.length - 2))).toMatchObject({ ok: false, problem: "invalid" });
  });
});

describe("logoObjectKey", () => {
  it("names the bytes by their SHA-256 under the company and mode", () => {
    const sha = "a".repeat(64);
    expect(logoObjectKey({ companyId: "cmp_1", livemode: false }, sha, "png")).toBe(
      `cmp_1/test/logos/${sha}.png`,
    );
    expect(logoObjectKey({ companyId: "cmp_1", livemode: true }, sha, "jpeg")).toBe(
      `cmp_1/live/logos/${sha}.jpg`,
    );
    expect(() => logoObjectKey({ companyId: "cmp_1", livemode: true }, "../x", "png")).toThrow();
  });
});
