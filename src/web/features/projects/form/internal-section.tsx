import { SimpleGrid } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { CheckboxField } from '../../../components/form/checkbox-field';
import { SelectField } from '../../../components/form/select-field';
import { TextField } from '../../../components/form/text-field';
import type { InternalFlag } from '../../../../shared/project-rules';
import { testIds } from './test-ids';
import { FormSection } from './form-section';
import type { SectionProps } from './general-section';
import { formOptions } from './option-lists';

const f = testIds;

/** The labels of the Internal Use Only switches (docs/product/project-form.md#fields), in the order shown. */
const FLAG_LABELS: Record<Exclude<InternalFlag, 'allow_isw_create_participant'>, MessageDescriptor> = {
  result_auto_release: msg`Auto release results`,
  mask_overall_result_to_HR_for_AD: msg`Mask overall result to HR for AD`,
  mask_overall_result_to_HR_for_CM: msg`Mask overall result to HR for CM`,
  mask_overall_result_to_HR_for_NC: msg`Mask overall result to HR for NC`,
  make_partial_nc_as_complete_nc: msg`Treat partial NC as complete NC`,
  review_unreview_configuration: msg`Review / unreview results`,
  cm_recordings_configuration: msg`CM recordings`,
  invite_on_participant_create: msg`E-mail invitation on participant create`,
  sms_invite_on_participant_create: msg`SMS invitation on participant create`,
  enableSMSCommunication: msg`Enable SMS communication`,
  enableEmailCommunication: msg`Enable e-mail communication`,
  enable_refresh_accesscode: msg`Enable access code refresh`,
  enable_indivisual_result_email: msg`Individual result e-mail`,
  enable_pending_result_notification: msg`Pending result notification`,
  auto_reminder_configuration: msg`Automatic reminders`,
  enablePilot: msg`Pilot`,
  isWebrtcEnable: msg`Enable WebRTC`,
  block_irn_on_call_logs: msg`Block IRN on call logs`,
  unblock_irn_after_nc_result: msg`Unblock IRN after NC result`,
  unblock_irn_after_dc_result: msg`Unblock IRN after DC result`,
  hide_deleted_participant: msg`Hide deleted participants`,
  reverse_np_configuration: msg`Reverse non-responsive marking`,
  disable_pii_data_in_analytics: msg`Disable PII data in analytics`,
  retake_restricted_24_hours: msg`Retake restricted for 24 hours`,
  allow_nc_call_after_24_hours: msg`Allow NC call after 24 hours`,
  allow_partial_nc_call_after_24_hours: msg`Allow partial NC call after 24 hours`,
};

/**
 * Internal Use Only (tenant.project.detail.internal.read to see, .internal.update to change;
 * docs/product/project-form.md#fields, docs/product/project-form.md#permissions): the interview, phone, integration,
 * access-code, guide and IRN settings, IRN length, e-mail sender and recipients, the result template
 * (tenant.result.config.read), call delay, reminders and the switches.
 */
export function InternalSection({ access, lookups }: SectionProps) {
  const { t, i18n } = useLingui();
  const disabled = !access.canSave || !access.internalUpdate;
  const { options } = lookups;
  return (
    <FormSection value="internal" title={t`Internal Use Only`} testId={f.section('internal')}>
      <SelectField
        name="defaultCustomerInterviewMethodId"
        label={t`Interview Method`}
        options={formOptions(options.interviewMethods, i18n)}
        disabled={disabled}
        testId={f.interviewMethod}
      />
      <SelectField
        name="multilingualPhoneId"
        label={t`Multilingual Phone`}
        options={formOptions(options.multilingualPhoneOptions, i18n)}
        disabled={disabled}
        testId={f.multilingualPhone}
      />
      <SelectField
        name="integration_method_id"
        label={t`Integration Method`}
        options={formOptions(options.integrationMethods, i18n)}
        disabled={disabled}
        testId={f.integrationMethod}
      />
      <SelectField
        name="accessCodeBehaviorId"
        label={t`Access Code Behavior`}
        options={formOptions(options.accessCodeBehaviors, i18n)}
        disabled={disabled}
        testId={f.accessCodeBehavior}
      />
      <SelectField
        name="guideURLOptionId"
        label={t`Guide Domain URL`}
        options={formOptions(options.guideUrlOptions, i18n)}
        disabled={disabled}
        testId={f.guideUrl}
      />
      <SelectField
        name="irnVerificationMethodId"
        label={t`IRN Verification Method`}
        options={formOptions(options.irnVerificationMethods, i18n)}
        disabled={disabled}
        testId={f.irnVerification}
      />
      <TextField name="irnLength" label={t`IRN Length`} required disabled={disabled} testId={f.irnLength} />
      <TextField name="sender_name" label={t`Email Sender Name`} disabled={disabled} testId={f.senderName} />
      <TextField
        name="result_email_recipient"
        label={t`Result Email Recipients`}
        helperText={t`Comma-separated e-mail addresses`}
        disabled={disabled}
        testId={f.resultEmailRecipient}
      />
      {access.resultConfigRead ? (
        <SelectField
          name="result_configuration_template_id"
          label={t`Template Type`}
          options={lookups.templates.map((template) => ({ value: String(template.id), label: template.template_name }))}
          placeholder={t`Select`}
          disabled={disabled}
          testId={f.resultTemplate}
        />
      ) : null}
      <TextField
        name="call_delay_by_in_sec"
        label={t`Call Delay (seconds)`}
        disabled={disabled}
        testId={f.callDelaySeconds}
      />
      <TextField
        name="auto_reminder_time_in_days"
        label={t`Auto Reminder (days)`}
        disabled={disabled}
        testId={f.autoReminderDays}
      />
      <SimpleGrid gridColumn={{ md: 'span 2' }} columns={{ base: 1, md: 2 }} gap="3">
        {(Object.keys(FLAG_LABELS) as (keyof typeof FLAG_LABELS)[]).map((flag) => (
          <CheckboxField
            key={flag}
            name={flag}
            label={i18n._(FLAG_LABELS[flag])}
            disabled={disabled}
            testId={f.flag(flag)}
          />
        ))}
      </SimpleGrid>
    </FormSection>
  );
}

/**
 * ISW Options (docs/product/project-form.md#sections): whether the ISW may create participants (an internal switch).
 */
export function IswSection({ access }: Pick<SectionProps, 'access'>) {
  const { t } = useLingui();
  return (
    <FormSection value="isw" title={t`ISW Options`} testId={f.section('isw')}>
      <CheckboxField
        name="allow_isw_create_participant"
        label={t`Allow ISW to create participants`}
        disabled={!access.canSave || !access.internalUpdate}
        testId={f.flag('allow_isw_create_participant')}
      />
    </FormSection>
  );
}
