import { Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { APPROVAL_TIME_FORMAT } from '../../../../shared/question-rules';

/** docs/product/project-questions.md#approval: approval times are shown in Los Angeles time. */
export function formatApprovalTime(iso: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, APPROVAL_TIME_FORMAT).format(new Date(iso));
}

/** 'Questions Approved by' with the approver and the time in Los Angeles. */
export function ApprovalLine({ approvedBy, approvedAt }: { approvedBy: string | null; approvedAt: string | null }) {
  const { i18n } = useLingui();
  const when = approvedAt ? formatApprovalTime(approvedAt, i18n.locale) : '';
  return (
    <Text fontSize="sm" data-testid={'questions-approval-line'}>
      <Trans>
        Questions Approved by <strong>{approvedBy}</strong> {when}
      </Trans>
    </Text>
  );
}
