import { Badge, HStack, Icon, Text } from '@chakra-ui/react';
import { resultIconLook } from './result-icons';

interface RiskBadgeProps {
  /** The badge code (HR, R, PR, AR, LR, G, NC, DC, NP, AD, CM or D). */
  code: string;
  /** The result text in the interface language. */
  text: string;
  /** The result type shown in the badge (the code, or its Spanish form). */
  resultType: string;
  iconId: number;
  testId?: string;
}

/** A risk badge as a result-configuration template shows a code (docs/product/result-config.md#modal). */
export function RiskBadge({ code, text, resultType, iconId, testId }: RiskBadgeProps) {
  const look = resultIconLook(iconId);
  return (
    <HStack gap="2" data-testid={testId} data-code={code}>
      <Icon as={look.icon} color={look.color} boxSize="4" aria-hidden />
      <Badge variant="outline" minW="9" justifyContent="center">
        {resultType}
      </Badge>
      <Text fontSize="sm">{text}</Text>
    </HStack>
  );
}
