import { create, toBinary } from "@bufbuild/protobuf";
import { configureTextEncoding, getTextEncoding } from "@bufbuild/protobuf/wire";
import { IssuerSchema } from "@einvoice/proto";
import { afterEach, describe, expect, it } from "vitest";
import { useNodeTextEncoding } from "./protobuf-text.js";

const TEXTS = [
  "",
  "F001",
  "12.50",
  "Artículo 1 del pedido 7 — ñandú",
  "emoji 🧾 and CJK 請求書",
  "lone high \ud800 surrogate",
  "lone low \udc00 surrogate",
  "x".repeat(10_000),
];

describe("protobuf-es with Node's UTF-8 routines", () => {
  const original = getTextEncoding();
  afterEach(() => configureTextEncoding(original));

  it("should encode every string to the same bytes and check it the same way as protobuf-es's defaults", () => {
    const before = TEXTS.map((text) => ({
      bytes: toBinary(IssuerSchema, create(IssuerSchema, { legalName: text })),
      ok: original.checkUtf8(text),
    }));
    useNodeTextEncoding();
    const encoding = getTextEncoding();
    expect(encoding).not.toBe(original);
    TEXTS.forEach((text, i) => {
      expect(toBinary(IssuerSchema, create(IssuerSchema, { legalName: text }))).toEqual(before[i]!.bytes);
      expect(encoding.checkUtf8(text)).toBe(before[i]!.ok);
    });
    expect(TEXTS.map((text) => encoding.checkUtf8(text))).toContain(false);
  });
});
