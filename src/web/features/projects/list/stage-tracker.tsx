import { Box } from '@chakra-ui/react';
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

/**
 * The tracker's look, for every stage at once: one class on the list and plain elements inside it, styled by their
 * part and state (the list renders one tracker per project card, and a Chakra component per stage part made each
 * card's render several times longer: issue 29).
 */
const TRACKER_STYLES = {
  display: 'flex',
  gap: '1',
  alignItems: 'flex-start',
  listStyleType: 'none',
  '& > li': { display: 'flex', flexDirection: 'column', alignItems: 'center', flex: '1', minW: '0', gap: '1' },
  '& [data-part=track]': { display: 'flex', alignItems: 'center', w: 'full' },
  '& [data-part=line]': { flex: '1', h: '2px', bg: 'brand.solid' },
  '& [data-part=line][data-reached=false]': { bg: 'border' },
  '& [data-part=line][data-edge]': { bg: 'transparent' },
  '& [data-part=dot]': {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    boxSize: '5',
    flexShrink: '0',
    rounded: 'full',
    borderWidth: '2px',
    borderColor: 'brand.solid',
    bg: 'bg',
    color: 'brand.contrast',
  },
  '& [data-state=complete] [data-part=dot]': { bg: 'brand.solid' },
  '& [data-state=incomplete-before] [data-part=dot]': { bg: 'brand.muted' },
  '& [data-state=incomplete-after] [data-part=dot]': { borderColor: 'border' },
  '& [data-part=name]': {
    fontSize: 'xs',
    color: 'fg.muted',
    textAlign: 'center',
    maxW: 'full',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
  },
  '& [data-state=complete] [data-part=name]': { color: 'fg', fontWeight: 'semibold' },
} as const;

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
  const last = ordered.length - 1;
  return (
    <Box as="ol" aria-label={t`Stage`} css={TRACKER_STYLES} data-testid="stage-tracker">
      {ordered.map((stage, index) => {
        const state = states[index]!;
        const current = state === 'complete';
        return (
          <li key={stage.attributeId} data-state={state} aria-current={current ? 'step' : undefined}>
            <div data-part="track">
              <div data-part="line" data-edge={index === 0 || undefined} data-reached={state !== 'incomplete-after'} />
              <div data-part="dot">{current ? <LuCheck aria-hidden size="12" /> : null}</div>
              <div
                data-part="line"
                data-edge={index === last || undefined}
                data-reached={states[index + 1] !== 'incomplete-after'}
              />
            </div>
            <span data-part="name">{stage.description}</span>
          </li>
        );
      })}
    </Box>
  );
}
