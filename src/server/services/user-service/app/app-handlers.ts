import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { operations } from '../../../../contracts/user-service';
import type { AppDeps } from '../../../platform/app-deps';
import type { ServiceHandlers } from '../../../platform/openapi/handler';
import { BRANDING } from '../../../platform/branding';

type AppHandlers = Pick<ServiceHandlers<operations>, 'getAppVersion' | 'getClientConfiguration'>;

export const IDLE_TIMEOUT_MS = 10_800_000;

const packageVersion = (
  JSON.parse(readFileSync(join(import.meta.dirname, '../../../../../package.json'), 'utf8')) as {
    version: string;
  }
).version;

export function parseVersion(version: string): { majorVersion: number; minorVersion: number } {
  const match = /^(\d+)\.(\d+)/.exec(version);
  if (!match) throw new Error(`package.json version is not semver: ${version}`);
  return { majorVersion: Number(match[1]), minorVersion: Number(match[2]) };
}

/** The console's configuration (getClientConfiguration, and the session bootstrap). */
export function clientConfiguration(config: AppDeps['config']) {
  return {
    restrictedEnvironment: config.restrictedEnvironment,
    featureFlags: {
      analyticReports: config.featureFlags.has('analyticReports'),
      recordings: config.featureFlags.has('recordings'),
    },
    branding: { ...BRANDING },
    supportEmail: config.supportEmail,
    dataServiceBaseUrl: '/api',
    idleTimeoutMs: IDLE_TIMEOUT_MS,
  };
}

export const appHandlers: AppHandlers = {
  async getAppVersion(_input, ctx) {
    return {
      ...parseVersion(packageVersion),
      releaseDate: ctx.deps.config.releaseDate,
      email: ctx.deps.config.supportEmail,
    };
  },

  async getClientConfiguration(_input, ctx) {
    return clientConfiguration(ctx.deps.config);
  },
};
