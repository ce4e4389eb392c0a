import { Writable } from "node:stream";
import { Code, ConnectError } from "@connectrpc/connect";
import { FieldViolationsSchema } from "@einvoice/proto";
import { pino } from "pino";
import { describe, expect, it } from "vitest";
import { serializeError } from "./logger.js";

const logged = (err: unknown) => {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  pino({ serializers: { err: serializeError } }, sink).error({ err }, "failed");
  return lines[0]!;
};

describe("serializeError", () => {
  it("logs a ConnectError by code, message, detail types and cause, without its descriptors", () => {
    const error = new ConnectError(
      "numbering unreachable",
      Code.Unavailable,
      undefined,
      [
        {
          desc: FieldViolationsSchema,
          value: { violations: [{ param: "series", code: "x", message: "y" }] },
        },
      ],
      new Error("connect ECONNREFUSED 127.0.0.1:7010"),
    );
    const line = logged(error);
    const entry = JSON.parse(line).err;
    expect(entry).toMatchObject({
      type: "ConnectError",
      code: "Unavailable",
      message: "[unavailable] numbering unreachable",
      details: ["einvoice.common.v1.FieldViolations"],
      cause: { type: "Error", message: "connect ECONNREFUSED 127.0.0.1:7010" },
    });
    expect(line.length).toBeLessThan(4_000);
    expect(line).not.toContain("typeName");
  });

  it("logs any other error as pino does", () => {
    const entry = JSON.parse(logged(new RangeError("out of range"))).err;
    expect(entry).toMatchObject({ type: "RangeError", message: "out of range" });
    expect(entry.stack).toContain("RangeError");
  });
});
