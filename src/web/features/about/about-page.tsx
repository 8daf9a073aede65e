import { Box, Card, DataList, HStack, Heading, Link } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useGetAppVersionQuery, useGetClientConfigurationQuery } from '../../api/generated/user-service';
import { Logo } from '../../components/brand/logo';
import { QueryFailure } from '../../components/feedback/load-failure';
import { LoadingState } from '../../components/feedback/loading-state';
import { PageHeader } from '../../components/layout/page-header';
import { formatDayMonthYear } from '../../lib/format-day-month-year';

/** `/main/about`: product, version (major.minor), release date and support e-mail. */
export function AboutPage() {
  const { t } = useLingui();
  const version = useGetAppVersionQuery();
  const configuration = useGetClientConfigurationQuery();
  const productName = configuration.data?.branding.productName ?? '';

  let content;
  if (version.isLoading) {
    content = <LoadingState />;
  } else if (version.error || !version.data) {
    content = <QueryFailure query={version} />;
  } else {
    const { majorVersion, minorVersion, releaseDate, email } = version.data;
    content = (
      <Card.Root maxW="lg">
        <Card.Body gap="6">
          <HStack gap="4">
            <Logo productName={productName} size="14" />
            <Heading as="h2" size="xl">
              {productName}
            </Heading>
          </HStack>
          <DataList.Root orientation="horizontal">
            <DataList.Item>
              <DataList.ItemLabel>
                <Trans>Version</Trans>
              </DataList.ItemLabel>
              <DataList.ItemValue data-testid="about-version">{`${majorVersion}.${minorVersion}`}</DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>
                <Trans>Release date</Trans>
              </DataList.ItemLabel>
              <DataList.ItemValue>{formatDayMonthYear(releaseDate)}</DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>
                <Trans>Support</Trans>
              </DataList.ItemLabel>
              <DataList.ItemValue>
                {/* A long address wraps rather than widening the card past a phone's width. */}
                <Link href={`mailto:${email}`} colorPalette="brand" overflowWrap="anywhere">
                  {email}
                </Link>
              </DataList.ItemValue>
            </DataList.Item>
          </DataList.Root>
        </Card.Body>
      </Card.Root>
    );
  }

  return (
    <Box data-testid="about-page">
      <PageHeader trail={[t`About`]} heading={<Trans>About</Trans>} />
      {content}
    </Box>
  );
}
