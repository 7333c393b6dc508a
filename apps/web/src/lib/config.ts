/**
 * Build-time settings of the web app (Vite `VITE_*` variables). The one place that reads
 * `import.meta.env`, so that tests and components share the same parsed values.
 */
declare global {
  interface ImportMetaEnv {
    /**
     * APP_ENV of the build (`npm run build` passes it on): "staging" shows the environment
     * banner and border (spec §1), "demo" (`npm start`) the demo strip on every screen.
     */
    readonly VITE_APP_ENV?: string;
    /** Address shown on the support pages; the API e-mails the same box (SUPPORT_EMAIL). */
    readonly VITE_SUPPORT_EMAIL?: string;
    readonly VITE_FEATURE_CHAT?: string;
    readonly VITE_FEATURE_SHORTLIST?: string;
    readonly VITE_FEATURE_CAMPAIGN?: string;
    readonly VITE_FEATURE_FEEDBACK?: string;
    readonly VITE_FEATURE_CONTACT?: string;
  }
}

export type AppEnvironment = 'production' | 'staging' | 'demo' | 'development';

export function parseAppEnvironment(value: string | undefined): AppEnvironment {
  return value === 'staging' || value === 'demo' || value === 'development' ? value : 'production';
}

export const appEnvironment: AppEnvironment = parseAppEnvironment(import.meta.env.VITE_APP_ENV);
export const isStaging = appEnvironment === 'staging';
export const isDemo = appEnvironment === 'demo';

export const supportEmail: string = import.meta.env.VITE_SUPPORT_EMAIL || 'support@clipmarket.tn';

/** The raw `VITE_FEATURE_<NAME>` switches; `feature-flags.ts` parses them over the defaults. */
export const featureFlagSwitches = {
  chat: import.meta.env.VITE_FEATURE_CHAT,
  shortlist: import.meta.env.VITE_FEATURE_SHORTLIST,
  campaign: import.meta.env.VITE_FEATURE_CAMPAIGN,
  feedback: import.meta.env.VITE_FEATURE_FEEDBACK,
  contact: import.meta.env.VITE_FEATURE_CONTACT,
} as const;
