import { Box, HStack, IconButton } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef, type ReactNode } from 'react';
import { LuBold, LuItalic, LuLink, LuList, LuListOrdered, LuUnderline } from 'react-icons/lu';
import { FieldFrame } from './field-frame';
import { useStringField } from './use-string-field';
import type { Validator } from './validators';

export interface RichTextFieldProps {
  name: string;
  label: string;
  validate?: Validator;
  required?: boolean;
  readOnly?: boolean;
  testId?: string;
}

type Command = 'bold' | 'italic' | 'underline' | 'insertUnorderedList' | 'insertOrderedList' | 'createLink';

/**
 * A final-form field holding HTML, edited in place with a small formatting toolbar (bold, italic, underline,
 * lists, links). The server sanitises what it stores; this field only produces the markup.
 */
export function RichTextField({ name, label, validate, required, readOnly, testId }: RichTextFieldProps) {
  const { t } = useLingui();
  const { input, error } = useStringField<HTMLDivElement>(name, validate);
  const editor = useRef<HTMLDivElement>(null);

  // Outside changes (load, form reset) reach the editor; the user's own typing is already there.
  useEffect(() => {
    const element = editor.current;
    if (element && element.innerHTML !== input.value) element.innerHTML = input.value;
  }, [input.value]);

  const run = (command: Command) => {
    editor.current?.focus();
    const argument = command === 'createLink' ? window.prompt(t`Link address (https://…)`) : undefined;
    if (command === 'createLink' && !argument) return;
    document.execCommand(command, false, argument ?? undefined);
    input.onChange(editor.current?.innerHTML ?? '');
  };

  const tool = (command: Command, label: string, icon: ReactNode) => (
    <IconButton
      key={command}
      size="xs"
      variant="ghost"
      aria-label={label}
      title={label}
      onMouseDown={(event) => event.preventDefault()}
      onClick={() => run(command)}
    >
      {icon}
    </IconButton>
  );

  return (
    <FieldFrame label={label} error={error} required={required} readOnly={readOnly}>
      <Box borderWidth="1px" borderRadius="l2" borderColor={error ? 'border.error' : 'border'} width="full">
        {readOnly ? null : (
          <HStack gap="1" px="2" py="1" borderBottomWidth="1px" role="toolbar" aria-label={t`Formatting`}>
            {tool('bold', t`Bold`, <LuBold />)}
            {tool('italic', t`Italic`, <LuItalic />)}
            {tool('underline', t`Underline`, <LuUnderline />)}
            {tool('insertUnorderedList', t`Bulleted list`, <LuList />)}
            {tool('insertOrderedList', t`Numbered list`, <LuListOrdered />)}
            {tool('createLink', t`Link`, <LuLink />)}
          </HStack>
        )}
        <Box
          ref={editor}
          role="textbox"
          aria-multiline="true"
          aria-label={label}
          aria-invalid={error !== undefined}
          aria-readonly={readOnly}
          contentEditable={!readOnly}
          suppressContentEditableWarning
          data-testid={testId}
          minH="40"
          px="3"
          py="2"
          css={{
            '& ul': { paddingInlineStart: '6', listStyle: 'disc' },
            '& ol': { paddingInlineStart: '6', listStyle: 'decimal' },
            '& a': { color: 'brand.fg', textDecoration: 'underline' },
          }}
          onInput={(event) => input.onChange(event.currentTarget.innerHTML)}
          onFocus={() => input.onFocus()}
          onBlur={() => input.onBlur()}
        />
      </Box>
    </FieldFrame>
  );
}
