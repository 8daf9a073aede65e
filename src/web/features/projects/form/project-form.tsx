import { Accordion, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useMemo, useState } from 'react';
import { Form } from 'react-final-form';
import { useNavigate } from 'react-router';
import {
  useCreateProjectMutation,
  useLazyCheckProjectCodeAndPhoneQuery,
  useUpdateProjectMutation,
  type ProjectDetail,
} from '../../../api/generated/project-service';
import { ConfirmDialog } from '../../../components/feedback/confirm-dialog';
import { ErrorAlert } from '../../../components/feedback/error-alert';
import { SuccessAlert } from '../../../components/feedback/success-alert';
import { SaveButton } from '../../../components/form/save-button';
import { submitErrors } from '../../../components/form/submit-errors';
import { UnsavedChangesPrompt } from '../../../components/navigation/unsaved-changes-prompt';
import { clock } from '../../../lib/clock';
import {
  dialInNumbersToCheck,
  phoneConflictList,
  SAVE_REDIRECT_MS,
  type PhoneConflict,
} from '../../../../shared/project-rules';
import { testIds } from './test-ids';
import { ProjectFilesSection } from '../files/project-files-section';
import { BusinessLineSection } from './business-line-section';
import { AdditionalFieldsSection, ClientApiSection } from './client-api-section';
import { FormSection } from './form-section';
import { GeneralSection } from './general-section';
import { InternalSection, IswSection } from './internal-section';
import { LanguageRowsSection } from './language-rows-section';
import { PhoneConfirmDialog, usePhoneConfirmation } from './phone-confirm-dialog';
import {
  editsBusinessLine,
  latestDayFrom,
  projectFormInput,
  projectFormValues,
  showsBusinessLine,
  type NewProjectDefaults,
  type ProjectFormAccess,
  type ProjectFormValues,
} from './project-form-values';
import { validateProjectForm } from './project-form-validation';
import type { ProjectFormLookups } from './use-project-form-lookups';

export const PROJECT_LIST_PATH = '/main/project';
/**
 * The create route (docs/product/project-form.md#sections); a clone adds `_C` (the time the clone was asked for) and
 * `_ID` (the source).
 */
export const CREATE_PROJECT_PATH = '/main/project/createProject';

const f = testIds;

/** The server's field names → the form's. */
const FIELD_NAMES: Record<string, string> = { projectLanguagesData: 'projectLanguages' };

export interface ProjectFormProps {
  /** The project (edit) or the clone's source (clone); null for a new project. */
  project: ProjectDetail | null;
  mode: 'create' | 'edit' | 'clone';
  access: ProjectFormAccess;
  lookups: ProjectFormLookups;
  /** tenant.project.detail.create: the Clone button on an existing project. */
  canClone: boolean;
}

function newProjectDefaults(lookups: ProjectFormLookups): NewProjectDefaults {
  const english = lookups.languages.find((l) => l.shortCode === 'en') ?? lookups.languages[0];
  const statuses = lookups.attributes.STATUS ?? [];
  const active = statuses.find((s) => s.description === 'Active') ?? statuses[0];
  return {
    statusId: active?.attributeId ?? null,
    stageId: lookups.attributes.STAGE?.[0]?.attributeId ?? null,
    languageId: english?.id ?? 1,
    languageLabel: english?.label ?? 'English',
    host: window.location.origin,
  };
}

/**
 * The project form (docs/product/project-form.md#console): every section of docs/product/project-form.md#sections, the
 * shared rules as the user types, Save enabled after a change, the dial-in number confirmation, the success message and
 * the return to the list after 3 s, the unsaved-changes guard, and Clone.
 */
