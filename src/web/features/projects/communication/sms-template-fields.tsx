import { useLingui } from '@lingui/react/macro';
import type { CommunicationTemplate } from '../../../api/generated/project-service';
import { SelectField } from '../../../components/form/select-field';
import { TextareaField } from '../../../components/form/textarea-field';
import { TextField } from '../../../components/form/text-field';
import { PlaceholderHelp } from './placeholder-help';

/** SMS length the counter shows (docs/product/communication-templates.md#sms-form); longer messages are allowed and sent in parts. */
export const SMS_LENGTH = 160;

/** The SMS form's fields (docs/product/communication-templates.md#sms-form): description, sender, provider, placeholder help, template with its counter. */
export function SmsTemplateFields({ template, readOnly }: { template: CommunicationTemplate; readOnly: boolean }) {
  const { t } = useLingui();
  return (
    <>
      <TextField name="description" label={t`Description`} readOnly={readOnly} testId="template-description" />
      <SelectField
        name="sms_sender"
        label={t`SMS Sender`}
        placeholder={t`Select…`}
        options={[
          { value: 'ALPHANUMERIC_NUMBER', label: t`Alphanumeric sender` },
          { value: 'PHONE_NUMBER', label: t`Phone number` },
        ]}
        required
        disabled={readOnly}
        testId="sms-sender"
      />
      <SelectField
        name="sms_provider"
        label={t`SMS Provider`}
        placeholder={t`Select…`}
        options={[
          { value: 'TWILIO', label: 'Twilio' },
          { value: 'VONAGE', label: 'Vonage' },
        ]}
        required
        disabled={readOnly}
        testId="sms-provider"
      />
      <PlaceholderHelp placeholders={template.placeholders} showSubjectRule={false} />
      <TextareaField
        name="template_content"
        label={t`SMS Template`}
        required
        readOnly={readOnly}
        counterLimit={SMS_LENGTH}
        testId="sms-template"
      />
    </>
  );
}
