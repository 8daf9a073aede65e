import { Image } from '@chakra-ui/react';
import logoUrl from '../../assets/voxscreen-logo.svg';

interface LogoProps {
  /** The product name from the client configuration, used as the image's text alternative. */
  productName: string;
  size?: string;
}

export function Logo({ productName, size = '8' }: LogoProps) {
  return <Image src={logoUrl} alt={productName} boxSize={size} flexShrink={0} />;
}
