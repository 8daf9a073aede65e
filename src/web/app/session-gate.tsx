import { Button, Center, Stack } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useDeferredValue, useEffect, type ReactNode } from 'react';
import { getErrorMessage } from '../api/error-message';
import {
  useGetAuthorizerQuery,
  useGetClientConfigurationQuery,
  useGetSessionBootstrapQuery,
  useGetUserInfoQuery,
  useListUserTenantsQuery,
  type Authorizer,
} from '../api/generated/user-service';
import { LoadFailure } from '../components/feedback/load-failure';
import { NoTenantScreen } from '../features/tenancy/no-tenant-screen';
import { TenantChooserDialog } from '../features/tenancy/tenant-chooser-dialog';
import { useAppDispatch, useAppSelector } from '../state/hooks';
import { useOperatingTenant } from '../state/use-operating-tenant';
import { logoutRequested } from '../state/session-events';
import { authorizationFailed } from '../state/session-slice';
import { chooseOperatingTenant } from './choose-operating-tenant';
import { isSessionSeeded, seedSession } from './session-bootstrap';

/** Why the authorizer refuses the console, or null when it does not. */
const denialOf = (verdict: Authorizer, fallback: string): string | null =>
  verdict.authorization?.application ?? (verdict.authorized ? null : fallback);

function GateFailure({ message, onRetry }: { message: string; onRetry: () => void }) {
  const dispatch = useAppDispatch();
  return (
    <Center minH="100vh" p="6">
      <Stack gap="4" maxW="lg" w="full">
        <LoadFailure message={message} onRetry={onRetry} />
        <Button
          alignSelf="flex-start"
          size="sm"
          variant="ghost"
          onClick={() => dispatch(logoutRequested({ notifyServer: true }))}
        >
          <Trans>Back To Login</Trans>
        </Button>
      </Stack>
    </Center>
  );
}

/**
 * Opens a signed-in session before the shell shows (docs/product/shell-and-session.md#session): the authorization check, the user's info
 * and tenants (asked for together), then the operating tenant: kept if still one of the user's, chosen automatically when there is exactly
 * one, offered in the chooser when there are several; with none the user is signed out after a second.
 * While the calls are out it shows `pending`: the shell's frame, which is also the page prerendered for every
 * signed-in address (ADR 0082), so the first paint and the hydrated page are the same.
 */
export function SessionGate({ pending, children }: { pending: ReactNode; children: ReactNode }) {
  const { t } = useLingui();
  const dispatch = useAppDispatch();
  const operatingTenant = useOperatingTenant();
  const fallbackMessage = t`Something went wrong`;

  // One call opens the session (ADR 0083): its answers seed the caches of the five operations it stands for, which
  // the gate and the shell then read (and refresh after writes) as before. They are judged in the order of
  // docs/product/shell-and-session.md#session, a refusal first.
  const seeded = useAppSelector(isSessionSeeded);
  const bootstrap = useGetSessionBootstrapQuery(undefined, { skip: seeded });
  const opening = bootstrap.data;
  useEffect(() => {
    if (!seeded && opening) dispatch(seedSession(opening));
  }, [seeded, opening, dispatch]);
  const authorizer = useGetAuthorizerQuery(undefined, { skip: !seeded });
  const denial = authorizer.data ? denialOf(authorizer.data, t`You are not authorized to use this application.`) : null;
  const authorized = authorizer.data !== undefined && denial === null;
  useEffect(() => {
    if (denial !== null) dispatch(authorizationFailed(denial));
  }, [denial, dispatch]);
  const userInfo = useGetUserInfoQuery(undefined, { skip: !seeded });
  const tenants = useListUserTenantsQuery(undefined, { skip: !seeded });
  const configuration = useGetClientConfigurationQuery(undefined, { skip: !seeded });

  const tenantList = tenants.data;
  const placed =
    tenantList !== undefined &&
    operatingTenant !== null &&
    tenantList.some((tenant) => tenant.tenantId === operatingTenant.tenantId);
  const onlyTenant = tenantList?.length === 1 ? tenantList[0] : undefined;
  // An account renamed meanwhile (the list refetches after every write): the top bar follows.
  const renamed = tenantList?.find(
    (tenant) => tenant.tenantId === operatingTenant?.tenantId && tenant.tenantName !== operatingTenant.tenantName,
  );
  useEffect(() => {
    if (renamed) dispatch(chooseOperatingTenant({ tenantId: renamed.tenantId, tenantName: renamed.tenantName }));
  }, [renamed, dispatch]);

  useEffect(() => {
    if (!placed && onlyTenant) {
      dispatch(chooseOperatingTenant({ tenantId: onlyTenant.tenantId, tenantName: onlyTenant.tenantName }));
    }
  }, [placed, onlyTenant, dispatch]);

  const signOut = useCallback(() => {
    dispatch(logoutRequested({ notifyServer: true }));
  }, [dispatch]);

  // Every check below passes: the session is open. The shell and its screen then render in a transition, in slices
  // the browser interleaves with input and painting, rather than in the one long task of the answer's arrival.
  const open =
    !authorizer.error &&
    authorized &&
    !userInfo.error &&
    userInfo.data !== undefined &&
    !tenants.error &&
    placed &&
    !configuration.isLoading;
  const shellShown = useDeferredValue(open);

  if (!seeded && bootstrap.error) {
    return (
      <GateFailure
        message={getErrorMessage(bootstrap.error, fallbackMessage)}
        onRetry={() => void bootstrap.refetch()}
      />
    );
  }
  if (authorizer.error) {
    return (
      <GateFailure
        message={getErrorMessage(authorizer.error, fallbackMessage)}
        onRetry={() => void authorizer.refetch()}
      />
    );
  }
  if (!authorized) return pending;
  if (userInfo.error) {
    return (
      <GateFailure message={getErrorMessage(userInfo.error, fallbackMessage)} onRetry={() => void userInfo.refetch()} />
    );
  }
  if (!userInfo.data) return pending;
  if (tenants.error) {
    return (
      <GateFailure message={getErrorMessage(tenants.error, fallbackMessage)} onRetry={() => void tenants.refetch()} />
    );
  }
  if (!tenantList) return pending;
  if (tenantList.length === 0) return <NoTenantScreen onElapsed={signOut} />;
  if (!placed && tenantList.length > 1) {
    return (
      <TenantChooserDialog
        open
        tenants={tenantList}
        currentTenantId={null}
        onChoose={(tenant) =>
          dispatch(chooseOperatingTenant({ tenantId: tenant.tenantId, tenantName: tenant.tenantName }))
        }
      />
    );
  }
  // The shell needs the configuration (branding, feature flags); it is ready once it has answered either way.
  if (!placed || configuration.isLoading || !shellShown) return pending;
  return children;
}
