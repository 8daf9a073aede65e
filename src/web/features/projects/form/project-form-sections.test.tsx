import { i18n } from '@lingui/core';
import { screen, waitFor } from '@testing-library/react';
import type { ProjectDetail } from '../../../api/generated/project-service';
import { installFetchStub } from '../../../testing/fetch-stub';
import { CUSTOMER_ADMIN_PERMISSIONS, serverFor, signedInState, userInfo } from '../../../testing/factories';
import { projectDetail } from '../../../testing/fixtures/project-detail-fixture';
import { businessLineData, projectFormLookupsServer } from '../../../testing/fixtures/project-form-fixtures';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { sel } from '../../../../../test/e2e/selectors';
import { businessLineChoices } from './business-line-section';
import { projectFormInput, projectFormValues, type ProjectFormAccess } from './project-form-values';
import { validateProjectForm } from './project-form-validation';
import { PERMISSION } from '../../../../shared/permissions';

const f = sel.projectForm;
const DEFAULTS = { statusId: 1, stageId: 1, languageId: 1, languageLabel: 'English', host: 'https://acme.test' };
const LEVELS = businessLineData().levels;
const ACCESS: ProjectFormAccess = {
  editing: true,
  canSave: true,
  internalRead: true,
  internalUpdate: false,
  passwordRead: false,
  resultConfigRead: false,
  systemTenant: false,
};

describe('project form values and rules (docs/product/project-form.md#console)', () => {
  test('the business-line cascade offers the children of the choice above', () => {
    const data = businessLineData();
    const lines = projectFormValues(null, DEFAULTS, LEVELS, 'create').businessLine;
    expect(businessLineChoices(data, lines, 0).map((i) => i.value)).toEqual(['INSURANCE', 'OTHER']);
    expect(businessLineChoices(data, lines, 1)).toEqual([]);
    const chosen = lines.map((line, i) => (i === 0 ? { ...line, value: 'INSURANCE' } : line));
    expect(businessLineChoices(data, chosen, 1).map((i) => i.value)).toEqual(['CLAIMS']);
  });

  test('rules land on the fields at their paths, in the interface language', () => {
    const values = projectFormValues(projectDetail({ irnLength: 6 }), DEFAULTS, LEVELS, 'edit');
    values.name = '';
    values.businessLine[0] = { ...values.businessLine[0]!, value: 'OTHER' };
    values.isBusinessLineOptional = false;
    values.clientAPIUrl1.additional_fields = [{ key: '', value: 'x' }];
    values.projectMultiLanguageConfig[1]!.ivrOption = '0';
    const errors = validateProjectForm(values, { internal: true, businessLine: true, direct: false }, i18n);
    expect(errors).toMatchObject({
      name: 'Project Name is required',
      tags: 'Please add at least one tag',
      businessLine: [
        undefined,
        { value: 'Business line is required' },
        { value: 'Business line is required' },
        { value: 'Business line is required' },
      ],
      clientAPIUrl1: { additional_fields: [{ key: 'Please select the key' }] },
      projectMultiLanguageConfig: [undefined, { ivrOption: 'Min value 1' }],
    });
  });

  test('Save sends only what the caller may change', () => {
    const project: ProjectDetail = projectDetail({ irnLength: 6, resourcesPassword: 'secret' });
    const values = projectFormValues(project, DEFAULTS, LEVELS, 'edit');
    const labels = new Map([
      [1, 'English'],
      [2, 'Español'],
    ]);
    const limited = projectFormInput(values, ACCESS, project, labels);
    expect(limited).not.toHaveProperty('irnLength');
    expect(limited).not.toHaveProperty('statusId');
    expect(limited).not.toHaveProperty('resourcesPassword');
    expect(limited).not.toHaveProperty('businessLine');
    expect(limited).not.toHaveProperty('isBusinessLineOptional');
    const full = projectFormInput(
      values,
      { ...ACCESS, internalUpdate: true, passwordRead: true, systemTenant: true },
      project,
      labels,
    );
    expect(full).toMatchObject({ irnLength: 6, statusId: 1, stageId: 2, resourcesPassword: 'secret' });
    expect(full.businessLine).toHaveLength(4);
    expect(full.projectLanguagesData).toEqual([
      { value: 1, label: 'English' },
      { value: 2, label: 'Español' },
    ]);
  });
});

