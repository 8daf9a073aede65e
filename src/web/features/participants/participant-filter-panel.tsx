import { Box, Button, Checkbox, HStack, Stack, Text, Wrap } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useListParticipantCreatorsQuery } from '../../api/generated/participant-service';
import { PARTICIPANT_STATUSES } from '../../../shared/participant-rules';
import type { ProjectDetail } from '../../api/generated/project-service';
import type { ParticipantListFilter } from './participant-access';
import { STATUS_LABELS } from './participant-labels';

interface ParticipantFilterPanelProps {
  projectId: number;
  languages: ProjectDetail['projectLanguagesData'];
  filter: ParticipantListFilter;
  changeFilter: (change: Partial<ParticipantListFilter>) => void;
}

/** The Data Filter (docs/product/participants.md#list): status, language and creator checkboxes, and Clear filters. */
export function ParticipantFilterPanel({ projectId, languages, filter, changeFilter }: ParticipantFilterPanelProps) {
  const { i18n } = useLingui();
  const creators = useListParticipantCreatorsQuery({ projectId });
  const toggleStatus = (status: string, on: boolean) =>
    changeFilter({ statuses: on ? [...filter.statuses, status] : filter.statuses.filter((s) => s !== status) });
  const toggleLanguage = (id: number, on: boolean) =>
    changeFilter({ languageIds: on ? [...filter.languageIds, id] : filter.languageIds.filter((l) => l !== id) });
  const toggleCreator = (id: number, on: boolean) =>
    changeFilter({ createdBy: on ? [...filter.createdBy, id] : filter.createdBy.filter((u) => u !== id) });
  return (
    <Box borderWidth="1px" borderRadius="md" p="4" data-testid="participants-filter-panel">
      <Stack gap="3">
        <Text fontWeight="semibold">
          <Trans>Status</Trans>
        </Text>
        <Wrap gap="3">
          {PARTICIPANT_STATUSES.map((status) => (
            <FilterCheckbox
              key={status}
              label={i18n._(STATUS_LABELS[status])}
              checked={filter.statuses.includes(status)}
              onChange={(on) => toggleStatus(status, on)}
              testId={`participants-filter-status-${status}`}
            />
          ))}
        </Wrap>
        <Text fontWeight="semibold">
          <Trans>Language</Trans>
        </Text>
        <Wrap gap="3">
          {languages.map((language) => (
            <FilterCheckbox
              key={language.value}
              label={language.label}
              checked={filter.languageIds.includes(language.value)}
              onChange={(on) => toggleLanguage(language.value, on)}
              testId={`participants-filter-language-${language.value}`}
            />
          ))}
        </Wrap>
        <Text fontWeight="semibold">
          <Trans>Created By</Trans>
        </Text>
        <Wrap gap="3">
          {(creators.data?.creators ?? []).map((creator) => (
            <FilterCheckbox
              key={creator.userId}
              label={creator.name}
              checked={filter.createdBy.includes(creator.userId)}
              onChange={(on) => toggleCreator(creator.userId, on)}
              testId={`participants-filter-creator-${creator.userId}`}
            />
          ))}
        </Wrap>
        <HStack>
          <Button
            size="sm"
            variant="ghost"
            onClick={() => changeFilter({ statuses: [], languageIds: [], createdBy: [] })}
            data-testid="participants-filter-clear"
          >
            <Trans>Clear filters</Trans>
          </Button>
        </HStack>
      </Stack>
    </Box>
  );
}

function FilterCheckbox(props: { label: string; checked: boolean; onChange: (on: boolean) => void; testId: string }) {
  return (
    <Checkbox.Root
      size="sm"
      checked={props.checked}
      onCheckedChange={(details) => props.onChange(details.checked === true)}
      data-testid={props.testId}
    >
      <Checkbox.HiddenInput />
      <Checkbox.Control />
      <Checkbox.Label>{props.label}</Checkbox.Label>
    </Checkbox.Root>
  );
}
