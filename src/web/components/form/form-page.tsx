import { Stack } from '@chakra-ui/react';
import type { FormApi, SubmissionErrors, ValidationErrors } from 'final-form';
import { useEffect, useState, type FormEventHandler, type ReactNode } from 'react';
import { Form } from 'react-final-form';
import { useNavigate } from 'react-router';
import { ErrorAlert } from '../feedback/error-alert';
import { SuccessAlert } from '../feedback/success-alert';
import { UnsavedChangesPrompt } from '../navigation/unsaved-changes-prompt';
import { FormActions } from './save-button';

/** What the frame tells the page's fields and actions about the form. */
export interface FormPageState<Values> {
  /** Changed and not yet saved: Save is enabled, leaving asks first. */
  dirty: boolean;
  saving: boolean;
  values: Values;
  form: FormApi<Values>;
}

export interface FormPageProps<Values> {
  initialValues: Values;
  validate?: (values: Values) => ValidationErrors;
  /** The save: field errors or a form error (submitErrors), or undefined after calling `saved`. */
  onSubmit: (values: Values) => Promise<SubmissionErrors | undefined> | SubmissionErrors | undefined;
  /** The success message once saved (useSavedReturn); the form then counts as unchanged. */
  saved: string | null;
  /** The page is leaving by itself (e.g. a delayed Cancel): no unsaved-changes prompt. */
  leaving?: boolean;
  /**
   * Ask before leaving with unsaved changes (docs/product/shell-and-session.md#unsaved-changes); the create-only
   * pages of client applications, secrets and roles do not ask.
   */
  confirmLeaving?: boolean;
  /** Test ids: the form `<testId>-form`, the message `<testId>-success`, Save `<testId>-save`. */
  testId: string;
  maxW?: 'xl' | '3xl' | '4xl';
  /** Save and Cancel to this path, Save disabled with `readOnly`; or `actions` draws them. */
  cancelTo?: string;
  cancelTestId?: string;
  readOnly?: boolean;
  /** Another condition that keeps Save disabled (e.g. a failed check). */
  blocked?: boolean;
  actions?: (state: FormPageState<Values>) => ReactNode;
  /** Called on any change of an input (e.g. to clear a failed check). */
  onChange?: FormEventHandler<HTMLFormElement>;
  /** The fields (and dialogs of the form); a function of the form's state when they need it. */
  children: ReactNode | ((state: FormPageState<Values>) => ReactNode);
}

/**
 * The admin form pages' one frame (docs/product/admin-accounts.md#admin-forms): a final-form form, the
 * unsaved-changes prompt until saved, the success message, the server's form error, the page's fields and Save
 * (enabled once changed) with Cancel.
 */
export function FormPage<Values extends object>({
  initialValues,
  validate,
  onSubmit,
  saved,
  leaving = false,
  confirmLeaving = true,
  testId,
  maxW = '3xl',
  cancelTo,
  cancelTestId,
  readOnly = false,
  blocked = false,
  actions,
  onChange,
  children,
}: FormPageProps<Values>) {
  return (
    <Form<Values> onSubmit={onSubmit} initialValues={initialValues} validate={validate}>
      {({ handleSubmit, dirty, submitting, submitError, values, form }) => {
        const state: FormPageState<Values> = {
          dirty: dirty === true && saved === null,
          saving: submitting === true,
          values,
          form,
        };
        return (
          <form
            onSubmit={(event) => void handleSubmit(event)}
            onChange={onChange}
            noValidate
            data-testid={`${testId}-form`}
          >
            <UnsavedChangesPrompt dirty={confirmLeaving && state.dirty && !leaving} />
            <Stack gap="5" maxW={maxW}>
              {saved ? <SuccessAlert message={saved} testId={`${testId}-success`} /> : null}
              {typeof submitError === 'string' ? <ErrorAlert message={submitError} /> : null}
              {typeof children === 'function' ? children(state) : children}
              {actions ? (
                actions(state)
              ) : cancelTo ? (
                <FormActions
                  dirty={state.dirty && !blocked}
                  saving={state.saving}
                  disabled={readOnly}
                  testId={`${testId}-save`}
                  cancelTo={cancelTo}
                  cancelTestId={cancelTestId}
                />
              ) : null}
            </Stack>
          </form>
        );
      }}
    </Form>
  );
}

/**
 * The saved message of a form page and the way back: once `setSaved` is called, the page goes to `to` after
 * `delayMs` (docs/product/admin-*.md give each form its delay).
 */
export function useSavedReturn(to: string, delayMs: number) {
  const navigate = useNavigate();
  const [saved, setSaved] = useState<string | null>(null);
  useEffect(() => {
    if (saved === null) return undefined;
    const timer = setTimeout(() => void navigate(to), delayMs);
    return () => clearTimeout(timer);
  }, [saved, to, delayMs, navigate]);
  return [saved, setSaved] as const;
}
