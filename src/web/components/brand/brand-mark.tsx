import { HStack, Text } from '@chakra-ui/react';
import { BRANDING } from '../../../shared/branding';
import { userServiceApi } from '../../api/generated/user-service';
import { Logo } from './logo';

/** The product name the brand mark shows (for names that must contain it, such as the home link's). */
export function useProductName(): string {
  const { data } = userServiceApi.endpoints.getClientConfiguration.useQueryState();
  return data?.branding.productName ?? BRANDING.productName;
}

interface BrandMarkProps {
  size?: 'sm' | 'lg';
}

/**
 * Logo and product name. The name is the branding the client configuration carries once it has been loaded (the
 * session gate loads it); until then, and on the pages before sign-in, the same branding as built into the console,
 * so the name is there from the first paint and never moves (ADR 0082). Reading the configuration never asks for it.
 */
export function BrandMark({ size = 'sm' }: BrandMarkProps) {
  const productName = useProductName();
  return (
    <HStack gap="2">
      <Logo productName={productName} size={size === 'lg' ? '12' : '8'} />
      <Text fontWeight="bold" fontSize={size === 'lg' ? '2xl' : 'lg'} letterSpacing="tight">
        {productName}
      </Text>
    </HStack>
  );
}
