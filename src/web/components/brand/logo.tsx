import { chakra } from '@chakra-ui/react';

interface LogoProps {
  /** The product name from the client configuration, used as the image's text alternative. */
  productName: string;
  size?: string;
}

/** The mark's bars, as in `assets/voxscreen-logo.svg` (the favicon); logo.test.tsx keeps the two the same. */
export const LOGO_BARS = ['M14 28v8', 'M23 20v24', 'M32 14v36', 'M41 22v20', 'M50 27v10'];

/**
 * The product's mark drawn inline, not an `<img>` of the SVG file: Chromium decodes an SVG image in a document of its
 * own, 20-35 ms of the phone's task that ends the page's parsing (issue 29, ADR 0195), where the shell's frame shows it.
 */
export function Logo({ productName, size = '8' }: LogoProps) {
  return (
    <chakra.svg viewBox="0 0 64 64" role="img" aria-label={productName} boxSize={size} flexShrink={0}>
      <rect width="64" height="64" rx="14" fill="#0f7880" />
      <g fill="none" stroke="#ffffff" strokeWidth="5" strokeLinecap="round">
        {LOGO_BARS.map((d) => (
          <path key={d} d={d} />
        ))}
      </g>
    </chakra.svg>
  );
}
