import { TextField, type TextFieldProps } from './text-field';

/** One text field of a list: what differs from field to field. */
export type TextFieldSpec = Pick<TextFieldProps, 'name' | 'label' | 'type' | 'required' | 'transform' | 'testId'>;

/**
 * A run of plain text fields, in order, all disabled with `disabled` (a read-only form): a form lists what differs
 * per field instead of repeating the field.
 */
export function TextFields({ fields, disabled = false }: { fields: readonly TextFieldSpec[]; disabled?: boolean }) {
  return (
    <>
      {fields.map((field) => (
        <TextField key={field.name} {...field} disabled={disabled} />
      ))}
    </>
  );
}
