import { useLingui } from '@lingui/react/macro';
import type { CommunicationTemplate } from '../../../api/generated/project-service';
import { RichTextField } from '../../../components/form/rich-text-field';
import { SelectField } from '../../../components/form/select-field';
import { TextField } from '../../../components/form/text-field';
import { PlaceholderHelp } from './placeholder-help';

/** The e-mail form's fields (docs/product/communication-templates.md#email-form): template type, name, description, placeholder help, subject, body. */
export function EmailTemplateFields({ template, readOnly }: { template: CommunicationTemplate; readOnly: boolean }) {
  const { t } = useLingui();
  return (
    <>
      <SelectField
        name="template_type"
        label={t`Template Type`}
        options={[{ value: 'TEST_INVITATION_EMAIL', label: t`Invitation Template` }]}
        disabled
        testId="template-type"
      />
      <TextField name="template_name" label={t`Template Name`} required readOnly={readOnly} testId="template-name" />
      <TextField name="description" label={t`Description`} readOnly={readOnly} testId="template-description" />
      <PlaceholderHelp placeholders={template.placeholders} showSubjectRule />
      <TextField name="email_subject" label={t`Email Subject`} required readOnly={readOnly} testId="email-subject" />
      <RichTextField name="template_content" label={t`Email Body`} readOnly={readOnly} testId="email-body" />
    </>
  );
}
