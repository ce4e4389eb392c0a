/**
 * Who a call acts for: a company in one mode. Every query of a tenant's data is scoped by both, so a test key
 * never sees live data and no company sees another's.
 */
export interface Scope {
  companyId: string;
  livemode: boolean;
}
