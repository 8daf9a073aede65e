import { HStack, Skeleton, Text } from '@chakra-ui/react';
import { useGetClientConfigurationQuery } from '../../api/generated/user-service';
import { Logo } from './logo';

interface BrandMarkProps {
  size?: 'sm' | 'lg';
}

/**
 * Logo and product name from the client configuration's branding. While the configuration loads the name is
 * a placeholder bar; if it cannot be loaded only the logo shows (nothing the user can act on).
 */
export function BrandMark({ size = 'sm' }: BrandMarkProps) {
  const { data, isLoading } = useGetClientConfigurationQuery();
  const productName = data?.branding.productName ?? '';
  return (
    <HStack gap="2">
      <Logo productName={productName} size={size === 'lg' ? '12' : '8'} />
      {isLoading ? <Skeleton height="5" width="24" /> : null}
      {data ? (
        <Text fontWeight="bold" fontSize={size === 'lg' ? '2xl' : 'lg'} letterSpacing="tight">
          {productName}
        </Text>
      ) : null}
    </HStack>
  );
}
