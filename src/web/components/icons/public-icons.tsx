/**
 * The Lucide icons of the screens in the entry chunk (sign-in, the error and warning pages), with the same data
 * react-icons/lu has for them (ISC licence, lucide.dev). react-icons/lu is one module holding every Lucide icon:
 * webpack keeps in it each icon any route uses, so importing it from the entry put all of the console's icons in
 * the entry (ADR 0105). Every other screen imports from react-icons/lu, which loads with the routes.
 * They are plain SVG elements that render what react-icons' IconBase renders (the console sets no IconContext), so
 * react-icons' own code is not part of the entry either (ADR 0123). public-icons.test.tsx checks each icon renders
 * what its react-icons/lu namesake renders.
 */
import type { ReactNode, SVGAttributes } from 'react';

export interface PublicIconProps extends SVGAttributes<SVGElement> {
  size?: string | number;
  color?: string;
  title?: string;
}

const stroked = (children: ReactNode) =>
  function PublicIcon({ size, title, ...svgProps }: PublicIconProps) {
    const computedSize = size ?? '1em';
    return (
      <svg
        stroke="currentColor"
        fill="none"
        strokeWidth="2"
        viewBox="0 0 24 24"
        strokeLinecap="round"
        strokeLinejoin="round"
        {...svgProps}
        className={svgProps.className}
        style={{ color: svgProps.color, ...svgProps.style }}
        height={computedSize}
        width={computedSize}
        xmlns="http://www.w3.org/2000/svg"
      >
        {title ? <title>{title}</title> : null}
        {children}
      </svg>
    );
  };

export const LuTriangleAlert = stroked(
  <>
    <path d="m21.73 18-8-14a2 2 0 0 0-3.48 0l-8 14A2 2 0 0 0 4 21h16a2 2 0 0 0 1.73-3" />
    <path d="M12 9v4" />
    <path d="M12 17h.01" />
  </>,
);

export const LuEye = stroked(
  <>
    <path d="M2.062 12.348a1 1 0 0 1 0-.696 10.75 10.75 0 0 1 19.876 0 1 1 0 0 1 0 .696 10.75 10.75 0 0 1-19.876 0" />
    <circle cx="12" cy="12" r="3" />
  </>,
);

export const LuEyeOff = stroked(
  <>
    <path d="M10.733 5.076a10.744 10.744 0 0 1 11.205 6.575 1 1 0 0 1 0 .696 10.747 10.747 0 0 1-1.444 2.49" />
    <path d="M14.084 14.158a3 3 0 0 1-4.242-4.242" />
    <path d="M17.479 17.499a10.75 10.75 0 0 1-15.417-5.151 1 1 0 0 1 0-.696 10.75 10.75 0 0 1 4.446-5.143" />
    <path d="m2 2 20 20" />
  </>,
);

export const LuCircleAlert = stroked(
  <>
    <circle cx="12" cy="12" r="10" />
    <line x1="12" x2="12" y1="8" y2="12" />
    <line x1="12" x2="12.01" y1="16" y2="16" />
  </>,
);
