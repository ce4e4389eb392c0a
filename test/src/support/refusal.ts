/** What a 422 of the public API must look like, and the check that a refused request spent no number. */
import { expect } from "vitest";
import type { TestSystem } from "../harness.js";
import { type Kind, PATH, validBody } from "./requests.js";

type Response = Awaited<ReturnType<TestSystem["request"]>>;

/**
 * A 422 `invalid_request_error` listing exactly `errors` (`param:code`, in order), the first as the error's own
 * `param`/`code`, with a message, and no Location: nothing was created.
 */
export const expectRefusal = (refused: Response, errors: string[]): void => {
  expect(refused.status, JSON.stringify(refused.body)).toBe(422);
  const error = refused.body.error;
  expect(error.type).toBe("invalid_request_error");
  expect(
    error.errors.map((e: { param: string; code: string }) => `${e.param}:${e.code}`),
    JSON.stringify(error.errors),
  ).toEqual(errors);
  const [param, code] = errors[0]!.split(":");
  expect({ param: error.param, code: error.code }).toEqual({ param, code });
  expect(typeof error.message).toBe("string");
  expect(refused.headers.get("location")).toBeNull();
};

/**
 * The counter of `series` did not move: the first valid document of the series is number 1. Returns the id of
 * that probe document, which must still be drained before the system stops.
 */
export const expectSeriesUnused = async (sys: TestSystem, kind: Kind, series: string): Promise<string> => {
  const valid = await sys.request(PATH[kind], { body: validBody(kind, series) });
  expect(valid.status, JSON.stringify(valid.body)).toBe(202);
  expect(valid.body).toMatchObject({ series, number: 1, status: "pending" });
  return valid.body.id;
};