describe('project form sections', () => {
  const open = (options: { systemTenant?: boolean } = {}) => {
    const stub = installFetchStub({
      ...serverFor({
        user: userInfo({
          isSystemTenant: options.systemTenant,
          permissions: [...CUSTOMER_ADMIN_PERMISSIONS, PERMISSION.TENANT_PROJECT_DETAIL_UPDATE],
        }),
      }),
      ...projectFormLookupsServer(),
      'GET /api/project-service/v1/project/21': { body: projectDetail() },
      'GET /api/user-service/v1/user/permissionsNew': { body: { role_permissions: [] } },
    });
    return { stub, app: renderWithProviders({ route: '/main/project/21', preloadedState: signedInState() }) };
  };

  it('Business Line: system-tenant users get the cascade and the optional switch; others do not see it', async () => {
    const { app } = open({ systemTenant: true });
    const { user } = await app;
    const industry = await screen.findByTestId(f.businessLine('INDUSTRY'));
    expect(screen.getByTestId(f.businessLineOptional)).toBeInTheDocument();
    await user.selectOptions(industry, 'INSURANCE');
    const unit = screen.getByTestId(f.businessLine('BUSINESS_UNIT'));
    const unitOptions = () => [...unit.querySelectorAll('option')].map((o) => o.textContent);
    // docs/product/project-lookups.md#business-lines: the level below offers the children of the choice (100 ms later:
    // use-debounced-value.test.ts checks the delay with fake timers).
    await waitFor(() => expect(unitOptions()).toEqual(['Select', 'Claims']));
    await user.selectOptions(unit, 'CLAIMS');
    await user.selectOptions(industry, 'OTHER');
    expect(screen.getByTestId(f.businessLine('BUSINESS_UNIT'))).toHaveValue('');

    // The project's line is optional: turning that off restores the saved (empty) lines and requires every level.
    await user.click(screen.getByTestId(f.businessLineOptional));
    expect(industry).toHaveValue('');
    await user.click(screen.getByTestId(f.save));
    expect((await screen.findAllByText('Business line is required')).length).toBe(4);
    await user.selectOptions(industry, 'INSURANCE');
    await waitFor(() => expect(unitOptions()).toContain('Claims'));
    await user.selectOptions(screen.getByTestId(f.businessLine('BUSINESS_UNIT')), 'CLAIMS');
    // Turning it on again with several levels chosen asks first, then clears them.
    await user.click(screen.getByTestId(f.businessLineOptional));
    await user.click(await screen.findByTestId(f.businessLineOptionalConfirm));
    await waitFor(() => expect(industry).toHaveValue(''));
  });

  it('Business Line is hidden from a customer user on a project with one line at most', async () => {
    const { app } = open();
    await app;
    await screen.findByTestId(f.name);
    expect(screen.queryByTestId(f.section('business-line'))).not.toBeInTheDocument();
  });

  it('Additional Configuration: client credentials with the default token URI and prefix; key rows', async () => {
    const { app } = open();
    const { user } = await app;
    expect(await screen.findByTestId(f.apiKey)).toBeInTheDocument();
    await user.selectOptions(screen.getByTestId(f.securityType), 'CLIENT_CREDENTIAL');
    expect(screen.getByTestId(f.tokenUri)).toHaveValue(`${window.location.origin}/token`);
    expect(screen.getByTestId(f.authorization)).toHaveValue('Bearer ');
    expect(screen.queryByTestId(f.apiKey)).not.toBeInTheDocument();

    await user.click(screen.getByTestId(f.additionalAdd));
    await user.click(screen.getByTestId(f.additionalValue(0)));
    await user.paste('a b c');
    expect(screen.getByTestId(f.additionalValue(0))).toHaveValue('abc');
    await user.click(screen.getByTestId(f.save));
    expect(await screen.findByText('Please select the key')).toBeInTheDocument();
    await user.click(screen.getByTestId(f.additionalRemove(0)));
    await waitFor(() => expect(screen.queryByTestId(f.additionalRow(0))).not.toBeInTheDocument());
  });
});
