import { Box, Flex, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { LuCheck } from 'react-icons/lu';
import type { ProjectAttribute } from '../../../api/generated/project-service';

export type StageState = 'complete' | 'incomplete-before' | 'incomplete-after';

/** docs/product/project-list.md#stages: the current stage is marked complete, earlier ones incomplete-before, later ones incomplete-after. */
export const stageStates = (stages: readonly ProjectAttribute[], currentStageId: number | null): StageState[] => {
  const ordered = [...stages].sort((a, b) => a.sequence - b.sequence);
  const current = ordered.findIndex((s) => s.attributeId === currentStageId);
  return ordered.map((_, index) => {
    if (index === current) return 'complete';
    return current >= 0 && index < current ? 'incomplete-before' : 'incomplete-after';
  });
};

/** The stages of a project in sequence order, the current one marked. */
export function StageTracker({
  stages,
  currentStageId,
}: {
  stages: readonly ProjectAttribute[];
  currentStageId: number | null;
}) {
  const { t } = useLingui();
  const ordered = [...stages].sort((a, b) => a.sequence - b.sequence);
  const states = stageStates(ordered, currentStageId);
  return (
    <Flex as="ol" aria-label={t`Stage`} gap="1" align="flex-start" listStyleType="none" data-testid="stage-tracker">
      {ordered.map((stage, index) => {
        const state = states[index]!;
        const current = state === 'complete';
        return (
          <Flex
            as="li"
            key={stage.attributeId}
            direction="column"
            align="center"
            flex="1"
            minW="0"
            gap="1"
            data-state={state}
            aria-current={current ? 'step' : undefined}
          >
            <Flex align="center" w="full">
              <Box
                flex="1"
                h="2px"
                bg={index === 0 ? 'transparent' : state === 'incomplete-after' ? 'border' : 'brand.solid'}
              />
              <Flex
                boxSize="5"
                rounded="full"
                align="center"
                justify="center"
                borderWidth="2px"
                borderColor={state === 'incomplete-after' ? 'border' : 'brand.solid'}
                bg={current ? 'brand.solid' : state === 'incomplete-before' ? 'brand.muted' : 'bg'}
                color="brand.contrast"
                flexShrink={0}
              >
                {current ? <LuCheck aria-hidden size="12" /> : null}
              </Flex>
              <Box
                flex="1"
                h="2px"
                bg={
                  index === ordered.length - 1
                    ? 'transparent'
                    : states[index + 1] === 'incomplete-after'
                      ? 'border'
                      : 'brand.solid'
                }
              />
            </Flex>
            <Text
              fontSize="xs"
              color={current ? 'fg' : 'fg.muted'}
              fontWeight={current ? 'semibold' : 'normal'}
              textAlign="center"
              truncate
              maxW="full"
            >
              {stage.description}
            </Text>
          </Flex>
        );
      })}
    </Flex>
  );
}
