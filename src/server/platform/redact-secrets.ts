/**
 * A credential carried in a URL's query (`token`, `access_token`, `id_token`): its value ends at the next
 * parameter, fragment, whitespace, quote or tag, so it can be found in a log line, plain text or HTML alike.
 */
const SECRET_QUERY_PARAMETER = /([?&](?:amp;)?(?:token|access_token|id_token)=)[^&#\s"'<>]*/gi;

/** Replaces every credential carried in a URL's query with `[redacted]`; the rest of the text is unchanged. */
export function redactSecretQueryParameters(text: string): string {
  return text.replace(SECRET_QUERY_PARAMETER, '$1[redacted]');
}
