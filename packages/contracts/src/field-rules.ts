import {
  createRegistry,
  type DescEnum,
  type DescField,
  type DescFile,
  getOption,
  hasOption,
  type Registry,
} from "@bufbuild/protobuf";
import * as contracts from "@einvoice/proto";
import { type FieldRules, rules } from "@einvoice/proto";

/**
 * A field's `einvoice.common.v1.rules`, its `values` read from the enum `values_enum` names when it names one (a
 * value set declared once); undefined when the field has no rules. Read once per field.
 */
export function fieldRules(field: DescField): FieldRules | undefined {
  if (!rulesOf.has(field)) {
    const found = hasOption(field, rules) ? getOption(field, rules) : undefined;
    rulesOf.set(
      field,
      found?.valuesEnum ? { ...found, values: valueSetOf(field, found, contractEnum) } : found,
    );
  }
  return rulesOf.get(field);
}

/** The values of a field whose rules name a `values_enum`, the enum found by `enumNamed`. */
function valueSetOf(
  field: DescField,
  fieldRules: { values: readonly string[]; valuesEnum: string },
  enumNamed: (name: string) => DescEnum | undefined,
): string[] {
  if (fieldRules.values.length > 0)
    throw new Error(`${field.toString()}: rules give both values and values_enum`);
  const desc = enumNamed(fieldRules.valuesEnum);
  if (!desc) throw new Error(`${field.toString()}: values_enum ${fieldRules.valuesEnum} is not a known enum`);
  return enumValueSet(desc);
}

/** The value set an enum declares (see `values_enum` in field_rules.proto): `IGV_REGIME_GENERAL` is "general". */
export function enumValueSet(desc: DescEnum): string[] {
  const prefix = desc.sharedPrefix;
  if (prefix === undefined) throw new Error(`${desc.typeName}: its values share no prefix to leave out`);
  return desc.values.filter((v) => v.number !== 0).map((v) => v.name.slice(prefix.length).toLowerCase());
}

const rulesOf = new WeakMap<DescField, FieldRules | undefined>();

let registry: Registry | undefined;
/** An enum of the contracts by its full name (`values_enum` names one in any file, imported or not). */
function contractEnum(name: string): DescEnum | undefined {
  registry ??= createRegistry(
    ...[...Object.values(contracts), ...Object.values(contracts.api)].filter(isFile),
  );
  return registry.getEnum(name);
}

const isFile = (value: unknown): value is DescFile =>
  typeof value === "object" && value !== null && (value as { kind?: unknown }).kind === "file";
