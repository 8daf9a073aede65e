import { Box, Button, Card, HStack, IconButton, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { useForm, useFormState } from 'react-final-form';
import { LuPlus, LuTrash2 } from 'react-icons/lu';
import { ConfirmDialog } from '../../../components/feedback/confirm-dialog';
import { SelectField } from '../../../components/form/select-field';
import { TextField } from '../../../components/form/text-field';
import { languagesForRow, type PhoneConflict } from '../../../../shared/project-rules';
import { testIds } from './test-ids';
import { FormSection } from './form-section';
import type { SectionProps } from './general-section';
import { DialInCheck, ProjectCodeCheck, type RowContext } from './language-row-checks';
import { formOptions } from './option-lists';
import { emptyLanguageRow, type ProjectFormValues } from './project-form-values';

const f = testIds;

function LanguageRow({
  index,
  disabled,
  lookups,
  context,
  saveConflicts,
}: {
  index: number;
  disabled: boolean;
  lookups: SectionProps['lookups'];
  context: RowContext;
  saveConflicts: readonly PhoneConflict[];
}) {
  const { t, i18n } = useLingui();
  const form = useForm<ProjectFormValues>();
  const { values, initialValues } = useFormState<ProjectFormValues>({
    subscription: { values: true, initialValues: true },
  });
  const rows = values.projectMultiLanguageConfig;
  const row = rows[index]!;
  const savedRow = initialValues?.projectMultiLanguageConfig?.[index];
  const labels = new Map(lookups.languages.map((l) => [l.id, l.label]));
  const projectLanguages = values.projectLanguages.map((id) => ({
    value: Number(id),
    label: labels.get(Number(id)) ?? id,
  }));
  const drafts = rows.map((r) => ({ language: r.language === '' ? null : Number(r.language) }));
  const languageOptions = languagesForRow(projectLanguages, drafts, index).map((l) => ({
    value: String(l.value),
    label: l.label,
  }));
  const name = (field: string) => `projectMultiLanguageConfig[${index}].${field}`;
  return (
    <Card.Root variant="outline" data-testid={f.languageRow(index)}>
      <Card.Body>
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
          <SelectField
            name={name('language')}
            label={t`Language`}
            options={languageOptions}
            placeholder={t`Select`}
            required
            disabled={disabled}
            testId={f.rowLanguage(index)}
          />
          <Stack gap="1">
            <TextField
              name={name('projectCode')}
              label={t`Project Code`}
              required
              disabled={disabled}
              testId={f.rowProjectCode(index)}
            />
            <ProjectCodeCheck index={index} typed={row.projectCode} saved={savedRow?.projectCode} context={context} />
          </Stack>
          <Stack gap="1">
            <TextField
              name={name('dialInNumber')}
              label={t`Dial-in Number`}
              type="tel"
              disabled={disabled}
              testId={f.rowDialIn(index)}
            />
            <DialInCheck
              index={index}
              typed={row.dialInNumber}
              saved={savedRow?.dialInNumber}
              context={context}
              saveConflicts={saveConflicts}
            />
          </Stack>
          <TextField
            name={name('matchingPhoneNumber')}
            label={t`Matching Phone Number`}
            type="tel"
            disabled={disabled}
            testId={f.rowMatching(index)}
          />
          <TextField
            name={name('interviewServerPrimary')}
            label={t`Interview Server (primary)`}
            disabled={disabled}
            testId={f.rowServerPrimary(index)}
          />
          <TextField
            name={name('interviewServerBackup')}
            label={t`Interview Server (backup)`}
            disabled={disabled}
            testId={f.rowServerBackup(index)}
          />
          <SelectField
            name={name('inboundTelcoId')}
            label={t`Inbound Telco`}
            options={formOptions(lookups.options.telcos, i18n)}
            placeholder={t`Select`}
            disabled={disabled}
            testId={f.rowTelco(index)}
          />
          <SelectField
            name={name('phoneNumberStatusId')}
            label={t`Phone Number Status`}
            options={formOptions(lookups.options.phoneNumberStatuses, i18n)}
            placeholder={t`Select`}
            disabled={disabled}
            testId={f.rowPhoneStatus(index)}
          />
          <TextField name={name('ivrOption')} label={t`IVR Option`} disabled={disabled} testId={f.rowIvr(index)} />
          <SelectField
            name={name('ivrPreambleLanguageId')}
            label={t`IVR Preamble Language`}
            options={lookups.languages.map((l) => ({ value: String(l.id), label: l.label }))}
            placeholder={t`Select`}
            disabled={disabled}
            testId={f.rowIvrPreamble(index)}
          />
          <TextField
            name={name('callDelayBy')}
            label={t`Call Delay`}
            helperText={t`In units of 3 seconds`}
            required
            disabled={disabled}
            testId={f.rowCallDelay(index)}
          />
          <HStack justify="flex-end" align="flex-end">
            <IconButton
              variant="ghost"
              colorPalette="red"
              aria-label={t`Remove language configuration`}
              disabled={disabled}
              onClick={() =>
                form.change(
                  'projectMultiLanguageConfig',
                  rows.filter((_, i) => i !== index),
                )
              }
              data-testid={f.rowRemove(index)}
            >
              <LuTrash2 />
            </IconButton>
          </HStack>
        </SimpleGrid>
      </Card.Body>
    </Card.Root>
  );
}

/**
 * Multi Language Configuration (docs/product/project-lookups.md#language-config): one row per project
 * language, with the live project-code and dial-in checks against every tenant (POST project/check, 1 s after
 * typing); 'No language configured' without rows.
 */
export function LanguageRowsSection({
  access,
  lookups,
  projectId,
  saveConflicts,
}: SectionProps & { projectId: number | null; saveConflicts: readonly PhoneConflict[] }) {
  const { t } = useLingui();
  const form = useForm<ProjectFormValues>();
  const { values } = useFormState<ProjectFormValues>({ subscription: { values: true } });
  const disabled = !access.canSave;
  const rows = values.projectMultiLanguageConfig;
  const interviewMethodId = values.defaultCustomerInterviewMethodId
    ? Number(values.defaultCustomerInterviewMethodId)
    : null;
  const context: RowContext = {
    projectId,
    interviewMethodId,
    direct: interviewMethodId !== null && lookups.options.directInterviewMethodIds.includes(interviewMethodId),
  };
  const used = new Set(rows.map((row) => row.language));
  const free = values.projectLanguages.filter((id) => !used.has(id));

  // docs/product/project-form.md#languages-and-business-line-switches: taking away a project language
  // that a saved row uses is blocked with the info modal (remove the row first); one that only unsaved rows use asks
  // to delete them.
  const [removed, setRemoved] = useState<string[] | null>(null);
  const [blocked, setBlocked] = useState<string[] | null>(null);
  const previous = useRef(values.projectLanguages);
  useEffect(() => {
    const gone = previous.current.filter(
      (id) => !values.projectLanguages.includes(id) && rows.some((row) => row.language === id),
    );
    previous.current = values.projectLanguages;
    if (gone.length === 0) return;
    if (rows.some((row) => row.languageConfigId !== null && gone.includes(row.language))) setBlocked(gone);
    else setRemoved(gone);
  }, [values.projectLanguages, rows]);
  const restore = (languages: readonly string[] | null) => {
    const wanted = new Set([...values.projectLanguages, ...(languages ?? [])]);
    // In the order of the language list, as the checkboxes keep it.
    form.change(
      'projectLanguages',
      lookups.languages.map((l) => String(l.id)).filter((id) => wanted.has(id)),
    );
  };
  const keepLanguages = () => {
    restore(removed);
    setRemoved(null);
  };
  const keepBlocked = () => {
    restore(blocked);
    setBlocked(null);
  };
  const deleteRows = () => {
    form.change(
      'projectMultiLanguageConfig',
      rows.filter((row) => !(removed ?? []).includes(row.language)),
    );
    setRemoved(null);
  };
  return (
    <FormSection value="languages" title={t`Multi Language Configuration`} columns={1} testId={f.section('languages')}>
      <Stack gap="4">
        {rows.length === 0 ? (
          <Text color="fg.muted" data-testid={f.noLanguage}>
            <Trans>No language configured</Trans>
          </Text>
        ) : null}
        {rows.map((_, index) => (
          <LanguageRow
            key={index}
            index={index}
            disabled={disabled}
            lookups={lookups}
            context={context}
            saveConflicts={saveConflicts}
          />
        ))}
        <Box>
          <Button
            variant="outline"
            size="sm"
            disabled={disabled || free.length === 0}
            onClick={() => form.change('projectMultiLanguageConfig', [...rows, emptyLanguageRow(free[0] ?? '')])}
            data-testid={f.addLanguage}
          >
            <LuPlus />
            <Trans>Add Language</Trans>
          </Button>
        </Box>
      </Stack>
      <ConfirmDialog
        open={removed !== null}
        cancelLabel={<Trans>Cancel</Trans>}
        confirmLabel={<Trans>OK</Trans>}
        onCancel={keepLanguages}
        onConfirm={deleteRows}
        tone="danger"
        testId={testIds.languageRemoveDialog}
        confirmTestId={testIds.languageRemoveConfirm}
      >
        <Text>
          <Trans>Configuration exist with this language. Are you sure you want to delete it ?</Trans>
        </Text>
      </ConfirmDialog>
      <ConfirmDialog
        open={blocked !== null}
        confirmLabel={<Trans>OK</Trans>}
        onCancel={keepBlocked}
        onConfirm={keepBlocked}
        testId={testIds.languageInUseDialog}
      >
        <Text>
          <Trans>
            Configuration exist with this language.First remove the configuraiton from multilanguage then remove it ?
          </Trans>
        </Text>
      </ConfirmDialog>
    </FormSection>
  );
}
