import type { Db, ProjectAttributeType } from '../../../platform/db/schema';

/** Stage attribute ids; the id equals the stage's sequence. docs/product/project-list.md#stages: sequence 3 is execution, 4 is complete. */
export const STAGE = { SETUP: 1, TESTING: 2, EXECUTION: 3, COMPLETE: 4 } as const;
/** Status attribute ids; Active comes first (sequence 1), which makes it the list's default filter. */
export const STATUS = { ACTIVE: 1, INACTIVE: 2 } as const;

export const EXECUTION_SEQUENCE = 3;
export const COMPLETE_SEQUENCE = 4;

type Labels = [en: string, es: string, tl: string];

const DEFAULTS: Record<Extract<ProjectAttributeType, 'STATUS' | 'STAGE'>, Labels[]> = {
  STATUS: [
    ['Active', 'Activo', 'Aktibo'],
    ['Inactive', 'Inactivo', 'Hindi aktibo'],
  ],
  STAGE: [
    ['Setup', 'Configuración', 'Pag-set up'],
    ['Testing', 'Pruebas', 'Pagsubok'],
    ['Execution', 'Ejecución', 'Pagpapatupad'],
    ['Complete', 'Completado', 'Kumpleto'],
  ],
};

/** The STATUS and STAGE values every tenant starts with, in the three interface languages. */
export const DEFAULT_PROJECT_ATTRIBUTES = Object.entries(DEFAULTS).flatMap(([type, values]) =>
  values.flatMap((labels, index) =>
    labels.map((description, language) => ({
      attributeType: type as ProjectAttributeType,
      attributeId: index + 1,
      languageId: language + 1,
      description,
      sequence: index + 1,
    })),
  ),
);

/** Adds the default STATUS and STAGE values a tenant lacks. Runs in the tenant's scope or a system one. */
export async function createDefaultProjectAttributes(trx: Db, tenantId: number): Promise<void> {
  await trx
    .insertInto('project_attributes')
    .values(
      DEFAULT_PROJECT_ATTRIBUTES.map((a) => ({
        tenant_id: tenantId,
        attribute_type: a.attributeType,
        attribute_id: a.attributeId,
        language_id: a.languageId,
        description: a.description,
        sequence: a.sequence,
      })),
    )
    .onConflict((oc) => oc.columns(['tenant_id', 'attribute_type', 'attribute_id', 'language_id']).doNothing())
    .execute();
}
