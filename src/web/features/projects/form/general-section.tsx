import { Input } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { CheckboxGroupField } from '../../../components/form/checkbox-group-field';
import { FieldFrame } from '../../../components/form/field-frame';
import { PasswordField } from '../../../components/form/password-field';
import { SelectField } from '../../../components/form/select-field';
import { TextField } from '../../../components/form/text-field';
import { TextareaField } from '../../../components/form/textarea-field';
import { testIds } from './test-ids';
import { FormSection } from './form-section';
import { attributeOptions, questionnaireOptions } from './option-lists';
import type { ProjectFormAccess } from './project-form-values';
import type { ProjectFormLookups } from './use-project-form-lookups';

export interface SectionProps {
  access: ProjectFormAccess;
  lookups: ProjectFormLookups;
}

const f = testIds;

/**
 * General details (docs/product/project-form.md#sections, docs/product/project-form.md#fields;
 * docs/product/project-form.md#console): name, questionnaire type, descriptions, lookups, Status and Stage
 * (tenant.project.detail.internal.update), dates, Number Of Calls, the project's languages, currency, call centers
 * (docs/product/project-form.md#call-centers), File Download Password (tenant.project.details.file.password.read) and
 * the read-only uuid.
 */
export function GeneralSection({
  access,
  lookups,
  uuid,
  savedCallCenterIds = [],
  latestDay,
}: SectionProps & {
  uuid: string | null;
  /**
   * The date pickers' cap (docs/product/project-form.md#limits: two days ahead; docs/product/project-form.md#date-cap).
   */
  latestDay?: string;
  /** The call centers the loaded project uses: offered even when no longer active (so Save keeps them). */
  savedCallCenterIds?: readonly number[];
}) {
  const { t, i18n } = useLingui();
  const disabled = !access.canSave;
  const { attributes } = lookups;
  const languages = lookups.languages.map((l) => ({ value: String(l.id), label: l.label }));
  const callCenters = [
    ...lookups.callCenters.map((c) => ({ value: String(c.id), label: c.name })),
    ...savedCallCenterIds
      .filter((id) => !lookups.callCenters.some((c) => c.id === id))
      .map((id) => ({ value: String(id), label: t`Inactive call center ${id}` })),
  ];
  return (
    <FormSection value="general" title={t`General Details`} testId={f.section('general')}>
      <TextField name="name" label={t`Project Name`} required disabled={disabled} testId={f.name} />
      <SelectField
        name="questionaire_type"
        label={t`Questionnaire Type`}
        options={questionnaireOptions(lookups.options.questionnaireTypes, i18n)}
        disabled={disabled}
        testId={f.questionnaireType}
      />
      <TextareaField name="description" label={t`Description`} rows={3} disabled={disabled} testId={f.description} />
      <TextareaField name="note" label={t`Note`} rows={3} disabled={disabled} testId={f.note} />
      <SelectField
        name="statusId"
        label={t`Status`}
        options={attributeOptions(attributes.STATUS)}
        placeholder={t`Select`}
        disabled={disabled || !access.internalUpdate}
        testId={f.status}
      />
      <SelectField
        name="stageId"
        label={t`Stage`}
        options={attributeOptions(attributes.STAGE)}
        placeholder={t`Select`}
        disabled={disabled || !access.internalUpdate}
        testId={f.stage}
      />
      <SelectField
        name="languageId"
        label={t`Language`}
        options={languages}
        placeholder={t`Select`}
        disabled={disabled}
        testId={f.language}
      />
      <SelectField
        name="departmentId"
        label={t`Department`}
        options={attributeOptions(attributes.DEPARTMENT)}
        placeholder={t`Select`}
        disabled={disabled}
        testId={f.department}
      />
      <SelectField
        name="typeId"
        label={t`Type`}
        options={attributeOptions(attributes.TYPE)}
        placeholder={t`Select`}
        disabled={disabled}
        testId={f.type}
      />
      <SelectField
        name="locationId"
        label={t`Location`}
        options={attributeOptions(attributes.LOCATION)}
        placeholder={t`Select`}
        disabled={disabled}
        testId={f.location}
      />
      <SelectField
        name="externalRiskObjectiveId"
        label={t`Risk Objective`}
        options={attributeOptions(attributes.RISK_OBJECTIVE_EXTERNAL)}
        placeholder={t`Select`}
        disabled={disabled}
        testId={f.riskObjective}
      />
      <SelectField
        name="currencyId"
        label={t`Currency`}
        options={lookups.currencies.map((c) => ({ value: String(c.attributeId), label: c.description }))}
        placeholder={t`Select`}
        disabled={disabled}
        testId={f.currency}
      />
      <CheckboxGroupField
        name="callCenterIds"
        label={t`Call Centers`}
        options={callCenters}
        disabled={disabled}
        testId={f.callCenters}
      />
      <TextField
        name="estStartDate"
        type="date"
        label={t`Estimated Start Date`}
        max={latestDay}
        disabled={disabled}
        testId={f.startDate}
      />
      <TextField
        name="estEndDate"
        type="date"
        label={t`Estimated End Date`}
        max={latestDay}
        disabled={disabled}
        testId={f.endDate}
      />
      <TextField name="estParticipant" label={t`Number Of Calls`} disabled={disabled} testId={f.numberOfCalls} />
      {access.passwordRead ? (
        <PasswordField
          name="resourcesPassword"
          label={t`File Download Password`}
          autoComplete="new-password"
          disabled={disabled}
          testId={f.filePassword}
        />
      ) : null}
      {uuid ? (
        <FieldFrame label={t`Project UUID`} error={undefined} readOnly>
          <Input value={uuid} readOnly data-testid={f.uuid} />
        </FieldFrame>
      ) : null}
      <CheckboxGroupField
        name="projectLanguages"
        label={t`Project Languages`}
        options={languages}
        disabled={disabled}
        testId={f.projectLanguages}
      />
    </FormSection>
  );
}
