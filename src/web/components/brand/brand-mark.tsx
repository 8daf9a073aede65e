import { HStack, Text } from '@chakra-ui/react';
import { BRANDING } from '../../../shared/branding';
import { Logo } from './logo';

interface BrandMarkProps {
  size?: 'sm' | 'lg';
  /**
   * The product name: the shell passes the branding of the client configuration once loaded. Without it (the pages
   * before sign-in, the frame before the configuration answers) the branding built into the console, so the name
   * is there from the first paint and never moves (ADR 0082). The brand mark reads no API state itself, so that the
   * entry chunk needs no API layer (ADR 0111).
   */
  productName?: string;
}

/** Logo and product name. */
export function BrandMark({ size = 'sm', productName = BRANDING.productName }: BrandMarkProps) {
  return (
    <HStack gap="2">
      <Logo productName={productName} size={size === 'lg' ? '12' : '8'} />
      <Text fontWeight="bold" fontSize={size === 'lg' ? '2xl' : 'lg'} letterSpacing="tight">
        {productName}
      </Text>
    </HStack>
  );
}
