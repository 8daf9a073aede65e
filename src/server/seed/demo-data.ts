import type { OrderStatus, QuestionnaireType, TenantAttributeType } from '../platform/db/schema';
import { STAGE } from '../services/project-service';
import {
  ANALYST,
  CALL_CENTER_AGENT,
  CUSTOMER_ADMIN,
  type NewCallCenter,
  TENANT_SUPPORT,
  VOXSCREEN_ADMIN,
} from '../services/user-service';

export const DEMO_PASSWORD = 'Voxscreen!2026';

export const VOXSCREEN = 'Voxscreen';
export const ACME = 'Acme Insurance';
export const GLOBEX = 'Globex Logistics';

export interface DemoProject {
  name: string;
  /** STAGE attribute id. */
  stage: number;
  active: boolean;
  questionnaireType?: QuestionnaireType;
  languageIds: number[];
  participants: number;
  /** Results spread over the last 12 months (some of them DC, which are not completed calls). */
  results: number;
  /**
   * A simulator's project (simulated-demos.ts): its results are released as they arrive and its recordings
   * are on (result_auto_release, cm_recordings_configuration), so the account's own users hear the calls.
   */
  simulated?: boolean;
}

export interface DemoOrder {
  orderNumber: string;
  /** Months relative to the seed's month: the order runs from the first day of startMonth to the last of endMonth. */
  startMonth: number;
  endMonth: number;
  numberOfCalls: number;
  orderStatus: OrderStatus;
}

export interface DemoTenant {
  /**
   * The tenant's id, fixed by the seed rather than left to the identity sequence: PostgreSQL logs sequence values
   * 32 ahead, so a first start killed after creating a tenant would otherwise resume at id 34.
   */
  id: number;
  name: string;
  isSystem: boolean;
  projects: DemoProject[];
  /** Created before the projects, so every result counts against the order of its day. */
  orders: DemoOrder[];
  callCenters: Omit<NewCallCenter, 'tenantId' | 'now'>[];
}

/** The questions of every demo project, in order. */
export const DEMO_QUESTIONS = [
  'In the last five years, have you been involved in any theft from an employer?',
  'Have you ever falsified information on an insurance claim or application?',
  'Are you currently using any illegal drugs?',
  'Have you ever accepted a bribe or kickback?',
  'Have you shared confidential company information with an unauthorized person?',
];

export const DEMO_TENANTS: readonly DemoTenant[] = [
  { id: 1, name: VOXSCREEN, isSystem: true, projects: [], orders: [], callCenters: [] },
  {
    id: 2,
    name: ACME,
    isSystem: false,
    projects: [
      {
        name: 'Claims Integrity 2026',
        stage: STAGE.EXECUTION,
        active: true,
        languageIds: [1, 2],
        participants: 90,
        results: 140,
      },
      {
        name: 'New Hire Screening',
        stage: STAGE.TESTING,
        active: true,
        questionnaireType: 'EXPRESS_QUESTIONNAIRE',
        languageIds: [1],
        participants: 12,
        results: 0,
      },
      {
        name: 'Vendor Due Diligence',
        stage: STAGE.SETUP,
        active: true,
        languageIds: [1, 2],
        participants: 0,
        results: 0,
      },
      {
        name: 'Annual Compliance Review 2025',
        stage: STAGE.COMPLETE,
        active: false,
        languageIds: [1],
        participants: 60,
        results: 70,
      },
      {
        name: 'Branch Audit Pilot',
        stage: STAGE.EXECUTION,
        active: false,
        questionnaireType: 'HYBRID_QUESTIONNAIRE',
        languageIds: [1],
        participants: 20,
        results: 25,
        simulated: true,
      },
    ],
    orders: [
      { orderNumber: '100231', startMonth: -14, endMonth: -4, numberOfCalls: 150, orderStatus: 'Complete' },
      { orderNumber: '100587', startMonth: -3, endMonth: 8, numberOfCalls: 400, orderStatus: 'Active' },
    ],
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
    id: 3,
    name: GLOBEX,
    isSystem: false,
    projects: [
      {
        name: 'Driver Onboarding',
        stage: STAGE.EXECUTION,
        active: true,
        languageIds: [1, 3],
        participants: 70,
        results: 95,
        simulated: true,
      },
      {
        name: 'Warehouse Safety Review',
        stage: STAGE.COMPLETE,
        active: true,
        languageIds: [1],
        participants: 40,
        results: 45,
      },
      {
        name: 'Customs Broker Vetting',
        stage: STAGE.SETUP,
        active: true,
        languageIds: [1, 3],
        participants: 0,
        results: 0,
      },
      {
        name: 'Fleet Contractor Check',
        stage: STAGE.TESTING,
        active: false,
        questionnaireType: 'PRECISION_RED_GREEN_QUESTIONNAIRE',
        languageIds: [1],
        participants: 8,
        results: 0,
      },
    ],
    orders: [{ orderNumber: '200114', startMonth: -6, endMonth: 5, numberOfCalls: 250, orderStatus: 'Active' }],
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
  {
    email: 'admin@voxscreen.test',
    firstName: 'Valerie',
    lastName: 'Stone',
    title: 'Platform Administrator',
    role: VOXSCREEN_ADMIN,
    homeTenant: VOXSCREEN,
    memberOf: [VOXSCREEN, ACME, GLOBEX],
  },
  {
    email: 'support@voxscreen.test',
    firstName: 'Samuel',
    lastName: 'Ortega',
    title: 'Support Engineer',
    role: TENANT_SUPPORT,
    homeTenant: VOXSCREEN,
    memberOf: [VOXSCREEN],
  },
  {
    email: 'admin@acme.test',
    firstName: 'Alicia',
    lastName: 'Moreno',
    title: 'Risk Operations Manager',
    role: CUSTOMER_ADMIN,
    homeTenant: ACME,
    memberOf: [ACME],
  },
  {
    email: 'analyst@acme.test',
    firstName: 'Nora',
    lastName: 'Patel',
    title: 'Risk Analyst',
    role: ANALYST,
    homeTenant: ACME,
    memberOf: [ACME],
  },
  {
    email: 'agent@acme.test',
    firstName: 'Andre',
    lastName: 'Lewis',
    title: 'Call Center Agent',
    role: CALL_CENTER_AGENT,
    homeTenant: ACME,
    memberOf: [ACME],
  },
  {
    email: 'dual@globex.test',
    firstName: 'Diego',
    lastName: 'Ramos',
    title: 'Security Director',
    role: CUSTOMER_ADMIN,
    homeTenant: GLOBEX,
    memberOf: [GLOBEX, ACME],
  },
  {
    email: 'nobody@voxscreen.test',
    firstName: 'Nadia',
    lastName: 'Park',
    title: 'Analyst',
    role: ANALYST,
    homeTenant: VOXSCREEN,
    memberOf: [],
  },
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
