import { toFormData } from './form-data';

describe('toFormData', () => {
  it('turns a form object into FormData: files kept, null empty, undefined left out', () => {
    const logo = new File(['png'], 'logo.png', { type: 'image/png' });
    const data = toFormData({
      tenantName: 'Acme',
      isActive: true,
      numberOfInterviews: null,
      tenantLogo: logo,
      restrictionId: undefined,
    });
    expect(data.get('tenantName')).toBe('Acme');
    expect(data.get('isActive')).toBe('true');
    expect(data.get('numberOfInterviews')).toBe('');
    expect((data.get('tenantLogo') as File).name).toBe('logo.png');
    expect(data.has('restrictionId')).toBe(false);
  });
});
