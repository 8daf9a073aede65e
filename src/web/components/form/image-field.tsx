import { Box, Image, Input, Stack } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useField } from 'react-final-form';
import { fieldError } from './field-error';
import { FieldFrame } from './field-frame';

export interface ImageFieldProps {
  name: string;
  label: string;
  /** The stored image (base64) shown until a new file is chosen. */
  currentBase64?: string | null;
  helperText?: string;
  /** File types offered by the picker (the server checks what it accepts). */
  accept?: string;
  disabled?: boolean;
  testId?: string;
}

/** A final-form image upload: the value is the chosen File (undefined while unchanged), with a preview. */
export function ImageField({
  name,
  label,
  currentBase64,
  helperText,
  accept = 'image/*',
  disabled,
  testId,
}: ImageFieldProps) {
  const { input, meta } = useField<File | undefined>(name);
  const file = input.value instanceof File ? input.value : undefined;
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    setPreview(null);
    if (!file) return undefined;
    let current = true;
    void file.arrayBuffer().then((buffer) => {
      if (current) setPreview(`data:${file.type};base64,${toBase64(new Uint8Array(buffer))}`);
    });
    return () => {
      current = false;
    };
  }, [file]);
  const shown = preview ?? (currentBase64 ? `data:image/png;base64,${currentBase64}` : null);
  return (
    <FieldFrame label={label} error={fieldError(meta)} disabled={disabled} helperText={helperText}>
      <Stack gap="2">
        {shown ? (
          <Box>
            <Image src={shown} alt={label} maxH="70px" maxW="300px" objectFit="contain" />
          </Box>
        ) : null}
        <Input
          type="file"
          accept={accept}
          p="1"
          data-testid={testId}
          onBlur={input.onBlur}
          onChange={(event) => input.onChange(event.currentTarget.files?.[0])}
        />
      </Stack>
    </FieldFrame>
  );
}

const toBase64 = (bytes: Uint8Array): string => {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
};
