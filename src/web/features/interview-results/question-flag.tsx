import { HStack, Icon } from '@chakra-ui/react';
import type { ResultDisplay } from '../../api/generated/execution-service';
import { resultIconLook } from '../../components/risk-badge/result-icons';

/** A per-question flag: the template's icon, with the text as its title (narrow columns show only the icon). */
export function QuestionFlag({ result, testId }: { result: ResultDisplay; testId: string }) {
  const look = resultIconLook(result.iconId);
  return (
    <HStack gap="1" title={`${result.badge} ${result.text}`} data-testid={testId} data-code={result.code} h="full">
      <Icon as={look.icon} color={look.color} boxSize="4" aria-label={`${result.badge} ${result.text}`} />
    </HStack>
  );
}
