import { Box, Button, CloseButton, Dialog, HStack, Portal, SimpleGrid, Stack, Tabs, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { FORM_ERROR } from 'final-form';
import { useMemo, type ReactNode } from 'react';
import { Form, useField } from 'react-final-form';
import {
  useCreateResultConfigTemplateMutation,
  useGetBlankResultConfigTemplateQuery,
  useGetResultConfigTemplateQuery,
  useUpdateResultConfigTemplateMutation,
} from '../../../api/generated/project-service';
import { QueryFailure } from '../../../components/feedback/load-failure';
import { LoadingState } from '../../../components/feedback/loading-state';
import { ErrorAlert } from '../../../components/feedback/error-alert';
import { SaveButton } from '../../../components/form/save-button';
import { submitErrors } from '../../../components/form/submit-errors';
import { TextField } from '../../../components/form/text-field';
import { RiskBadge } from '../../../components/risk-badge/risk-badge';
import { resultConfigTypeLabel, rowTextIn, type ResultConfigRowDraft } from '../../../../shared/result-config-rules';
import { IconPickerField } from './icon-picker-field';
import { nestErrors, templateBody, templateValues, validateTemplate, type TemplateValues } from './template-values';

/** Which template the modal shows: a new one (from the blank template) or a stored one. */
export type TemplateModalTarget = { mode: 'add' } | { mode: 'edit'; id: number };

interface TemplateModalProps {
  target: TemplateModalTarget;
  /** Without the permission to save (create for a new, update for a stored template) every field is read-only. */
  readOnly: boolean;
  onClose: () => void;
  /** After a successful save, with what happened. */
  onSaved: (outcome: 'created' | 'updated') => void;
}

/**
 * The template modal (docs/product/result-config.md#modal): the template name, one tab per template type and,
 * per result row, its risk badge in the interface language, the English and Spanish texts and 'Display As'.
 */
export function TemplateModal({ target, readOnly, onClose, onSaved }: TemplateModalProps) {
  const { t } = useLingui();
  return (
    <Dialog.Root
      open
      size="xl"
      placement="center"
      scrollBehavior="inside"
      closeOnInteractOutside={false}
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="result-template-modal">
            <Dialog.Header>
              <Dialog.Title>
                {target.mode === 'add' ? (
                  <Trans>Add Template</Trans>
                ) : readOnly ? (
                  <Trans>View Template</Trans>
                ) : (
                  <Trans>Edit Template</Trans>
                )}
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t`Close`} />
            </Dialog.CloseTrigger>
            <TemplateLoader target={target} readOnly={readOnly} onClose={onClose} onSaved={onSaved} />
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

type LoadedProps = Omit<TemplateModalProps, 'target'>;

/** The template to show (the blank one for Add), its loading and failure states, and how it is saved. */
function TemplateLoader({ target, ...props }: TemplateModalProps) {
  const blank = useGetBlankResultConfigTemplateQuery(undefined, { skip: target.mode !== 'add' });
  const stored = useGetResultConfigTemplateQuery(
    { id: target.mode === 'edit' ? target.id : 0 },
    { skip: target.mode !== 'edit', refetchOnMountOrArgChange: true },
  );
  const query = target.mode === 'add' ? blank : stored;
  const [create] = useCreateResultConfigTemplateMutation();
  const [update] = useUpdateResultConfigTemplateMutation();
  // Stable while the answer is: new initial values would reset the form (and a refused save's errors).
  const initial = useMemo(() => (query.data ? templateValues(query.data) : null), [query.data]);
  if (query.error)
    return (
      <ModalState>
        <QueryFailure query={query} />
      </ModalState>
    );
  if (!initial)
    return (
      <ModalState>
        <LoadingState />
      </ModalState>
    );
  return (
    <TemplateForm
      {...props}
      initial={initial}
      save={async (body) => {
        const result =
          target.mode === 'add'
            ? await create({ resultConfigTemplateInput: body })
            : await update({ id: target.id, resultConfigTemplateInput: body });
        return 'error' in result ? { error: result.error } : { outcome: target.mode === 'add' ? 'created' : 'updated' };
      }}
    />
  );
}

function ModalState({ children }: { children: ReactNode }) {
  return <Dialog.Body pb="6">{children}</Dialog.Body>;
}

interface TemplateFormProps extends LoadedProps {
  initial: TemplateValues;
  save: (body: ReturnType<typeof templateBody>) => Promise<{ error: unknown } | { outcome: 'created' | 'updated' }>;
}

function TemplateForm({ initial, readOnly, onClose, onSaved, save }: TemplateFormProps) {
  const { t, i18n } = useLingui();
  const types = useMemo(() => Object.keys(initial.template_type), [initial]);
  return (
    <Form<TemplateValues>
      onSubmit={async (values) => {
        const result = await save(templateBody(values));
        if ('error' in result) return nestErrors(submitErrors(result.error, t`Something went wrong`));
        onSaved(result.outcome);
        return undefined;
      }}
      initialValues={initial}
      validate={(values) => validateTemplate(values, (message) => i18n._(message))}
    >
      {({ handleSubmit, dirty, submitting, submitErrors: errors }) => {
        const formError = (errors as Record<string, unknown> | undefined)?.[FORM_ERROR];
        return (
          <form onSubmit={(event) => void handleSubmit(event)} noValidate>
            <Dialog.Body>
              <Stack gap="4">
                {typeof formError === 'string' ? (
                  <ErrorAlert message={formError} testId="result-template-error" />
                ) : null}
                <TextField
                  name="template_name"
                  label={t`Template Name`}
                  required
                  disabled={readOnly}
                  testId="result-template-name"
                />
                {types.length === 0 ? (
                  <Text color="fg.muted" data-testid="result-template-no-types">
                    <Trans>This template has no template types.</Trans>
                  </Text>
                ) : (
                  <Tabs.Root defaultValue={types[0]} variant="enclosed" lazyMount={false}>
                    <Tabs.List>
                      {types.map((type) => (
                        <Tabs.Trigger key={type} value={type} data-testid={`result-template-tab-${type}`}>
                          {resultConfigTypeLabel(type)}
                        </Tabs.Trigger>
                      ))}
                    </Tabs.List>
                    {types.map((type) => (
                      <Tabs.Content key={type} value={type}>
                        <Stack gap="3">
                          {initial.template_type[type]!.map((row, index) => (
                            <ResultRow
                              key={row.result_type}
                              name={`template_type.${type}[${index}]`}
                              readOnly={readOnly}
                              testId={`result-template-row-${type}-${row.result_type}`}
                            />
                          ))}
                        </Stack>
                      </Tabs.Content>
                    ))}
                  </Tabs.Root>
                )}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <HStack gap="3">
                {readOnly ? null : (
                  <SaveButton dirty={dirty === true} saving={submitting === true} testId="result-template-save" />
                )}
                <Button variant="outline" onClick={onClose} data-testid="result-template-cancel">
                  {readOnly ? <Trans>Close</Trans> : <Trans>Cancel</Trans>}
                </Button>
              </HStack>
            </Dialog.Footer>
          </form>
        );
      }}
    </Form>
  );
}

/** One result row: its badge as the interface language shows it (Tagalog: English), the texts and the icon. */
function ResultRow({ name, readOnly, testId }: { name: string; readOnly: boolean; testId: string }) {
  const { t, i18n } = useLingui();
  const { input } = useField<ResultConfigRowDraft>(name, { subscription: { value: true } });
  const row = input.value;
  const shown = rowTextIn(row, i18n.locale);
  return (
    <Box borderWidth="1px" borderRadius="md" p="3" data-testid={testId}>
      <Stack gap="3">
        <RiskBadge
          code={row.result_type}
          text={shown.result}
          resultType={shown.resultType}
          iconId={row.icon_id}
          testId={`${testId}-badge`}
        />
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
          <TextField
            name={`${name}.result`}
            label={t`English`}
            required
            disabled={readOnly}
            testId={`${testId}-result`}
          />
          <TextField name={`${name}.result_es`} label={t`Spanish`} disabled={readOnly} testId={`${testId}-result-es`} />
        </SimpleGrid>
        <IconPickerField name={`${name}.icon_id`} disabled={readOnly} testId={`${testId}-icon`} />
      </Stack>
    </Box>
  );
}
