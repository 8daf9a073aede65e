import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import {
  useCreateTenantSecretMutation,
  type TenantSecretKind,
  type TenantSecretRevealed,
} from '../../../api/generated/user-service';
import { NotFoundPage } from '../../../components/errors/not-found-page';
import { CreatedOnce } from '../../../components/feedback/created-once';
import { FormPage } from '../../../components/form/form-page';
import { SelectField } from '../../../components/form/select-field';
import { saveAnswer } from '../../../components/form/submit-errors';
import { TextareaField } from '../../../components/form/textarea-field';
import { TextField } from '../../../components/form/text-field';
import { required } from '../../../components/form/validators';
import { usePermissions } from '../../../lib/use-permissions';
import { RevealedSecret } from './revealed-secret';
import { GRACE_PERIOD_OPTIONS, SECRET_KIND_LABELS } from './secret-options';
import { PERMISSION } from '../../../../shared/permissions';

interface SecretValues {
  name: string;
  kind: TenantSecretKind;
  description: string;
  gracePeriodSeconds: string;
  value: string;
}

const SECRETS_TAB = '/main/admin/Secrets';
const INITIAL_VALUES: SecretValues = {
  name: '',
  kind: 'WEBHOOK_SIGNING_KEY',
  description: '',
  gracePeriodSeconds: '86400',
  value: '',
};

/**
 * Add Secret (docs/product/admin-clients-and-secrets.md#secrets): name, type, description, grace period, and for a
 * callback API key optionally the value its endpoint issued; afterwards the value, shown this once.
 */
export function SecretFormPage() {
  const { t, i18n } = useLingui();
  const [createTenantSecret] = useCreateTenantSecretMutation();
  const [created, setCreated] = useState<TenantSecretRevealed | null>(null);
  const mayCreate = usePermissions().has(PERMISSION.SECRETS_CREATE);

  const onSubmit = async (values: SecretValues) => {
    const result = await createTenantSecret({
      tenantSecretForm: {
        name: values.name.trim(),
        kind: values.kind,
        description: values.description.trim() || null,
        gracePeriodSeconds: Number(values.gracePeriodSeconds),
        value: values.kind === 'CALLBACK_API_KEY' && values.value.trim() ? values.value.trim() : null,
      },
    });
    return saveAnswer(result, t`Something went wrong`, setCreated);
  };

  if (!mayCreate) return <NotFoundPage />;
  if (created) {
    return (
      <CreatedOnce message={t`Secret created successfully`} testId="secret" backTo={SECRETS_TAB}>
        <RevealedSecret revealed={created} />
      </CreatedOnce>
    );
  }
  const kinds = (Object.keys(SECRET_KIND_LABELS) as TenantSecretKind[]).map((kind) => ({
    value: kind,
    label: i18n._(SECRET_KIND_LABELS[kind]),
  }));
  const graces = GRACE_PERIOD_OPTIONS.map((o) => ({ value: String(o.seconds), label: i18n._(o.label) }));
  return (
    <FormPage<SecretValues>
      testId="secret"
      initialValues={INITIAL_VALUES}
      onSubmit={onSubmit}
      saved={null}
      confirmLeaving={false}
      maxW="xl"
      cancelTo={SECRETS_TAB}
      cancelTestId="secret-cancel"
    >
      {({ values }) => (
        <>
          <TextField
            name="name"
            label={t`Name`}
            required
            validate={required(t`Secret name is required`)}
            testId="secret-name"
          />
          <SelectField name="kind" label={t`Type`} options={kinds} testId="secret-kind" />
          <TextareaField name="description" label={t`Description`} rows={3} testId="secret-description" />
          <SelectField
            name="gracePeriodSeconds"
            label={t`Old value stays valid after a rotation for`}
            options={graces}
            testId="secret-grace"
          />
          {values.kind === 'CALLBACK_API_KEY' ? (
            <TextField
              name="value"
              label={t`Value issued by the callback endpoint (leave empty to generate one)`}
              autoComplete="off"
              testId="secret-value"
            />
          ) : null}
        </>
      )}
    </FormPage>
  );
}
