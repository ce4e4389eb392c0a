import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { domainTypeFiles, outDir, type Source } from "./generate-domain-types.js";
import { fixtureFile, fixtureRegistry } from "./proto-fixtures.js";

describe("packages/domain/src/generated", () => {
  it("should be what the contracts generate today (run `npm run generate` after a .proto change)", () => {
    const files = domainTypeFiles();
    expect(readdirSync(outDir).sort()).toEqual([...files.keys()].sort());
    for (const [file, text] of files) expect(readFileSync(join(outDir, file), "utf8"), file).toBe(text);
  }, 120_000);
});

const RULES = "(einvoice.common.v1.rules)";

/** One file per case, each its own package, built in one image. */
const FIXTURES = {
  both: `message Both { string kind = 1 [${RULES} = { values: ["a"], values_enum: "both.v1.Kind" }]; }
enum Kind { KIND_UNSPECIFIED = 0; KIND_A = 1; }`,
  boolConstOnString: `message Flag { string deleted = 1 [${RULES}.bool_const = true]; }`,
  noPrefix: `message Priced { string regime = 1 [${RULES}.values_enum = "noprefix.v1.Regime"]; }
enum Regime { REGIME_UNSPECIFIED = 0; GENERAL = 1; HOTELS = 2; }`,
  unknownEnum: `message Priced { string regime = 1 [${RULES}.values_enum = "unknownenum.v1.Missing"]; }`,
  enumElsewhere: `message Priced { string regime = 1 [${RULES}.values_enum = "other.v1.Regime"]; }`,
  other: `enum Regime { REGIME_UNSPECIFIED = 0; REGIME_GENERAL = 1; }
message Unlisted { string name = 1; }
message Part { optional string note = 1; }`,
  nested: `message Outer { message Inner { string name = 1; } Inner inner = 1; }`,
  notGenerated: `import "other/v1/other.proto";
message Holder { other.v1.Unlisted unlisted = 1; }`,
  sameValues: `message Invoice { string status = 1 [${RULES}.values = "draft"]; }`,
  sameValuesToo: `message Invoice { string status = 1 [${RULES}.values = "final"]; }`,
  builtOneof: `message Resource { oneof object { Part part = 1; string name = 2; } }
message Part { optional string note = 1; }`,
  builtAbsent: `import "other/v1/other.proto";
message Resource {
  optional other.v1.Part part = 1 [${RULES}.absent_when_unset = true];
  optional string label = 2 [${RULES}.absent_when_unset = true];
  optional string note = 3;
}`,
  boolConst: `message Deleted {
  bool deleted = 1 [${RULES}.bool_const = true];
  bool live = 2 [${RULES}.bool_const = false];
  bool either = 3;
}`,
} as const;

type Case = keyof typeof FIXTURES;
const protoOf = (name: Case) => `${name.toLowerCase()}/v1/${name.toLowerCase()}.proto`;

describe("domainTypeFiles", () => {
  let registry: ReturnType<typeof fixtureRegistry>;
  beforeAll(() => {
    const files: Record<string, string> = {};
    for (const [name, body] of Object.entries(FIXTURES))
      files[protoOf(name as Case)] = fixtureFile(`${name.toLowerCase()}.v1`, body);
    registry = fixtureRegistry(files);
  }, 60_000);

  const generate = (...sources: Source[]) => domainTypeFiles(registry, sources);
  const absent = (name: Case, more: Partial<Source> = {}): Source => ({
    proto: protoOf(name),
    unset: "absent",
    ...more,
  });

  it("should refuse a field whose rules give both values and values_enum", () => {
    expect(() => generate(absent("both"))).toThrow(
      "both.v1.Both.kind: rules give both values and values_enum",
    );
  });

  it("should refuse bool_const on a field that is not a bool", () => {
    expect(() => generate(absent("boolConstOnString"))).toThrow(
      "boolconstonstring.v1.Flag.deleted: bool_const on a field that is not a bool",
    );
  });

  it("should refuse a values_enum whose values share no prefix to leave out", () => {
    expect(() => generate(absent("noPrefix"))).toThrow(
      "noprefix.v1.Regime: its values share no prefix to leave out",
    );
  });

  it("should refuse a values_enum that names no enum, or one in a file it does not generate", () => {
    expect(() => generate(absent("unknownEnum"))).toThrow(
      "unknownenum.v1.Priced.regime: values_enum unknownenum.v1.Missing is not in the proto image",
    );
    expect(() => generate(absent("enumElsewhere"))).toThrow(
      "enumelsewhere.v1.Priced.regime: values_enum other.v1.Regime is declared in a file not generated here",
    );
  });

  it("should refuse nested types, a field of a message it does not generate, and a missing file", () => {
    expect(() => generate(absent("nested"))).toThrow("nested.v1.Outer: nested types are not generated");
    expect(() => generate(absent("notGenerated"))).toThrow(
      "notgenerated.v1.Holder.unlisted: other.v1.Unlisted is not generated",
    );
    expect(() => generate({ proto: "missing/v1/missing.proto", unset: "absent" })).toThrow(
      "missing/v1/missing.proto is not in the proto image",
    );
  });

  it("should refuse two value arrays of the same name (`export *` would drop both)", () => {
    expect(() => generate(absent("sameValues"), absent("sameValuesToo"))).toThrow(
      "samevaluestoo.v1.Invoice.status: INVOICE_STATUS_VALUES is already generated",
    );
  });

  it("should refuse a oneof in a message generated in its built form", () => {
    const built = { "builtoneof.v1.Resource": "BuiltResource" };
    expect(() => generate(absent("builtOneof", { unset: "null", built }))).toThrow(
      "builtoneof.v1.Resource: a oneof in a message generated in its built form is not supported",
    );
  });

  it("should type a field left out when unset as optional in the built form, and keep it out of the nulls", () => {
    const source = absent("builtAbsent", {
      unset: "null",
      built: { "builtabsent.v1.Resource": "BuiltResource" },
      nulls: ["builtabsent.v1.Resource"],
    });
    const text = generate(source, absent("other")).get("builtabsent.ts")!;
    expect(text).toContain(
      "export interface Resource {\n  part?: PresentedPart;\n  label?: string;\n  note: string | null;\n}",
    );
    expect(text).toContain('export type BuiltResource = Omit<Resource, "part"> & {\n  part?: Part;\n};');
    expect(text).toContain("export const RESOURCE_NULLS = {\n  note: null,\n} as const");
  }, 30_000);

  it("should type a bool_const field as its one value", () => {
    const text = generate(absent("boolConst")).get("boolconst.ts")!;
    expect(text).toContain("  deleted: true;\n  live: false;\n  either: boolean;\n");
  }, 30_000);
});
