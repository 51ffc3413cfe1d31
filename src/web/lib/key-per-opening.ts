// An Idempotency-Key per opening of a dialog (docs/decisions/015): a double submit does the
// operation once; opening the dialog again is a new operation. `onOpen` resets the form.
import { useEffect, useState } from 'react';

export function useKeyPerOpening(opened: boolean, onOpen: () => void): string {
  const [key, setKey] = useState('');
  useEffect(() => {
    if (!opened) return;
    setKey(crypto.randomUUID());
    onOpen();
  }, [opened]);
  return key;
}
