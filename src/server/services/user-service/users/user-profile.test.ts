/** User Profile: PUT user/profile (docs/product/profile.md#fields, #notification-settings, #rules, #calls, #saving). */
import { withSystem } from '../../../platform/tenancy/with-tenant';
import type { FormValue, SignedIn } from '../../../testing/api-client';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { NOTIFICATION_PREFERENCE_MESSAGE, PHOTO_TYPE_MESSAGE } from './users-handlers';

let t: TestApp;
let acme: number;
let analyst: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  acme = await t.tenantId('Acme Insurance');
  analyst = await t.signIn('analyst@acme.test');
});
afterAll(() => t.close());

// Real image bytes: uploads are checked by their signature (issue 11), not by the declared type.
const PNG_BYTES = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5f8e2a50000000049454e44ae426082',
  'hex',
);
const PNG = { filename: 'me.png', contentType: 'image/png', content: PNG_BYTES };

const periodic = {
  resultAlert: 'PERIODIC',
  time: ['16:00', '08:00'],
  displayTimezone: '6',
  pendingResultsNotification: 'ON',
};

const profileForm = (
  overrides: Record<string, FormValue> = {},
  preference: Record<string, unknown> = periodic,
): Record<string, FormValue> => ({
  firstName: 'Ana',
  lastName: 'Lyst',
  phoneNumber: '+1 (555) 123-4567 ext 89',
  notificationPreference: JSON.stringify(preference),
  ...overrides,
});

const userRow = (email: string) =>
  withSystem(t.db, (trx) => trx.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow());

const save = (form: Record<string, FormValue>, token: SignedIn = analyst) =>
  t.api.ok('updateUserProfile', { token, operatingTenant: acme, form });

const refuse = (status: number, form: Record<string, FormValue>, token: SignedIn = analyst) =>
  t.api.fails('updateUserProfile', status, { token, operatingTenant: acme, form });

