import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { useState } from 'react';
import { t } from '#web/i18n/index.ts';

/** A password input whose show/hide toggle says what it will do next. */
export function PasswordField(props: Omit<PasswordInputProps, 'visible' | 'onVisibilityChange'>) {
  const [visible, setVisible] = useState(false);
  return (
    <PasswordInput
      {...props}
      visible={visible}
      onVisibilityChange={setVisible}
      visibilityToggleButtonProps={{
        'aria-label': visible ? t('login.hidePassword') : t('login.showPassword'),
      }}
    />
  );
}
