import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { PUBLIC_SCHEMAS_FILE, publicSchemasJson } from "./generate-public-schemas.js";
import { fixtureFile, fixtureRegistry } from "./proto-fixtures.js";

describe("services/gateway/src/openapi/generated/public-schemas.json", () => {
  it("should be what the contracts generate today (run `npm run generate` after a .proto change)", () => {
    expect(readFileSync(PUBLIC_SCHEMAS_FILE, "utf8")).toBe(publicSchemasJson());
  });
});

const RULES = "(einvoice.common.v1.rules)";

/** One package per case, built in one image. */
const FIXTURES = {
  boolConstOnString: `message Flag { string deleted = 1 [${RULES}.bool_const = true]; }`,
  oneofBeside: `message Holder { string name = 1; oneof object { string a = 2; string b = 3; } }`,
  sameName: `import "other/v1/other.proto";
message Part { string name = 1; }
message Holder { Part mine = 1; other.v1.Part theirs = 2; }`,
  other: `message Part { string label = 1; }
message Shared { string name = 1; }`,
  twoGroups: `import "other/v1/other.proto";
message First { other.v1.Shared shared = 1; }
message Second { other.v1.Shared shared = 1; }`,
  unknownFormat: `message Priced { string total = 1 [${RULES}.format = "money"]; }`,
  both: `message Both { string kind = 1 [${RULES} = { values: ["a"], values_enum: "einvoice.common.v1.IgvRegime" }]; }`,
  unknownEnum: `message Priced { string regime = 1 [${RULES}.values_enum = "unknownenum.v1.Missing"]; }`,
} as const;

describe("publicSchemasJson", () => {
  let registry: ReturnType<typeof fixtureRegistry>;
  beforeAll(() => {
    const files: Record<string, string> = {};
    for (const [name, body] of Object.entries(FIXTURES)) {
      const pkg = name.toLowerCase();
      files[`${pkg}/v1/${pkg}.proto`] = fixtureFile(`${pkg}.v1`, body);
    }
    registry = fixtureRegistry(files);
  }, 60_000);

  const generate =
    (...groups: string[][]) =>
    () =>
      publicSchemasJson(registry, groups);

  it("should refuse bool_const on a field that is not a bool", () => {
    expect(generate(["boolconstonstring.v1.Flag"])).toThrow(
      "boolconstonstring.v1.Flag.deleted: bool_const on a field that is not a bool",
    );
  });

  it("should refuse a oneof beside other fields (it has no presented form)", () => {
    expect(generate(["oneofbeside.v1.Holder"])).toThrow(
      "oneofbeside.v1.Holder.a: a oneof beside other fields has no presented form",
    );
  });

  it("should refuse two messages that would be one component, in a group or across groups", () => {
    expect(generate(["samename.v1.Holder"])).toThrow(
      "other.v1.Part and samename.v1.Part would both be the component Part",
    );
    expect(generate(["twogroups.v1.First"], ["twogroups.v1.Second"])).toThrow(
      "Shared is reached from two groups; list it in the first",
    );
  });

  it("should refuse a format it does not know, and a message not in the image", () => {
    expect(generate(["unknownformat.v1.Priced"])).toThrow(
      "unknownformat.v1.Priced.total: unknown format 'money'",
    );
    expect(generate(["missing.v1.Missing"])).toThrow("missing.v1.Missing is not in the proto image");
  });

  it("should refuse rules giving both values and values_enum, and a values_enum naming no enum", () => {
    expect(generate(["both.v1.Both"])).toThrow("both.v1.Both.kind: rules give both values and values_enum");
    expect(generate(["unknownenum.v1.Priced"])).toThrow(
      "unknownenum.v1.Priced.regime: values_enum unknownenum.v1.Missing is not a known enum",
    );
  });
});