describe('updateUserProfile', () => {
  test("saves the signed-in user's profile, answers the updated userInfo and userInfo shows it afterwards", async () => {
    const updated = await save(profileForm({ firstName: '  Ana ', lastName: ' Lyst ' }));
    const expected = {
      firstName: 'Ana',
      lastName: 'Lyst',
      email: 'analyst@acme.test',
      phoneNumber: '+1 (555) 123-4567 ext 89',
      operatingTenant: acme,
      notificationPreference: {
        resultAlert: 'PERIODIC',
        time: ['08:00', '16:00'],
        displayTimezone: '6',
        usedTimezone: 'America/Los_Angeles',
        pendingResultsNotification: 'ON',
      },
    };
    expect(updated).toMatchObject(expected);
    expect(await t.api.ok('getUserInfo', { token: analyst, operatingTenant: acme })).toEqual(updated);
    const signedInAgain = await t.signIn('analyst@acme.test');
    expect(await t.api.ok('getUserInfo', { token: signedInAgain, operatingTenant: acme })).toMatchObject(expected);
  });

  test('an empty phone number is none', async () => {
    expect((await save(profileForm({ phoneNumber: '' }))).phoneNumber).toBeNull();
    expect((await save(profileForm({ phoneNumber: '555.123.4567' }))).phoneNumber).toBe('555.123.4567');
  });

  test('with alerts OFF the times are cleared and the pending-results notification is stored OFF whatever was sent', async () => {
    const updated = await save(
      profileForm(
        {},
        {
          resultAlert: 'OFF',
          time: ['12:00'],
          displayTimezone: '16',
          usedTimezone: 'Somewhere/Else',
          pendingResultsNotification: 'ON',
        },
      ),
    );
    expect(updated.notificationPreference).toEqual({
      resultAlert: 'OFF',
      time: [],
      displayTimezone: '16',
      usedTimezone: 'America/New_York',
      pendingResultsNotification: 'OFF',
    });
    // Alerts off need neither a time nor a time zone.
    const bare = await save(
      profileForm({}, { resultAlert: 'OFF', time: [], displayTimezone: null, pendingResultsNotification: 'OFF' }),
    );
    expect(bare.notificationPreference).toEqual({
      resultAlert: 'OFF',
      time: [],
      displayTimezone: null,
      usedTimezone: null,
      pendingResultsNotification: 'OFF',
    });
  });

  test('each rule of docs/product/profile.md#rules answers 422 with its message and changes nothing', async () => {
    const before = await save(profileForm());
    const rowBefore = await userRow('analyst@acme.test');

    const names = await refuse(422, profileForm({ firstName: '  ', lastName: '', phoneNumber: '12345' }));
    expect(names.errors).toEqual([
      { field: 'firstName', message: 'First Name is required' },
      { field: 'lastName', message: 'Last Name is required' },
      { field: 'phoneNumber', message: 'Phone number is not valid' },
    ]);

    const alerts = await refuse(
      422,
      profileForm(
        { firstName: 'Changed' },
        { resultAlert: 'PERIODIC', time: [], displayTimezone: null, pendingResultsNotification: 'OFF' },
      ),
    );
    expect(alerts.errors).toEqual([
      { field: 'notificationPreference.time', message: 'Please checked at least one checked box' },
      { field: 'notificationPreference.displayTimezone', message: 'Please select time zone' },
    ]);
    // A time zone outside the 124 options is no time zone.
    const unknownZone = await refuse(422, profileForm({}, { ...periodic, displayTimezone: '125' }));
    expect(unknownZone.errors).toEqual([
      { field: 'notificationPreference.displayTimezone', message: 'Please select time zone' },
    ]);

    for (const text of [
      'not json',
      '[]',
      JSON.stringify({ ...periodic, time: ['09:00'] }),
      JSON.stringify({ ...periodic, resultAlert: 'DAILY' }),
      JSON.stringify({ ...periodic, extra: 1 }),
    ]) {
      const malformed = await refuse(422, profileForm({ firstName: 'Changed', notificationPreference: text }));
      expect(malformed.errors).toEqual([{ field: 'notificationPreference', message: NOTIFICATION_PREFERENCE_MESSAGE }]);
    }

    for (const phone of ['555-1234', '+1 555 123 45678', 'call me', '(555) 123-4567 ext']) {
      expect((await refuse(422, profileForm({ phoneNumber: phone }))).errors).toEqual([
        { field: 'phoneNumber', message: 'Phone number is not valid' },
      ]);
    }

    expect(await userRow('analyst@acme.test')).toEqual(rowBefore);
    expect(await t.api.ok('getUserInfo', { token: analyst, operatingTenant: acme })).toEqual(before);
  });

  test('North-American phone numbers with optional country code and extension are accepted', async () => {
    for (const phone of [
      '5551234567',
      '(555) 123-4567',
      '+1 555-123-4567',
      '555 123 4567 x12',
      '+44 (555) 123 4567 #9',
    ]) {
      expect((await save(profileForm({ phoneNumber: phone }))).phoneNumber).toBe(phone);
    }
  });

  test('a PNG or JPEG photo of at most 1 MB replaces the image; absent keeps it; anything else is refused', async () => {
    const withPhoto = await save(profileForm({ userImage: PNG }));
    expect(withPhoto.image).toBe(PNG.content.toString('base64'));
    expect((await save(profileForm({ firstName: 'Anna' }))).image).toBe(PNG.content.toString('base64'));
    const jpeg = {
      filename: 'me.jpg',
      contentType: 'image/jpeg',
      content: Buffer.from('ffd8ffe000104a46494600010100000100010000ffd9', 'hex'),
    };
    expect((await save(profileForm({ userImage: jpeg }))).image).toBe(jpeg.content.toString('base64'));

    const rowBefore = await userRow('analyst@acme.test');
    const gif = await refuse(
      422,
      profileForm({
        firstName: 'Gif',
        userImage: { filename: 'me.gif', contentType: 'image/gif', content: Buffer.from('GIF89a') },
      }),
    );
    expect(gif.errors).toEqual([{ field: 'userImage', message: PHOTO_TYPE_MESSAGE }]);
    const text = await refuse(
      422,
      profileForm({
        firstName: 'Text',
        userImage: { filename: 'me.txt', contentType: 'text/plain', content: Buffer.from('hello') },
      }),
    );
    expect(text.code).toBe('INVALID_FILE_TYPE');
    // Issue 11: HTML declared as a PNG is refused by its bytes.
    const html = await refuse(
      422,
      profileForm({
        firstName: 'Html',
        userImage: {
          filename: 'me.png',
          contentType: 'image/png',
          content: Buffer.from('<html><script>alert(1)</script></html>'),
        },
      }),
    );
    expect(html.code).toBe('INVALID_FILE_TYPE');
    const big = { filename: 'big.png', contentType: 'image/png', content: Buffer.alloc(1024 * 1024 + 1, 1) };
    expect((await refuse(413, profileForm({ firstName: 'Big', userImage: big }))).code).toBe('PAYLOAD_TOO_LARGE');
    const exactly = {
      filename: 'max.png',
      contentType: 'image/png',
      content: Buffer.concat([PNG_BYTES, Buffer.alloc(1024 * 1024 - PNG_BYTES.length, 2)]),
    };
    expect(await userRow('analyst@acme.test')).toEqual(rowBefore);
    expect((await save(profileForm({ userImage: exactly }))).image).toBe(exactly.content.toString('base64'));
  });

  test('a user changes only themself: no field names another user, and the e-mail cannot be changed', async () => {
    const agentBefore = await userRow('agent@acme.test');
    const analystBefore = await userRow('analyst@acme.test');
    const extras: Record<string, FormValue>[] = [
      { id: agentBefore.id },
      { userId: agentBefore.id },
      { email: 'agent@acme.test' },
      { tenantId: acme },
    ];
    for (const extra of extras) {
      const body = await refuse(400, profileForm({ firstName: 'Hijack', ...extra }));
      expect(body.code).toBe('BAD_REQUEST');
    }
    expect(await userRow('agent@acme.test')).toEqual(agentBefore);
    expect(await userRow('analyst@acme.test')).toEqual(analystBefore);

    const agent = await t.signIn('agent@acme.test');
    const saved = await save(profileForm({ firstName: 'Agent', lastName: 'Smith', phoneNumber: '' }), agent);
    expect(saved).toMatchObject({ email: 'agent@acme.test', firstName: 'Agent', lastName: 'Smith' });
    expect(await userRow('analyst@acme.test')).toEqual(analystBefore);
  });

  test('first and last name are required fields of the form; the answer needs a session', async () => {
    const { firstName: _omitted, ...withoutFirstName } = profileForm();
    expect((await refuse(400, withoutFirstName)).code).toBe('BAD_REQUEST');
    await t.api.fails('updateUserProfile', 401, { form: profileForm() });
  });
});