export function ProjectForm({ project, mode, access, lookups, canClone }: ProjectFormProps) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const [createProject] = useCreateProjectMutation();
  const [updateProject] = useUpdateProjectMutation();
  const [checkNumbers] = useLazyCheckProjectCodeAndPhoneQuery();
  const phoneConfirmation = usePhoneConfirmation();
  const [saved, setSaved] = useState<string | null>(null);
  const [saveConflicts, setSaveConflicts] = useState<PhoneConflict[]>([]);
  const [cloneAsked, setCloneAsked] = useState(false);
  const editing = mode === 'edit';
  const projectId = editing && project ? project.projectId : null;

  useEffect(() => {
    if (saved === null) return undefined;
    const timer = clock.setTimeout(() => void navigate(PROJECT_LIST_PATH), SAVE_REDIRECT_MS);
    return () => clock.clearTimeout(timer);
  }, [saved, navigate]);

  const initialValues = useMemo(
    () => projectFormValues(project, newProjectDefaults(lookups), lookups.businessLine.levels, mode),
    [project, lookups, mode],
  );
  // docs/product/project-form.md#limits: the date pickers offer at most two days ahead; a chosen later date is a field
  // error.
  const latestDay = latestDayFrom(clock.now());
  const languageLabels = useMemo(() => new Map(lookups.languages.map((l) => [l.id, l.label])), [lookups.languages]);
  const businessLineShown = showsBusinessLine(access, project);
  const isDirect = (values: ProjectFormValues) =>
    lookups.options.directInterviewMethodIds.includes(Number(values.defaultCustomerInterviewMethodId));

  const onSubmit = async (values: ProjectFormValues) => {
    const input = projectFormInput(values, access, project, languageLabels);
    // docs/product/project-lookups.md#project-check: the dial-in numbers are checked against other projects first;
    // their use elsewhere asks to confirm.
    const numbers = dialInNumbersToCheck(
      values.projectMultiLanguageConfig.map((row) => ({ dialInNumber: row.dialInNumber })),
      isDirect(values),
    );
    if (numbers.length > 0) {
      const check = await checkNumbers({
        body: {
          projectId,
          phoneNumber: numbers,
          interviewMethodId: Number(values.defaultCustomerInterviewMethodId) || null,
        },
      });
      if (check.error || !check.data) return submitErrors(check.error, t`Something went wrong`);
      const conflicts = phoneConflictList(numbers, check.data.phoneNumber);
      setSaveConflicts(conflicts);
      if (conflicts.length > 0 && !(await phoneConfirmation.ask(conflicts))) return undefined;
    }
    const result =
      project && editing
        ? await updateProject({ id: project.projectId, projectFormInput: { ...input, creationDate: null } })
        : await createProject({
            projectFormInput:
              mode === 'clone' && project ? { ...input, clone: true, projectId: project.projectId } : input,
          });
    if ('error' in result) return submitErrors(result.error, t`Something went wrong`, FIELD_NAMES);
    setSaveConflicts([]);
    setSaved(editing ? t`Project Updated Successfully` : t`Project Created Successfully`);
    return undefined;
  };

  const sections = [
    'general',
    'internal',
    'isw',
    'client-api',
    'additional-fields',
    'business-line',
    'languages',
    'files',
  ];

  return (
    <Form<ProjectFormValues>
      onSubmit={onSubmit}
      initialValues={initialValues}
      validate={(values) =>
        validateProjectForm(
          values,
          {
            internal: access.internalRead,
            businessLine: businessLineShown,
            direct: isDirect(values),
            dateCap: {
              latestDay,
              saved: { estStartDate: initialValues.estStartDate || null, estEndDate: initialValues.estEndDate || null },
            },
          },
          i18n,
        )
      }
    >
      {({ handleSubmit, dirty, submitting, submitError, form }) => (
        <form onSubmit={(event) => void handleSubmit(event)} noValidate data-testid={f.form}>
          <UnsavedChangesPrompt dirty={dirty === true && saved === null} />
          <Stack gap="5">
            {saved ? <SuccessAlert message={saved} testId={f.success} /> : null}
            {typeof submitError === 'string' ? <ErrorAlert message={submitError} testId={f.error} /> : null}
            {access.canSave ? null : (
              <Text color="fg.muted" data-testid={f.readOnly}>
                <Trans>You can view this project but not change it.</Trans>
              </Text>
            )}
            <Accordion.Root multiple collapsible defaultValue={sections}>
              <GeneralSection
                access={access}
                lookups={lookups}
                uuid={editing ? (project?.uuid ?? null) : null}
                savedCallCenterIds={project?.callCenterIds}
                latestDay={latestDay}
              />
              {access.internalRead ? <InternalSection access={access} lookups={lookups} /> : null}
              {access.internalRead ? <IswSection access={access} /> : null}
              <ClientApiSection access={access} />
              <AdditionalFieldsSection access={access} lookups={lookups} />
              {businessLineShown ? (
                <BusinessLineSection access={access} lookups={lookups} editable={editsBusinessLine(access, project)} />
              ) : null}
              <LanguageRowsSection
                access={access}
                lookups={lookups}
                projectId={projectId}
                saveConflicts={saveConflicts}
              />
              <FormSection value="files" title={t`Files`} columns={1} testId={f.section('files')}>
                {project && editing ? (
                  <ProjectFilesSection
                    projectId={project.projectId}
                    projectUuid={project.uuid}
                    readOnly={!access.canSave}
                    onConfigurationJson={(json) => form.change('configurationJSON', json)}
                  />
                ) : (
                  <Text color="fg.muted" data-testid={f.filesAfterCreate}>
                    <Trans>Files can be uploaded once the project is saved.</Trans>
                  </Text>
                )}
              </FormSection>
            </Accordion.Root>
            <HStack gap="3">
              <SaveButton
                dirty={dirty === true && saved === null}
                saving={submitting === true}
                disabled={!access.canSave}
                testId={f.save}
              />
              <Button variant="outline" onClick={() => void navigate(PROJECT_LIST_PATH)} data-testid={f.cancel}>
                <Trans>Cancel</Trans>
              </Button>
              {editing && canClone ? (
                <Button variant="outline" onClick={() => setCloneAsked(true)} data-testid={f.clone}>
                  <Trans>Clone</Trans>
                </Button>
              ) : null}
            </HStack>
          </Stack>
          <PhoneConfirmDialog {...phoneConfirmation.dialog} />
          <ConfirmDialog
            open={cloneAsked}
            title={<Trans>Clone project</Trans>}
            cancelLabel={<Trans>Cancel</Trans>}
            confirmLabel={<Trans>Clone</Trans>}
            onCancel={() => setCloneAsked(false)}
            onConfirm={() => {
              setCloneAsked(false);
              void navigate(`${CREATE_PROJECT_PATH}?_C=${clock.now()}&_ID=${project?.projectId ?? ''}`);
            }}
            testId={f.cloneDialog}
            confirmTestId={f.cloneConfirm}
          >
            <Text>
              <Trans>Do you want to clone this project?</Trans>
            </Text>
          </ConfirmDialog>
        </form>
      )}
    </Form>
  );
}
