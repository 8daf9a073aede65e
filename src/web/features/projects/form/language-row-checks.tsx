import { Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useCheckProjectCodeAndPhoneQuery } from '../../../api/generated/project-service';
import { normaliseDialInNumber, type PhoneConflict } from '../../../../shared/project-rules';
import { testIds } from './test-ids';
import { LIVE_CHECK_DEBOUNCE_MS, useDebouncedValue } from './use-debounced-value';

const f = testIds;

/** What a language row's live checks need to know of the project. */
export interface RowContext {
  projectId: number | null;
  interviewMethodId: number | null;
  direct: boolean;
}

/** PROJECT_CODE_VALIDATION_MESSAGE: the live check of a row's project code against every tenant, 1 s after typing. */
export function ProjectCodeCheck({
  index,
  typed,
  saved,
  context,
}: {
  index: number;
  typed: string;
  /** The row's code as loaded: a saved code is not checked again. */
  saved: string | undefined;
  context: RowContext;
}) {
  const { t } = useLingui();
  const settled = useDebouncedValue(typed.trim(), LIVE_CHECK_DEBOUNCE_MS);
  const checkable = settled !== '' && settled !== saved && !/\s/.test(settled);
  const { data } = useCheckProjectCodeAndPhoneQuery(
    { body: { projectCode: settled, projectId: context.projectId } },
    { skip: !checkable },
  );
  const used = checkable ? data?.projectCode[settled] : undefined;
  if (!used || settled !== typed.trim()) return null;
  const code = settled;
  const project = used.project_name;
  const tenant = used.tenant_name;
  return (
    <Text fontSize="sm" color={{ base: 'red.700', _dark: 'red.300' }} data-testid={f.projectCodeInUse(index)}>
      {t`Project code ${code} is already used by project ${project} of ${tenant}.`}
    </Text>
  );
}

/** PROJECT_PHONE_NUMBER__CONFIRM_MESSAGE under a dial-in number another project uses (live, 1 s after typing, or from Save's check). */
export function DialInCheck({
  index,
  typed,
  saved,
  context,
  saveConflicts,
}: {
  index: number;
  typed: string;
  /** The row's number as loaded: Save checks it, typing a new one checks it live. */
  saved: string | undefined;
  context: RowContext;
  saveConflicts: readonly PhoneConflict[];
}) {
  const { t } = useLingui();
  const settled = useDebouncedValue(typed.trim(), LIVE_CHECK_DEBOUNCE_MS);
  const checkable = !context.direct && settled !== '' && settled !== saved && normaliseDialInNumber(settled) !== null;
  const { data } = useCheckProjectCodeAndPhoneQuery(
    { body: { projectId: context.projectId, phoneNumber: [settled], interviewMethodId: context.interviewMethodId } },
    { skip: !checkable },
  );
  const live = checkable && settled === typed.trim() ? (data?.phoneNumber[settled] ?? []) : [];
  const fromSave = saveConflicts.filter((conflict) => conflict.number === typed.trim());
  const conflicts = live.length > 0 ? live : fromSave;
  if (conflicts.length === 0) return null;
  return (
    <Stack gap="0" data-testid={f.dialInInUse(index)}>
      {conflicts.map((conflict) => {
        const number = typed.trim();
        const project = conflict.project_name;
        const tenant = conflict.tenant_name;
        return (
          <Text key={`${project}-${tenant}`} fontSize="sm" color={{ base: 'orange.700', _dark: 'orange.300' }}>
            {t`The number ${number} is already used by project ${project} of ${tenant}.`}
          </Text>
        );
      })}
    </Stack>
  );
}
