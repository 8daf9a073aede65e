import { Breadcrumb, Heading, Stack } from '@chakra-ui/react';
import { Fragment, type ReactNode } from 'react';

interface PageHeaderProps {
  /** Breadcrumb trail ending with the current page. */
  trail: readonly string[];
  heading: ReactNode;
}

/** Breadcrumb and heading at the top of a screen inside the shell. */
export function PageHeader({ trail, heading }: PageHeaderProps) {
  return (
    <Stack gap="2" mb="6">
      <Breadcrumb.Root size="sm">
        <Breadcrumb.List>
          {trail.map((crumb, index) =>
            index === trail.length - 1 ? (
              <Breadcrumb.Item key={crumb}>
                <Breadcrumb.CurrentLink>{crumb}</Breadcrumb.CurrentLink>
              </Breadcrumb.Item>
            ) : (
              <Fragment key={crumb}>
                <Breadcrumb.Item>{crumb}</Breadcrumb.Item>
                <Breadcrumb.Separator />
              </Fragment>
            ),
          )}
        </Breadcrumb.List>
      </Breadcrumb.Root>
      <Heading as="h1" size="2xl">
        {heading}
      </Heading>
    </Stack>
  );
}
