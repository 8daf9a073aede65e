import { NativeSelect, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { getErrorMessage } from '../../api/error-message';
import { useListLanguagesQuery } from '../../api/generated/user-service';
import { useAppDispatch, useAppSelector } from '../../state/hooks';
import { effectiveLanguage, languageChanged } from '../../state/preferences-slice';

/** Interface language, from the server's language list; switching applies at once and is remembered. */
export function LanguageSelect() {
  const { t } = useLingui();
  const dispatch = useAppDispatch();
  const language = useAppSelector((state) => effectiveLanguage(state.preferences));
  const { data: languages, isLoading, error } = useListLanguagesQuery();

  if (error) {
    return (
      <Text fontSize="sm" color="fg.error" title={getErrorMessage(error, t`Something went wrong`)}>
        <Trans>Languages unavailable</Trans>
      </Text>
    );
  }
  return (
    <NativeSelect.Root size="sm" width="auto" disabled={isLoading}>
      <NativeSelect.Field
        aria-label={t`Language`}
        data-testid="language-select"
        value={language}
        onChange={(event) => {
          const chosen = languages?.find((candidate) => candidate.shortCode === event.currentTarget.value);
          if (chosen) dispatch(languageChanged({ id: chosen.id, shortCode: chosen.shortCode }));
        }}
      >
        {isLoading || !languages ? (
          <option value={language}>{t`Loading…`}</option>
        ) : (
          languages.map((candidate) => (
            <option key={candidate.id} value={candidate.shortCode}>
              {candidate.label}
            </option>
          ))
        )}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
