import { presentAs } from "@einvoice/contracts";
import { api } from "@einvoice/proto";
import type { CompanyLogo } from "../adapters/company-settings-repository.js";
import { GATEWAY_ERRORS } from "../errors/gateway-errors.js";
import { type ApiError, apiError } from "../errors/public-errors.js";
import type { LogoRefused } from "../usecases/set-company-logo.js";

/** The public logo resource: what the stored file is, never where it is stored (`key` is not a public field). */
export const logoResource = (logo: CompanyLogo, livemode: boolean) =>
  presentAs(api.CompanyLogoSchema, { ...logo, livemode });

export const unsupportedLogo = (message: string) => apiError(GATEWAY_ERRORS.unsupported_media_type, message);

/** The use case's refusal in HTTP: 415 for another type, 422 naming the problem (`param` is the body). */
export function logoRefusal(error: LogoRefused): ApiError {
  if (error.problem === "unsupported") return unsupportedLogo(error.message);
  if (error.problem === "too_large") return apiError(GATEWAY_ERRORS.logo_too_large, error.message);
  return apiError(GATEWAY_ERRORS.logo_invalid, error.message);
}
