import { Badge } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import type { ProjectDetail } from '../../api/generated/project-service';

/** The questionnaire type as a badge (docs/product/project-page.md#questionnaire-badge: Precision, Express, Hybrid, Precision Red Green, ...). */
export function QuestionnaireBadge({ type }: { type: ProjectDetail['questionnaireType'] }) {
  const { t } = useLingui();
  const labels: Record<ProjectDetail['questionnaireType'], string> = {
    PRECISION_QUESTIONNAIRE: t`Precision`,
    EXPRESS_QUESTIONNAIRE: t`Express`,
    HYBRID_QUESTIONNAIRE: t`Hybrid`,
    PRECISION_RED_GREEN_QUESTIONNAIRE: t`Precision Red Green`,
    SURGE_QUESTIONNAIRE: t`Surge`,
    PROTECT_QUESTIONNAIRE: t`Protect`,
  };
  return (
    <Badge colorPalette="brand" variant="subtle" size="lg" data-testid="project-questionnaire-type">
      {labels[type]}
    </Badge>
  );
}
