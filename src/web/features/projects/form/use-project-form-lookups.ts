import { useMemo } from 'react';
import {
  useGetBusinessLineDataQuery,
  useGetProjectFormOptionsQuery,
  useListAdditionalFieldKeysQuery,
  useListProjectCallCentersQuery,
  useListProjectAttributesQuery,
  useListResultConfigTemplatesQuery,
  type BusinessLineData,
  type ListAdditionalFieldKeysApiResponse,
  type ListProjectCallCentersApiResponse,
  type ProjectAttribute,
  type ProjectFormOptions,
  type ResultConfigTemplate,
} from '../../../api/generated/project-service';
import {
  useGetTenantAttributesQuery,
  useListLanguagesQuery,
  type Language,
  type TenantAttribute,
} from '../../../api/generated/user-service';
import { useAppSelector } from '../../../state/hooks';
import { effectiveLanguageId } from '../../../state/preferences-slice';
import { useOperatingTenantId } from '../../../state/use-operating-tenant';

export interface ProjectFormLookups {
  options: ProjectFormOptions;
  /** The tenant's lookup values (STATUS, STAGE by sequence, DEPARTMENT, TYPE, LOCATION, ...) by type. */
  attributes: Partial<Record<ProjectAttribute['attributeType'], ProjectAttribute[]>>;
  languages: Language[];
  businessLine: BusinessLineData;
  keys: ListAdditionalFieldKeysApiResponse;
  /** Result templates (tenant.result.config.read); empty without the permission. */
  templates: ResultConfigTemplate[];
  currencies: TenantAttribute[];
  /** The operating tenant's active call centers (id, name; docs/product/project-form.md#call-centers). */
  callCenters: ListProjectCallCentersApiResponse;
}

/**
 * The lookups feeding the form's dropdowns (docs/product/project-form.md#calls): the form options, the tenant's
 * lookup values, languages, the business-line taxonomy, additional-field keys, result templates (with
 * tenant.result.config.read), currencies and call centers. `data` once the required ones arrived; `failed` names the first failure.
 */
export function useProjectFormLookups(resultConfigRead: boolean) {
  const tenantId = useOperatingTenantId();
  const languageId = useAppSelector((state) => effectiveLanguageId(state.preferences));
  const options = useGetProjectFormOptionsQuery();
  const attributes = useListProjectAttributesQuery(
    { tenantId: tenantId ?? 0, languageId, active: true },
    { skip: tenantId === undefined },
  );
  const languages = useListLanguagesQuery();
  const businessLine = useGetBusinessLineDataQuery();
  const keys = useListAdditionalFieldKeysQuery();
  const templates = useListResultConfigTemplatesQuery(
    { body: { page: 0, pageSize: 100 } },
    { skip: !resultConfigRead },
  );
  // Currencies are optional: without them the currency dropdown is only empty.
  const currencies = useGetTenantAttributesQuery({ languageId });
  // Call centers are optional too: without them the Call Centers field only offers the project's own.
  const callCenters = useListProjectCallCentersQuery();

  const required = [options, attributes, languages, businessLine, keys] as const;
  const failed = required.find((query) => query.error);
  const data = useMemo((): ProjectFormLookups | undefined => {
    if (!options.data || !attributes.data || !languages.data || !businessLine.data || !keys.data) return undefined;
    const grouped: ProjectFormLookups['attributes'] = {};
    for (const attribute of [...attributes.data.attributes].sort((a, b) => a.sequence - b.sequence))
      (grouped[attribute.attributeType] ??= []).push(attribute);
    return {
      options: options.data,
      attributes: grouped,
      languages: languages.data,
      businessLine: businessLine.data,
      keys: keys.data,
      templates: templates.data?.template ?? [],
      currencies: currencies.data?.tenantAttributes.CURRENCY ?? [],
      callCenters: callCenters.data ?? [],
    };
  }, [
    options.data,
    attributes.data,
    languages.data,
    businessLine.data,
    keys.data,
    templates.data,
    currencies.data,
    callCenters.data,
  ]);
  return { data, failed };
}
