/**
 * A form object as FormData: files and blobs as they are, null as an empty field (the server reads it as
 * "none"), undefined left out (e.g. a logo that did not change), anything else as text.
 */
export function toFormData(form: Record<string, unknown>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(form)) {
    if (value === undefined) continue;
    if (value instanceof Blob) data.append(name, value);
    else data.append(name, value === null ? '' : String(value));
  }
  return data;
}
