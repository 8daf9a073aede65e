import { Stack, Text } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import { useRef } from 'react';
import { useProjectContext } from '../../lib/project-context';
import { AccessCodeFiles } from './access-code-files';
import { AccessCodeList } from './access-code-list';
import { PERMISSION } from '../../../shared/permissions';

/**
 * /main/project/{id}/accesscode (docs/product/access-codes.md): the files list with Upload and View Codes, and
 * the View Codes table: server-paged (100 a page), 'Search IRN and Access Code' with a 1.5 s debounce, status
 * and type filters, Data Options (Burn Code, the test-code toggle), only Available codes selectable, codes
 * shown as groups of 3-3-rest.
 */
export function AccessCodesTab() {
  const { permissions } = useProjectContext();
  if (!permissions.has(PERMISSION.TENANT_PROJECT_ACCESSCODE_READ))
    return (
      <Text color="fg.muted" data-testid="access-codes-no-permission">
        <Trans>You do not have permission to view access codes.</Trans>
      </Text>
    );
  const canChange = permissions.has(PERMISSION.TENANT_PROJECT_PARTICIPANTS_UPDATE);
  return (
    <AccessCodesView
      canChange={canChange}
      canSeeTests={permissions.has(PERMISSION.TENANT_PROJECT_PARTICIPANT_TEST_READ)}
    />
  );
}

function AccessCodesView({ canChange, canSeeTests }: { canChange: boolean; canSeeTests: boolean }) {
  const codesRef = useRef<HTMLDivElement>(null);
  return (
    <Stack gap="8" data-testid="access-codes-tab">
      <AccessCodeFiles
        canUpload={canChange}
        onViewCodes={() => codesRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' })}
      />
      <div ref={codesRef}>
        <AccessCodeList canBurn={canChange} canSeeTests={canSeeTests} />
      </div>
    </Stack>
  );
}
