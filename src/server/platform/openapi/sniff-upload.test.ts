import { sniffImageType } from './sniff-upload';

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5f8e2a50000000049454e44ae426082',
  'hex',
);

test('an image is known by its bytes; HTML, SVG and unknown bytes are not images whatever their name', async () => {
  expect(await sniffImageType(PNG)).toBe('image/png');
  expect(await sniffImageType(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1]))).toBe(
    'image/jpeg',
  );
  expect(await sniffImageType(Buffer.from('<html><script>alert(1)</script></html>'))).toBeNull();
  expect(
    await sniffImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')),
  ).toBeNull();
  expect(await sniffImageType(Buffer.from('just text'))).toBeNull();
});
