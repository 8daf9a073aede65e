import { HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import { LuRefreshCw, LuTrash2 } from 'react-icons/lu';
import { useNavigate } from 'react-router';
import { getErrorMessage } from '../../../api/error-message';
import {
  useDeleteTenantSecretMutation,
  useListTenantSecretsQuery,
  useRotateTenantSecretMutation,
  type TenantSecret,
  type TenantSecretRevealed,
} from '../../../api/generated/user-service';
import type { DataGridColumn } from '../../../components/data-grid/data-grid';
import { ListToolbar } from '../../../components/data-grid/list-toolbar';
import { QueryGrid } from '../../../components/data-grid/query-grid';
import { ConfirmDialog } from '../../../components/feedback/confirm-dialog';
import { ErrorAlert } from '../../../components/feedback/error-alert';
import { SuccessAlert } from '../../../components/feedback/success-alert';
import { usePermissions } from '../../../lib/use-permissions';
import { formatDateTime } from '../users/format-date-time';
import { RevealedSecret } from './revealed-secret';
import { SECRET_KIND_LABELS } from './secret-options';
import { PERMISSION } from '../../../../shared/permissions';

export const SECRET_PAGE_SIZE = 10;

type Pending = { action: 'rotate' | 'delete'; secret: TenantSecret };

/**
 * The Secrets tab (docs/product/admin-clients-and-secrets.md#secrets): the tenant's secrets with masked values,
 * add (secrets.create), rotate with the new value revealed once (secrets.update), delete (secrets.delete).
 */
export function SecretsTab() {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const permissions = usePermissions();
  const mayRotate = permissions.has(PERMISSION.SECRETS_UPDATE);
  const mayDelete = permissions.has(PERMISSION.SECRETS_DELETE);
  const [search, setSearch] = useState('');
  const [pending, setPending] = useState<Pending | null>(null);
  const [revealed, setRevealed] = useState<TenantSecretRevealed | null>(null);
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const secrets = useListTenantSecretsQuery();
  const [rotate, rotation] = useRotateTenantSecretMutation();
  const [remove, removal] = useDeleteTenantSecretMutation();

  const columns = useMemo<DataGridColumn<TenantSecret>[]>(() => {
    const when = (value: unknown) => (typeof value === 'string' && value ? formatDateTime(value, i18n.locale) : '');
    const list: DataGridColumn<TenantSecret>[] = [
      { field: 'name', headerName: t`Name`, sort: 'asc' },
      {
        colId: 'kind',
        headerName: t`Type`,
        valueGetter: ({ data }) => (data ? i18n._(SECRET_KIND_LABELS[data.kind]) : ''),
      },
      {
        field: 'maskedValue',
        headerName: t`Value`,
        cellRenderer: ({ data }: { data?: TenantSecret }) =>
          data ? (
            <Text fontFamily="mono" data-testid={`secret-masked-${data.id}`}>
              {data.maskedValue}
            </Text>
          ) : null,
      },
      { field: 'version', headerName: t`Version`, maxWidth: 110 },
      { field: 'rotatedAt', headerName: t`Last Rotated`, valueFormatter: ({ value }) => when(value) },
      {
        field: 'previousValidUntil',
        headerName: t`Previous Value Valid Until`,
        minWidth: 200,
        valueFormatter: ({ value }) => when(value),
      },
    ];
    if (mayRotate || mayDelete) {
      list.push({
        colId: 'actions',
        headerName: t`Action`,
        sortable: false,
        maxWidth: 130,
        cellRenderer: ({ data }: { data?: TenantSecret }) =>
          data ? (
            <HStack gap="1">
              {mayRotate ? (
                <IconButton
                  size="xs"
                  variant="ghost"
                  aria-label={t`Rotate ${data.name}`}
                  data-testid={`secret-rotate-${data.id}`}
                  onClick={() => setPending({ action: 'rotate', secret: data })}
                >
                  <LuRefreshCw />
                </IconButton>
              ) : null}
              {mayDelete ? (
                <IconButton
                  size="xs"
                  variant="ghost"
                  colorPalette="red"
                  aria-label={t`Delete ${data.name}`}
                  data-testid={`secret-delete-${data.id}`}
                  onClick={() => setPending({ action: 'delete', secret: data })}
                >
                  <LuTrash2 />
                </IconButton>
              ) : null}
            </HStack>
          ) : null,
      });
    }
    return list;
  }, [t, i18n, mayRotate, mayDelete]);

  const confirm = async () => {
    if (!pending) return;
    const { action, secret } = pending;
    const fallback = t`Something went wrong`;
    if (action === 'rotate') {
      const result = await rotate({ id: secret.id, tenantSecretRotation: {} });
      setPending(null);
      if ('error' in result) setMessage({ tone: 'error', text: getErrorMessage(result.error, fallback) });
      else {
        setMessage(null);
        setRevealed(result.data);
      }
      return;
    }
    const result = await remove({ id: secret.id });
    setPending(null);
    setRevealed(null);
    if ('error' in result) setMessage({ tone: 'error', text: getErrorMessage(result.error, fallback) });
    else setMessage({ tone: 'success', text: t`Secret deleted successfully` });
  };

  const name = pending?.secret.name ?? '';
  return (
    <Stack gap="4">
      {message?.tone === 'success' ? <SuccessAlert message={message.text} testId="secrets-success" /> : null}
      {message?.tone === 'error' ? <ErrorAlert message={message.text} onDismiss={() => setMessage(null)} /> : null}
      {revealed ? <RevealedSecret revealed={revealed} /> : null}
      <ListToolbar
        testId="secrets"
        search={search}
        onSearchChange={setSearch}
        addLabel={<Trans>Add Secret</Trans>}
        onAdd={
          permissions.has(PERMISSION.SECRETS_CREATE) ? () => void navigate('/main/admin/Secrets/addSecret') : undefined
        }
      />
      <QueryGrid<TenantSecret>
        testId="secrets-list"
        query={secrets}
        columns={columns}
        rowId={(secret) => String(secret.id)}
        quickFilter={search}
        pageSize={SECRET_PAGE_SIZE}
      />
      <ConfirmDialog
        open={pending !== null}
        tone={pending?.action === 'delete' ? 'danger' : 'brand'}
        busy={rotation.isLoading || removal.isLoading}
        title={pending?.action === 'delete' ? <Trans>Delete Secret</Trans> : <Trans>Rotate Secret</Trans>}
        cancelLabel={<Trans>Cancel</Trans>}
        confirmLabel={pending?.action === 'delete' ? <Trans>Delete</Trans> : <Trans>Rotate</Trans>}
        onCancel={() => setPending(null)}
        onConfirm={() => void confirm()}
        testId="secret-confirm"
        confirmTestId="secret-confirm-button"
      >
        <Text>
          {pending?.action === 'delete' ? (
            <Trans>Delete {name}? Every value stops working at once.</Trans>
          ) : (
            <Trans>Rotate {name}? The current value keeps working for the secret's grace period.</Trans>
          )}
        </Text>
      </ConfirmDialog>
    </Stack>
  );
}
