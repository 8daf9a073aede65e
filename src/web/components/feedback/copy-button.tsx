import { Button } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { LuCheck, LuCopy } from 'react-icons/lu';

interface CopyButtonProps {
  text: string;
  label: ReactNode;
  testId?: string;
}

/** Copies a text to the clipboard and says so on the button ('Copied') until the next copy. */
export function CopyButton({ text, label, testId }: CopyButtonProps) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard.writeText(text);
    setCopied(true);
  };
  return (
    <Button size="sm" variant="outline" onClick={() => void copy()} data-testid={testId}>
      {copied ? <LuCheck /> : <LuCopy />}
      {copied ? <Trans>Copied</Trans> : label}
    </Button>
  );
}
