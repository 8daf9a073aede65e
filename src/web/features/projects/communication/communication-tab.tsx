import { Field, NativeSelect, Stack, Tabs, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSearchParams } from 'react-router';
import type { TemplateType } from '../../../api/generated/project-service';
import { useProjectContext } from '../../../lib/project-context';
import { EmailTemplateFields } from './email-template-fields';
import { SmsTemplateFields } from './sms-template-fields';
import { TemplateEditor } from './template-editor';
import { PERMISSION } from '../../../../shared/permissions';

const CHANNELS: Record<'email' | 'sms', TemplateType> = { email: 'TEST_INVITATION_EMAIL', sms: 'TEST_INVITATION_SMS' };

/**
 * The project's Communication tab (docs/product/communication-templates.md#screen): Email and SMS invitation templates per project language,
 * read-only without tenant.project.communication.update. Channel and language live in the URL, so switching
 * either with unsaved changes goes through the unsaved-changes modal like any navigation.
 */
export function CommunicationTab() {
  const { t } = useLingui();
  const { project, permissions } = useProjectContext();
  const [params, setParams] = useSearchParams();
  const channel = params.get('channel') === 'sms' ? 'sms' : 'email';
  const languages = project.projectLanguagesData;
  const requested = Number(params.get('language'));
  const languageId = languages.some((l) => l.value === requested) ? requested : languages[0]?.value;
  const canEdit = permissions.has(PERMISSION.TENANT_PROJECT_COMMUNICATION_UPDATE);

  if (languageId === undefined) {
    return (
      <Text color="fg.muted" data-testid="communication-no-language">
        <Trans>No language configured</Trans>
      </Text>
    );
  }
  const go = (next: { channel?: string; language?: number }) =>
    setParams({ channel: next.channel ?? channel, language: String(next.language ?? languageId) });

  return (
    <Stack gap="5" data-testid="communication-tab">
      <Tabs.Root value={channel} onValueChange={({ value }) => go({ channel: value })} variant="enclosed" size="sm">
        <Tabs.List>
          <Tabs.Trigger value="email" data-testid="communication-email-tab">
            <Trans>Email</Trans>
          </Tabs.Trigger>
          <Tabs.Trigger value="sms" data-testid="communication-sms-tab">
            <Trans>SMS</Trans>
          </Tabs.Trigger>
        </Tabs.List>
        {/* The channel's templates are its panel, so the selected tab's aria-controls resolves. */}
        <Tabs.Content value={channel} p="0" mt="5">
          <Stack gap="5">
            {canEdit ? null : (
              <Text fontSize="sm" color="fg.muted" data-testid="communication-read-only">
                <Trans>You can view these templates; changing them needs the permission to update communication.</Trans>
              </Text>
            )}
            <Field.Root maxW="xs">
              <Field.Label>{t`Language`}</Field.Label>
              <NativeSelect.Root size="sm">
                <NativeSelect.Field
                  value={String(languageId)}
                  onChange={(event) => go({ language: Number(event.currentTarget.value) })}
                  data-testid="template-language"
                >
                  {languages.map((language) => (
                    <option key={language.value} value={language.value}>
                      {language.label}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
            <TemplateEditor
              key={`${channel}-${languageId}`}
              projectId={project.projectId}
              type={CHANNELS[channel]}
              languageId={languageId}
              canEdit={canEdit}
            >
              {(template) =>
                channel === 'email' ? (
                  <EmailTemplateFields template={template} readOnly={!canEdit} />
                ) : (
                  <SmsTemplateFields template={template} readOnly={!canEdit} />
                )
              }
            </TemplateEditor>
          </Stack>
        </Tabs.Content>
      </Tabs.Root>
    </Stack>
  );
}
