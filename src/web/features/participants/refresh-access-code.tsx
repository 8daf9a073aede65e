import { IconButton } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { LuRefreshCw } from 'react-icons/lu';
import { getErrorMessage } from '../../api/error-message';
import {
  participantServiceApi,
  useRefreshAccessCodeMutation,
  type Participant,
} from '../../api/generated/participant-service';
import type { ProjectDetail } from '../../api/generated/project-service';
import { useAppDispatch } from '../../state/hooks';

/** Access code behaviour "same as IRN" (ACCESS_CODE_BEHAVIOR 2): the IRN is the code, nothing to refresh. */
const ACCESS_CODE_SAME_AS_IRN = 2;

/**
 * The project allows refreshing codes (enable_refresh_accesscode) and the codes are not the IRNs. Callers without
 * tenant.project.detail.internal.read do not receive the internal fields: for them the icon shows and the server
 * decides (409 'Access code can not be refreshed for this participant'), ADR 0042.
 */
export const refreshAllowed = (project: ProjectDetail) =>
  project.enable_refresh_accesscode !== false && Number(project.accessCodeBehaviorId) !== ACCESS_CODE_SAME_AS_IRN;

/** The participants row's refresh access code icon (docs/product/access-codes.md#refresh texts). */
export function RefreshAccessCodeButton(props: {
  participant: Participant;
  onDone: (notice: { tone: 'success' | 'error'; text: string }) => void;
}) {
  const { t } = useLingui();
  const dispatch = useAppDispatch();
  const [refresh, refreshing] = useRefreshAccessCodeMutation();
  const { participant } = props;
  return (
    <IconButton
      size="xs"
      variant="ghost"
      aria-label={t`Refresh access code of ${participant.interviewRefNum ?? participant.participantId}`}
      title={t`Refresh access code`}
      loading={refreshing.isLoading}
      data-testid={`participant-refresh-code-${participant.participantId}`}
      onClick={async () => {
        const result = await refresh({ participantId: participant.participantId });
        if ('error' in result) {
          props.onDone({
            tone: 'error',
            text: getErrorMessage(result.error, t`Access code can not be refreshed for this participant`),
          });
          return;
        }
        // The list shows the new code: the refresh changes a participant, which the Participant tag caches.
        dispatch(participantServiceApi.util.invalidateTags(['Participant']));
        props.onDone({ tone: 'success', text: t`Acess Code Refreshed` });
      }}
    >
      <LuRefreshCw />
    </IconButton>
  );
}
