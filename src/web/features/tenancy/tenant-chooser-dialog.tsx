import { Field, NativeSelect } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import type { TenantListItem } from '../../api/generated/user-service';
import { ConfirmDialog } from '../../components/feedback/confirm-dialog';
import { sortTenantsByName } from './sort-tenants-by-name';

interface TenantChooserDialogProps {
  open: boolean;
  tenants: readonly TenantListItem[];
  /** Preselected tenant (the operating one when switching); otherwise the first by name. */
  currentTenantId: number | null;
  onChoose: (tenant: TenantListItem) => void;
}

/** "Client Access Control": pick the operating tenant. SELECT and CANCEL both apply the current choice (docs/product/shell-and-session.md#operating-tenant). */
export function TenantChooserDialog({ open, tenants, currentTenantId, onChoose }: TenantChooserDialogProps) {
  const { t } = useLingui();
  const sorted = useMemo(() => sortTenantsByName(tenants), [tenants]);
  const [chosenId, setChosenId] = useState<number | null>(null);
  const selectedId =
    chosenId ??
    (sorted.some((tenant) => tenant.tenantId === currentTenantId) ? currentTenantId : null) ??
    sorted[0]?.tenantId ??
    null;

  const apply = () => {
    const tenant = sorted.find((candidate) => candidate.tenantId === selectedId);
    if (tenant) onChoose(tenant);
    setChosenId(null);
  };

  // SELECT and CANCEL both apply the current choice, and the dialog cannot be dismissed otherwise.
  return (
    <ConfirmDialog
      open={open}
      dismissible={false}
      title={<Trans>Client Access Control</Trans>}
      cancelLabel={<Trans>CANCEL</Trans>}
      confirmLabel={<Trans>SELECT</Trans>}
      onCancel={apply}
      onConfirm={apply}
      testId="tenant-chooser"
      cancelTestId="tenant-chooser-cancel-button"
      confirmTestId="tenant-chooser-select-button"
    >
      <Field.Root>
        <Field.Label>
          <Trans>Tenant</Trans>
        </Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field
            aria-label={t`Tenant`}
            data-testid="tenant-chooser-select"
            value={selectedId === null ? '' : String(selectedId)}
            onChange={(event) => setChosenId(Number(event.currentTarget.value))}
          >
            {sorted.map((tenant) => (
              <option key={tenant.tenantId} value={tenant.tenantId}>
                {tenant.tenantName}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
    </ConfirmDialog>
  );
}
