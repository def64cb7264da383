// Who may use the admin API: plain settings, read by the sandbox's configuration and by the admin API's guard.

/** Who may use the admin API. */
export interface AdminConfig {
  /** null: on unless the bank runs in strict mode (then only when enabled explicitly). */
  enabled: boolean | null;
  /** When set, every admin call must carry `Authorization: Bearer <token>`. */
  token: string | null;
}

export const defaultAdminConfig: AdminConfig = { enabled: null, token: null };

export const adminEnabled = (config: { admin: AdminConfig; strict: unknown }) =>
  config.admin.enabled ?? config.strict === null;
