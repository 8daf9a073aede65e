import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { LookupFieldName } from '../../../../shared/lookup-rules';

/** How the field names read in the form's select; the list shows the field name itself, as the search matches it. */
export const FIELD_NAME_LABELS: Record<LookupFieldName, MessageDescriptor> = {
  DEPARTMENT: msg`Department`,
  TYPE: msg`Type`,
  RISK_OBJECTIVE_INTERNAL: msg`Risk objective (internal)`,
  LANGUAGE: msg`Language`,
  LOCATION: msg`Location`,
  RISK_OBJECTIVE_EXTERNAL: msg`Risk objective (external)`,
  DELIVERY_METHOD: msg`Delivery method`,
  INTERVIEW_METHOD: msg`Interview method`,
  CALL_TYPE: msg`Call type`,
  CATEGORY: msg`Category`,
};
