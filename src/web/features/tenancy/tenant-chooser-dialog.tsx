import { Button, Dialog, Field, NativeSelect, Portal } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import type { TenantListItem } from '../../api/generated/user-service';
import { sortTenantsByName } from './sort-tenants-by-name';

interface TenantChooserDialogProps {
  open: boolean;
  tenants: readonly TenantListItem[];
  /** Preselected tenant (the operating one when switching); otherwise the first by name. */
  currentTenantId: number | null;
  onChoose: (tenant: TenantListItem) => void;
}

/** "Client Access Control": pick the operating tenant. SELECT and CANCEL both apply the current choice (000 §2). */
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

  return (
    <Dialog.Root
      open={open}
      closeOnEscape={false}
      closeOnInteractOutside={false}
      placement="center"
      onOpenChange={(details) => {
        if (!details.open) apply();
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="tenant-chooser">
            <Dialog.Header>
              <Dialog.Title>
                <Trans>Client Access Control</Trans>
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
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
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={apply} data-testid="tenant-chooser-cancel-button">
                <Trans>CANCEL</Trans>
              </Button>
              <Button colorPalette="brand" onClick={apply} data-testid="tenant-chooser-select-button">
                <Trans>SELECT</Trans>
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
