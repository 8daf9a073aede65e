import type { TenantAttributeType } from '../platform/db/schema';
import {
  ANALYST,
  CALL_CENTER_AGENT,
  CUSTOMER_ADMIN,
  TENANT_SUPPORT,
  VOXSCREEN_ADMIN,
} from '../services/user-service/standard-roles';
import type { NewCallCenter } from '../services/user-service/create-call-center';

export const DEMO_PASSWORD = 'Voxscreen!2026';

export const VOXSCREEN = 'Voxscreen';
export const ACME = 'Acme Insurance';
export const GLOBEX = 'Globex Logistics';

export interface DemoTenant {
  name: string;
  isSystem: boolean;
  projects: string[];
  callCenters: Omit<NewCallCenter, 'tenantId' | 'now'>[];
}

export const DEMO_TENANTS: readonly DemoTenant[] = [
  { name: VOXSCREEN, isSystem: true, projects: [], callCenters: [] },
  {
    name: ACME,
    isSystem: false,
    projects: ['Claims Integrity 2026', 'New Hire Screening'],
    callCenters: [
      {
        name: 'Acme Central Call Center',
        callCenterPhone: '+1 (312) 555-0100',
        contactPhone: '+1 (312) 555-0101',
        contactPersonFirstName: 'Maria',
        contactPersonLastName: 'Lopez',
        contactEmail: 'callcenter@acme.test',
        notificationEmail: 'alerts@acme.test',
        queue1: 'ACME-EN',
        queue2: 'ACME-ES',
        address: { street1: '200 W Adams St', city: 'Chicago', zip: '60606', country: 'United States' },
        languageIds: [1, 2],
      },
    ],
  },
  {
    name: GLOBEX,
    isSystem: false,
    projects: ['Driver Onboarding', 'Warehouse Safety Review'],
    callCenters: [
      {
        name: 'Globex Manila Contact Center',
        callCenterPhone: '+63 2 8555 0100',
        contactPersonFirstName: 'Jose',
        contactPersonLastName: 'Reyes',
        contactEmail: 'contact@globex.test',
        notificationEmail: 'alerts@globex.test',
        queue1: 'GLX-EN',
        queue2: 'GLX-TL',
        address: { street1: '6750 Ayala Ave', city: 'Makati', zip: '1226', country: 'Philippines' },
        languageIds: [1, 3],
      },
    ],
  },
];

export interface DemoUser {
  email: string;
  firstName: string;
  lastName: string;
  title: string;
  role: string;
  homeTenant: string;
  /** Tenants the user may operate in (empty: the no-tenant screen). */
  memberOf: string[];
}

/** Exactly the table in docs/development.md. */
export const DEMO_USERS: readonly DemoUser[] = [
  { email: 'admin@voxscreen.test', firstName: 'Valerie', lastName: 'Stone', title: 'Platform Administrator', role: VOXSCREEN_ADMIN, homeTenant: VOXSCREEN, memberOf: [VOXSCREEN, ACME, GLOBEX] },
  { email: 'support@voxscreen.test', firstName: 'Samuel', lastName: 'Ortega', title: 'Support Engineer', role: TENANT_SUPPORT, homeTenant: VOXSCREEN, memberOf: [VOXSCREEN] },
  { email: 'admin@acme.test', firstName: 'Alicia', lastName: 'Moreno', title: 'Risk Operations Manager', role: CUSTOMER_ADMIN, homeTenant: ACME, memberOf: [ACME] },
  { email: 'analyst@acme.test', firstName: 'Nora', lastName: 'Patel', title: 'Risk Analyst', role: ANALYST, homeTenant: ACME, memberOf: [ACME] },
  { email: 'agent@acme.test', firstName: 'Andre', lastName: 'Lewis', title: 'Call Center Agent', role: CALL_CENTER_AGENT, homeTenant: ACME, memberOf: [ACME] },
  { email: 'dual@globex.test', firstName: 'Diego', lastName: 'Ramos', title: 'Security Director', role: CUSTOMER_ADMIN, homeTenant: GLOBEX, memberOf: [GLOBEX, ACME] },
  { email: 'nobody@voxscreen.test', firstName: 'Nadia', lastName: 'Park', title: 'Analyst', role: ANALYST, homeTenant: VOXSCREEN, memberOf: [] },
];

type Translations = [en: string, es: string];

const ATTRIBUTES: Record<TenantAttributeType, Translations[]> = {
  ACCOUNT_TYPE: [
    ['Enterprise', 'Empresa'],
    ['Mid-Market', 'Mercado medio'],
    ['Small Business', 'Pequeña empresa'],
    ['Government', 'Gobierno'],
  ],
  CUSTOMER_SEGMENT: [
    ['Insurance', 'Seguros'],
    ['Logistics', 'Logística'],
    ['Financial Services', 'Servicios financieros'],
    ['Public Sector', 'Sector público'],
  ],
  SPECIAL_RESTRICTION: [
    ['No Restriction', 'Sin restricción'],
    ['UK Data Residency', 'Residencia de datos en el Reino Unido'],
    ['Restricted Access', 'Acceso restringido'],
  ],
  SPECIAL_PRIVILEGE: [
    ['No Privilege Access', 'Sin acceso privilegiado'],
    ['Full Privilege Access', 'Acceso privilegiado completo'],
    ['Read-Only Privilege Access', 'Acceso privilegiado de solo lectura'],
  ],
  CURRENCY: [
    ['USD - US Dollar', 'USD - Dólar estadounidense'],
    ['EUR - Euro', 'EUR - Euro'],
    ['GBP - British Pound', 'GBP - Libra esterlina'],
    ['PHP - Philippine Peso', 'PHP - Peso filipino'],
    ['MXN - Mexican Peso', 'MXN - Peso mexicano'],
  ],
};

/** English and Spanish; Tagalog falls back to English when read. Sequence 1 is each list's default. */
export const TENANT_ATTRIBUTE_VALUES = Object.entries(ATTRIBUTES).flatMap(([type, values]) =>
  values.flatMap(([en, es], index) =>
    [en, es].map((description, language) => ({
      type: type as TenantAttributeType,
      attributeId: index + 1,
      languageId: language + 1,
      description,
      sequence: index + 1,
    })),
  ),
);
