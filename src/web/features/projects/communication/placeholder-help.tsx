import { Button, List, Popover, Portal, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { LuCircleHelp } from 'react-icons/lu';
import type { Placeholder } from '../../../api/generated/project-service';

/** The help popover listing the placeholders a template may use (docs/product/communication-templates.md#placeholders), or saying there are none. */
export function PlaceholderHelp({
  placeholders,
  showSubjectRule,
}: {
  placeholders: readonly Placeholder[];
  showSubjectRule: boolean;
}) {
  const { t } = useLingui();
  return (
    <Popover.Root positioning={{ placement: 'bottom-start' }}>
      <Popover.Trigger asChild>
        <Button variant="ghost" size="sm" alignSelf="flex-start" data-testid="placeholder-help">
          <LuCircleHelp />
          <Trans>Placeholders</Trans>
        </Button>
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content data-testid="placeholder-help-content">
            <Popover.Arrow />
            <Popover.Body>
              {placeholders.length === 0 ? (
                <Text>
                  <Trans>No placeholders are available for this template.</Trans>
                </Text>
              ) : (
                <>
                  <Text mb="2" fontSize="sm">
                    <Trans>Write a placeholder in double braces; it is replaced for each participant.</Trans>
                  </Text>
                  <List.Root gap="1" fontSize="sm" ps="4">
                    {placeholders.map(({ placeholder, isDefaultPlaceholder }) => (
                      <List.Item key={placeholder}>
                        <Text as="span" fontFamily="mono">{`{{${placeholder}}}`}</Text>
                        {showSubjectRule ? (
                          <Text as="span" color="fg.muted">
                            {' — '}
                            {isDefaultPlaceholder ? t`subject and body` : t`body only`}
                          </Text>
                        ) : null}
                      </List.Item>
                    ))}
                  </List.Root>
                </>
              )}
            </Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}
