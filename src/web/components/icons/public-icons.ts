/**
 * The Lucide icons of the screens in the entry chunk (sign-in, the error and warning pages), with the same data
 * react-icons/lu has for them (ISC licence, lucide.dev). react-icons/lu is one module holding every Lucide icon:
 * webpack keeps in it each icon any route uses, so importing it from the entry put all of the console's icons in
 * the entry (ADR 0105). Every other screen imports from react-icons/lu, which loads with the routes.
 * public-icons.test.tsx checks each icon renders what its react-icons/lu namesake renders.
 */
import { GenIcon, type IconTree } from 'react-icons/lib';

const stroked = (child: IconTree[]) =>
  GenIcon({
    tag: 'svg',
    attr: {
      viewBox: '0 0 24 24',
      fill: 'none',
      stroke: 'currentColor',
      strokeWidth: '2',
      strokeLinecap: 'round',
      strokeLinejoin: 'round',
    },
    child,
  });

const path = (d: string): IconTree => ({ tag: 'path', attr: { d }, child: [] });

export const LuTriangleAlert = stroked([
  path('m21.73 18-8-14a2 2 0 0 0-3.48 0l-8 14A2 2 0 0 0 4 21h16a2 2 0 0 0 1.73-3'),
  path('M12 9v4'),
  path('M12 17h.01'),
]);

export const LuEye = stroked([
  path('M2.062 12.348a1 1 0 0 1 0-.696 10.75 10.75 0 0 1 19.876 0 1 1 0 0 1 0 .696 10.75 10.75 0 0 1-19.876 0'),
  { tag: 'circle', attr: { cx: '12', cy: '12', r: '3' }, child: [] },
]);

export const LuEyeOff = stroked([
  path('M10.733 5.076a10.744 10.744 0 0 1 11.205 6.575 1 1 0 0 1 0 .696 10.747 10.747 0 0 1-1.444 2.49'),
  path('M14.084 14.158a3 3 0 0 1-4.242-4.242'),
  path('M17.479 17.499a10.75 10.75 0 0 1-15.417-5.151 1 1 0 0 1 0-.696 10.75 10.75 0 0 1 4.446-5.143'),
  path('m2 2 20 20'),
]);

export const LuCircleAlert = stroked([
  { tag: 'circle', attr: { cx: '12', cy: '12', r: '10' }, child: [] },
  { tag: 'line', attr: { x1: '12', x2: '12', y1: '8', y2: '12' }, child: [] },
  { tag: 'line', attr: { x1: '12', x2: '12.01', y1: '16', y2: '16' }, child: [] },
]);
