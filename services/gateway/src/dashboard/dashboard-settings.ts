import type { SignInThrottle } from "./accounts/sign-in.js";

/** What the gateway's configuration sets for the dashboard (the HTTP context carries it to the pages). */
export interface DashboardSettings {
  signInThrottle: SignInThrottle;
}
